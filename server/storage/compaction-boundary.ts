/**
 * The state at a compaction's boundary without copying tables: the snapshot is written from the live tables in
 * pieces, between which requests are served, so each key changed since keeps here the value it had then.
 */
export class CompactionBoundary {
  /** table → key → the key's value at the boundary (undefined: it did not exist then) */
  private readonly saved = new Map<string, Map<string, unknown>>();

  /** Keeps the boundary value of a key about to change, read by `read` only for the key's first change. */
  keep(table: string, key: string, read: () => unknown): void {
    let keys = this.saved.get(table);
    if (!keys) this.saved.set(table, (keys = new Map()));
    if (!keys.has(key)) keys.set(key, read());
  }

  /** The kept values of one table. */
  table(name: string): ReadonlyMap<string, unknown> | undefined {
    return this.saved.get(name);
  }

  /** A key's value at the boundary: its kept value, else the live one. */
  valueAt(table: string, key: string, live: (table: string, key: string) => unknown): unknown {
    const keys = this.saved.get(table);
    return keys?.has(key) ? keys.get(key) : live(table, key);
  }
}
