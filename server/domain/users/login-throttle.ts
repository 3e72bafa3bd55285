/**
 * Slows down password guessing: after `limit` failures within `windowMs` for one username, or ten times as many
 * from one address (guessing across many names), further attempts are refused (429) until the window has passed.
 * The address allowance is larger because every local user of a localhost server shares one address: a guesser
 * must not lock everyone else out. In memory only: a restart forgives, which is fine for a throttle.
 */
import { DomainError } from '../errors.js';
import type { Clock } from '../ports.js';

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly limit = 10,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  private recent(key: string): number[] {
    const since = this.clock.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  async check(address: string, username: string): Promise<void> {
    for (const [key, limit] of [[`ip:${address}`, this.limit * 10], [`user:${username}`, this.limit]] as const) {
      const list = this.recent(key);
      if (list.length >= limit) {
        const wait = Math.ceil((list[0] + this.windowMs - this.clock.now()) / 60000);
        throw new DomainError('too_many', `too many failed logins; try again in ${wait} minute${wait === 1 ? '' : 's'}`);
      }
    }
  }

  failed(address: string, username: string): void {
    const now = this.clock.now();
    for (const key of [`ip:${address}`, `user:${username}`]) this.failures.set(key, [...this.recent(key), now]);
  }

  succeeded(_address: string, username: string): void {
    this.failures.delete(`user:${username}`);
  }
}
