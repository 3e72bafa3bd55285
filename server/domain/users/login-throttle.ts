/**
 * Slows down password guessing: after `limit` failures within `windowMs` for one username, or ten times as many
 * from one address (guessing across many names), further attempts are refused (429) until the window has passed.
 * The address allowance is larger because every local user of a localhost server shares one address: a guesser
 * must not lock everyone else out. In memory only: a restart forgives, which is fine for a throttle.
 *
 * Memory is bounded: names and addresses are kept in the order of their latest failure, so those whose window has
 * passed are dropped from the front, and past `maxKeys` the longest-quiet ones go first (guessing that many names
 * needs that many addresses, each held to its own allowance).
 */
import { DomainError } from '../errors.js';
import type { Clock } from '../ports.js';

export class LoginThrottle {
  /** key → failure times, oldest first; the map itself is ordered by each key's latest failure */
  private readonly failures = new Map<string, number[]>();
  private nextSweep = 0;

  constructor(
    private readonly clock: Clock,
    private readonly limit = 10,
    private readonly windowMs = 15 * 60 * 1000,
    private readonly maxKeys = 100_000,
  ) {}

  /** Names and addresses currently remembered (for tests and diagnostics). */
  get size(): number {
    return this.failures.size;
  }

  private recent(key: string): number[] {
    const list = this.failures.get(key);
    if (!list) return [];
    const since = this.clock.now() - this.windowMs;
    if (list[0] > since) return list;
    const kept = list.filter((t) => t > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  async check(address: string, username: string): Promise<void> {
    for (const [key, limit] of [
      [`ip:${address}`, this.limit * 10],
      [`user:${username}`, this.limit],
    ] as const) {
      const list = this.recent(key);
      if (list.length >= limit) {
        const wait = Math.ceil((list[0] + this.windowMs - this.clock.now()) / 60000);
        throw new DomainError(
          'too_many',
          `too many failed logins; try again in ${wait} minute${wait === 1 ? '' : 's'}`,
        );
      }
    }
  }

  failed(address: string, username: string): void {
    const now = this.clock.now();
    for (const key of [`ip:${address}`, `user:${username}`]) {
      const list = this.recent(key);
      this.failures.delete(key); // re-added at the end: the map stays ordered by latest failure
      this.failures.set(key, [...list, now]);
    }
    this.forget(now);
  }

  succeeded(_address: string, username: string): void {
    this.failures.delete(`user:${username}`);
  }

  /**
   * Now and then (a quarter window apart, or when past `maxKeys`) drops keys whose latest failure is out of the
   * window, and past `maxKeys` the quietest fifth. In batches: a map emptied from the front one key at a time is
   * slow to walk again from the front.
   */
  private forget(now: number): void {
    const over = this.failures.size > this.maxKeys;
    if (!over && now < this.nextSweep) return;
    this.nextSweep = now + this.windowMs / 4;
    const since = now - this.windowMs;
    let excess = over ? this.failures.size - Math.floor(this.maxKeys * 0.8) : 0;
    for (const [key, list] of this.failures) {
      if (excess > 0) excess--;
      else if (list[list.length - 1] > since) break;
      this.failures.delete(key);
    }
  }
}
