/**
 * Bounds on what one annotator's page may send, so a client (buggy or hostile) cannot fill the disk: a token bucket
 * of events per annotator (a burst, then a steady rate well above a person's typing), and a cap on the raw events
 * kept per annotator, past which sessions are still summarized but their streams are not kept.
 */
import { DomainError } from '../errors.js';
import type { Clock } from '../ports.js';

/** A fast typist makes ~20 events a second in a field; a page posting more than this is not a person typing. */
const BURST_EVENTS = 50_000;
const EVENTS_PER_MINUTE = 6_000;
/** A session costs at least this much, so many tiny sessions cannot stand in for a few big ones. */
const SESSION_COST = 20;
/** Raw events kept per annotator per kind (~15 bytes each stored): a long study's worth, not a flood's. */
export const KEPT_EVENTS_PER_ANNOTATOR = 2_000_000;

export class EventBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly burst = BURST_EVENTS,
    private readonly perMinute = EVENTS_PER_MINUTE,
  ) {}

  /** Takes the cost of these sessions from the annotator's bucket, or refuses the whole post with a 429. */
  take(username: string, eventCounts: readonly number[]): void {
    const now = this.clock.now();
    const b = this.buckets.get(username) ?? { tokens: this.burst, at: now };
    const tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 60_000) * this.perMinute);
    const cost = eventCounts.reduce((a, n) => a + Math.max(SESSION_COST, n), 0);
    if (cost > tokens) {
      this.buckets.set(username, { tokens, at: now });
      const wait = Math.ceil(((cost - tokens) / this.perMinute) * 60);
      throw new DomainError(
        'too_many',
        `too many interaction events from this annotator: at most ${this.perMinute} a minute after a burst of ${this.burst}; send again in ${wait} s`,
      );
    }
    this.buckets.set(username, { tokens: tokens - cost, at: now });
  }
}
