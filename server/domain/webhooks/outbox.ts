/**
 * The webhook feature behind the `EventOutbox` port. `plan` turns events into delivery records (store ops the
 * caller writes together with its change, so a delivery exists exactly when the change does); `dispatch` hands
 * them to the dispatcher once that write is durable. Admin views (stats, recent deliveries) and the manual test
 * event live here too.
 */
import { notFound } from '../errors.js';
import type { DomainEvent, EventOutbox, EventType } from '../events.js';
import { isoTime, type Clock, type Logger, type Store, type StoreOp } from '../ports.js';
import { Dispatcher, type WebhookSender } from './dispatcher.js';
import { deliveriesOf, subscribes } from './envelope.js';
import type { DeliveryRecord, DeliveryState, WebhookSettings } from './records.js';
import { delayBefore } from './schedule.js';
import { WebhookStats, type EndpointStatsView } from './stats.js';

export interface OutboxRuntime {
  /** the runtime setting `webhooks.enabled` (admins may flip it) */
  enabled(): boolean;
  taskName(): string;
}

/** A planned delivery whose creating write is not seen after this long is taken as never written (a failed write). */
const PLANNED_GRACE_MS = 60_000;

export interface DeliveryView {
  id: string;
  endpoint: string;
  event_id: string;
  event_type: string;
  state: DeliveryState;
  created_at: string;
  next_attempt_at: string | null;
  finished_at: string | null;
  attempts: { at: string; status: number | null; error: string | null; duration_ms: number }[];
}

export class WebhookOutbox implements EventOutbox {
  private planned: { id: string; at: number }[] = [];
  /**
   * Ids planned or written here and not yet counted: their records are in memory before they are durable, so a
   * recount after another process's change leaves them to `admit`, which counts them once.
   */
  private readonly uncounted = new Set<string>();
  private readonly stats: WebhookStats;
  private readonly dispatcher: Dispatcher;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    logger: Logger,
    sender: WebhookSender,
    private readonly settings: WebhookSettings,
    private readonly runtime: OutboxRuntime,
    userAgent: string,
  ) {
    this.stats = new WebhookStats(store);
    this.dispatcher = new Dispatcher(store, clock, logger, sender, settings, this.stats, userAgent);
    this.dispatcher.start();
  }

  wants(type: EventType): boolean {
    return this.runtime.enabled() && this.settings.endpoints.some((e) => subscribes(e, type));
  }

  plan(events: readonly DomainEvent[]): StoreOp[] {
    if (!events.length || !this.settings.endpoints.length || !this.runtime.enabled()) return [];
    const now = this.clock.now();
    const ops: StoreOp[] = [];
    for (const event of events) {
      const targets = this.settings.endpoints.filter((e) => subscribes(e, event.type));
      for (const record of deliveriesOf(
        event,
        targets,
        this.runtime.taskName(),
        now,
        delayBefore(1, this.settings.retryScheduleSeconds),
      )) {
        ops.push({ table: 'webhook_deliveries', key: record.id, value: record });
        this.planned.push({ id: record.id, at: now });
        this.uncounted.add(record.id);
      }
    }
    return ops;
  }

  /**
   * Starts delivering what was planned. The store resolves `write([])` when every write issued so far is durable,
   * so nothing is sent before the change that caused it is on disk; a planned record missing then was undone by
   * a failed write and is never sent.
   */
  dispatch(): void {
    if (!this.planned.length) return this.dispatcher.wake();
    const batch = this.planned.splice(0);
    const admit = () => {
      const now = this.clock.now();
      for (const item of batch) {
        const record = this.store.get('webhook_deliveries', item.id);
        if (record) {
          this.uncounted.delete(item.id);
          this.stats.admitted(record);
          this.dispatcher.enqueue(record);
        } else if (now - item.at < PLANNED_GRACE_MS)
          this.planned.push(item); // its write may not have been issued yet
        else this.uncounted.delete(item.id);
      }
      this.dispatcher.wake();
    };
    this.store.write([]).then(admit, admit);
  }

  /** Other server processes changed the deliveries: count them again and take up any left pending. */
  refresh(): void {
    this.stats.recount(this.uncounted, this.dispatcher.resultsBeingSaved());
    this.dispatcher.rescan();
  }

  pendingRetries(): number {
    return this.stats.awaitingRetry();
  }

  /** Fires `webhook.test` at the named endpoint now, whatever its subscriptions or active flag. */
  async fireTest(endpointName: string): Promise<{ status: 'sent'; event_id: string }> {
    const endpoint = this.settings.endpoints.find((e) => e.name === endpointName);
    if (!endpoint)
      throw notFound(
        `no webhook endpoint named "${endpointName}"; configured: ${this.settings.endpoints.map((e) => e.name).join(', ') || 'none'}`,
      );
    const now = this.clock.now();
    const event: DomainEvent = {
      type: 'webhook.test',
      at: now,
      data: { endpoint: endpoint.name, message: 'Test event sent from the Marginalia admin API' },
    };
    const [record] = deliveriesOf(event, [endpoint], this.runtime.taskName(), now, 0);
    this.uncounted.add(record.id);
    try {
      await this.store.write([{ table: 'webhook_deliveries', key: record.id, value: record }]);
    } finally {
      this.uncounted.delete(record.id);
    }
    this.stats.admitted(record);
    this.dispatcher.enqueue(record);
    return { status: 'sent', event_id: record.event_id };
  }

  endpointStats(): { enabled: boolean; endpoints: EndpointStatsView[] } {
    return { enabled: this.runtime.enabled(), endpoints: this.settings.endpoints.map((e) => this.stats.view(e)) };
  }

  /** Stored deliveries, newest first, for inspection (attempts with status, error and duration). */
  deliveries(filter: { endpoint?: string; state?: DeliveryState; limit: number }): {
    total: number;
    deliveries: DeliveryView[];
  } {
    const matching: DeliveryRecord[] = [];
    for (const [, d] of this.store.entries('webhook_deliveries')) {
      if ((!filter.endpoint || d.endpoint === filter.endpoint) && (!filter.state || d.state === filter.state))
        matching.push(d);
    }
    matching.sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1));
    return { total: matching.length, deliveries: matching.slice(0, filter.limit).map(viewOf) };
  }

  close(): Promise<void> {
    return this.dispatcher.stop();
  }
}

function viewOf(d: DeliveryRecord): DeliveryView {
  return {
    id: d.id,
    endpoint: d.endpoint,
    event_id: d.event_id,
    event_type: d.event_type,
    state: d.state,
    created_at: isoTime(d.created_at),
    next_attempt_at: d.state === 'pending' ? isoTime(d.next_attempt_at) : null,
    finished_at: d.finished_at !== undefined ? isoTime(d.finished_at) : null,
    attempts: d.attempts.map((a) => ({
      at: isoTime(a.at),
      status: a.status ?? null,
      error: a.error ?? null,
      duration_ms: a.duration_ms,
    })),
  };
}
