/**
 * Per-endpoint figures for GET /admin/api/webhooks (docs/webhooks.md: total_delivered, last_failure and
 * last_error). Counts are derived from the stored deliveries (counted once at start, then kept as records change)
 * plus the counts of pruned records, which are kept in `webhook_stats` in the same write as the pruning. The
 * latest outcomes are written to `webhook_stats` in the same write as the attempt results, so they persist.
 */
import { isoTime, type Store } from '../ports.js';
import { describeFailure, succeeded } from './schedule.js';
import {
  emptyStatsRecord,
  type AttemptRecord,
  type DeliveryRecord,
  type EndpointStatsRecord,
  type WebhookEndpoint,
} from './records.js';

interface Counts {
  emitted: number;
  delivered: number;
  failed: number;
  /** pending deliveries that have failed at least once */
  awaitingRetry: number;
}

export interface EndpointStatsView {
  name: string;
  url: string;
  events: string[];
  active: boolean;
  stats: {
    total_emitted: number;
    total_delivered: number;
    total_failed: number;
    pending_retries: number;
    last_success: string | null;
    last_failure: string | null;
    last_error: string | null;
  };
}

/** The URL without credentials, query or fragment: tokens often ride there, and this view must hold no secret. */
function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return '(invalid URL)';
  }
}

export class WebhookStats {
  private readonly counts = new Map<string, Counts>();

  constructor(private readonly store: Store) {
    this.countPruned();
  }

  private countPruned(): void {
    for (const [name, row] of this.store.entries('webhook_stats')) {
      this.countsOf(name).emitted += row.pruned_emitted;
      this.countsOf(name).delivered += row.pruned_delivered;
      this.countsOf(name).failed += row.pruned_failed;
    }
  }

  /**
   * Counts everything again from storage, which other server processes changed. `notYet`: written here, counted
   * once durable; `saving`: results being written, counted as before them, since `changed` counts them once durable.
   */
  recount(notYet: ReadonlySet<string>, saving: ReadonlyMap<string, DeliveryRecord>): void {
    this.counts.clear();
    this.countPruned();
    for (const [id, record] of this.store.entries('webhook_deliveries'))
      if (!notYet.has(id)) this.admitted(saving.get(id) ?? record);
  }

  private countsOf(endpoint: string): Counts {
    let c = this.counts.get(endpoint);
    if (!c) this.counts.set(endpoint, (c = { emitted: 0, delivered: 0, failed: 0, awaitingRetry: 0 }));
    return c;
  }

  /** A stored delivery seen for the first time (at start, or once its creating write is durable). */
  admitted(record: DeliveryRecord): void {
    const c = this.countsOf(record.endpoint);
    c.emitted++;
    if (record.state === 'delivered') c.delivered++;
    else if (record.state === 'failed') c.failed++;
    else if (record.attempts.length) c.awaitingRetry++;
  }

  /** A durable change of one delivery. */
  changed(before: DeliveryRecord, after: DeliveryRecord): void {
    const c = this.countsOf(after.endpoint);
    if (before.state === 'pending' && before.attempts.length) c.awaitingRetry--;
    if (after.state === 'pending' && after.attempts.length) c.awaitingRetry++;
    if (after.state === 'delivered') c.delivered++;
    if (after.state === 'failed') c.failed++;
  }

  awaitingRetry(): number {
    let n = 0;
    for (const c of this.counts.values()) n += c.awaitingRetry;
    return n;
  }

  row(endpoint: string): EndpointStatsRecord {
    return this.store.get('webhook_stats', endpoint) ?? emptyStatsRecord();
  }

  /** The stats row after these attempts (in order): latest success, failure and error. */
  static withOutcomes(
    row: EndpointStatsRecord,
    outcomes: readonly { attempt: AttemptRecord; at: number }[],
  ): EndpointStatsRecord {
    const next = { ...row };
    for (const { attempt, at } of outcomes) {
      if (succeeded(attempt)) next.last_success = isoTime(at);
      else [next.last_failure, next.last_error] = [isoTime(at), describeFailure(attempt)];
    }
    return next;
  }

  view(endpoint: WebhookEndpoint): EndpointStatsView {
    const c = this.countsOf(endpoint.name);
    const row = this.row(endpoint.name);
    return {
      name: endpoint.name,
      url: displayUrl(endpoint.url),
      events: [...endpoint.events],
      active: endpoint.active,
      stats: {
        total_emitted: c.emitted,
        total_delivered: c.delivered,
        total_failed: c.failed,
        pending_retries: c.awaitingRetry,
        last_success: row.last_success,
        last_failure: row.last_failure,
        last_error: row.last_error,
      },
    };
  }
}
