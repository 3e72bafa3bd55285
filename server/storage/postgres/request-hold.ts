/**
 * The requests a sync let through that have not written yet. Most of them are about to write, and one commit
 * of all their writes also answers the syncs asked for meanwhile, so the store waits for them before its next
 * round trip rather than send a read (or a small commit) now and another commit right after it. A request that
 * does not write, or takes long, holds nobody for more than HOLD_MS.
 */
const HOLD_MS = 2;

export class RequestHold {
  private readonly running = new Set<object>();
  private wake: (() => void) | null = null;

  /** A request starts; the function returned says it ended. */
  start(): () => void {
    const request = {};
    this.running.add(request);
    return () => this.end(request);
  }

  /** A write came: requests mostly write once, in the order they were let through, so the oldest wrote. */
  wrote(): void {
    const oldest = this.running.values().next();
    if (!oldest.done) this.end(oldest.value);
  }

  /** Resolves once every running request has written or ended, or after HOLD_MS. */
  settled(): Promise<void> {
    if (!this.running.size) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), HOLD_MS);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  private end(request: object): void {
    if (this.running.delete(request) && !this.running.size) this.wake?.();
  }
}
