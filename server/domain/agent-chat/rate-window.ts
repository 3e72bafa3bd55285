/**
 * At most `limit` events per key within a sliding window, counted in memory: a limit on how fast one annotator
 * drives an agent (each message may cost a model call), not a record, so a restart forgets it.
 */
export class RateWindow {
  private readonly times = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly limit: number,
  ) {}

  /** Counts one event at `now`; false (and not counted) when the key has used up its window. */
  take(key: string, now: number): boolean {
    const recent = (this.times.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.times.set(key, recent);
      return false;
    }
    recent.push(now);
    this.times.set(key, recent);
    return true;
  }
}
