/**
 * Deleting delivered and failed deliveries once past retention, apart from delivering: the finished ones oldest
 * first, and the ops that delete them, each counted into its endpoint's stats row so the totals stay whole.
 */
import type { Clock, Store, StoreOp } from '../ports.js';
import type { WebhookStats } from './stats.js';

type StatsRow = ReturnType<WebhookStats['row']>;
interface Finished {
  at: number;
  id: string;
}

export class Retention {
  /** delivered and failed deliveries, oldest first */
  private list: Finished[] = [];
  private lastPrune = -Infinity;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly stats: WebhookStats,
    private readonly retentionMs: number,
    private readonly everyMs: number,
  ) {}

  /** A delivery that finished at clock time `at`. */
  finished(at: number, id: string): void {
    this.list.push({ at, id });
  }

  /** Orders the list after deliveries were taken up from storage in any order. */
  sort(): void {
    this.list.sort((a, b) => a.at - b.at);
  }

  /** Whether a prune is due. */
  due(): boolean {
    return this.clock.now() - this.lastPrune >= this.everyMs;
  }

  /** When due, the ops deleting records past retention, counting them into `rows` (endpoint → stats row). */
  prune(rows: Map<string, StatsRow>): { ops: StoreOp[]; removed: Finished[] } {
    const now = this.clock.now();
    if (now - this.lastPrune < this.everyMs) return { ops: [], removed: [] };
    this.lastPrune = now;
    const cutoff = now - this.retentionMs;
    let n = 0;
    while (n < this.list.length && this.list[n].at < cutoff) n++;
    const removed = this.list.splice(0, n);
    const ops: StoreOp[] = [];
    for (const { id } of removed) {
      const record = this.store.get('webhook_deliveries', id);
      if (!record || record.state === 'pending') continue;
      const row = { ...(rows.get(record.endpoint) ?? this.stats.row(record.endpoint)) };
      row.pruned_emitted++;
      if (record.state === 'delivered') row.pruned_delivered++;
      else row.pruned_failed++;
      rows.set(record.endpoint, row);
      ops.push({ table: 'webhook_deliveries', key: id, delete: true });
    }
    return { ops, removed };
  }

  /** Puts back what a prune removed whose write failed. */
  putBack(removed: readonly Finished[]): void {
    this.list.unshift(...removed);
  }
}
