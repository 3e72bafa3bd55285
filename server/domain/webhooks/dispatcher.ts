/**
 * Delivers stored deliveries in the background: one lane per endpoint, each with a queue ordered by due time
 * and a bound on requests in flight (so a hanging receiver holds up only its own lane, and never a request of
 * an annotator). Attempt results are batched into one store write per turn (group commit, as the journal does
 * for fsync), together with the stats row they change and any pruning. A delivery is only re-queued after its
 * result is durable, so a crash at any point leaves it pending in storage and it is attempted again after the
 * restart: at least once, with the same `webhook-id`.
 *
 * Time comes from the Clock; timers only wake the lanes, which then compare due times with `clock.now()`, so a
 * test with a controllable clock advances it and calls `wake()` instead of waiting.
 */
import { isConflict, isShared, type Clock, type Logger, type Store, type StoreOp } from '../ports.js';
import type { AttemptRecord, DeliveryRecord, WebhookEndpoint, WebhookSettings } from './records.js';
import { abandoned, afterAttempt, describeFailure } from './schedule.js';
import { attemptRequest, type WebhookSender } from './attempt-request.js';
import { WebhookStats } from './stats.js';
import { DueQueue } from './due-queue.js';
import { Retention } from './retention.js';

export type { WebhookRequest, WebhookSender } from './attempt-request.js';

/** Requests in flight per endpoint. */
export const LANE_CONCURRENCY = 32;
/** Longest single timer: lanes re-check at least this often (clock changes, a test's controllable clock). */
const MAX_TIMER_MS = 60_000;
const PRUNE_EVERY_MS = 60_000;
/** After a failed store write the affected deliveries wait this long before being tried again. */
const STORE_RETRY_MS = 5_000;
const CLOSE_GRACE_MS = 2_000;
/** a claim outlives the attempt's timeout by this much before another process may take the delivery over */
const CLAIM_MARGIN_MS = 15_000;

class Lane {
  readonly queue = new DueQueue();
  inFlight = 0;
  timer: NodeJS.Timeout | undefined;
}

interface Result {
  before: DeliveryRecord;
  after: DeliveryRecord;
  attempt: AttemptRecord;
  /** clock time the outcome was known */
  at: number;
}

export class Dispatcher {
  private readonly lanes = new Map<string, Lane>();
  private readonly endpoints: Map<string, WebhookEndpoint>;
  /** ids queued, in flight or waiting for their result to be written: never queued twice */
  private readonly busy = new Set<string>();
  private results: Result[] = [];
  /** id → the delivery before its result, for the results being written: in memory already, not yet durable */
  private readonly saving = new Map<string, DeliveryRecord>();
  private flushing: Promise<void> | null = null;
  private readonly attempts = new Set<Promise<void>>();
  private readonly retention: Retention;
  private stopped = false;
  private storeTrouble = false;
  /** wakes an idle server now and then, so old records are pruned without traffic */
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly sender: WebhookSender,
    private readonly settings: WebhookSettings,
    private readonly stats: WebhookStats,
    private readonly userAgent: string,
  ) {
    this.endpoints = new Map(settings.endpoints.map((e) => [e.name, e]));
    this.retention = new Retention(store, clock, stats, settings.retentionMs, PRUNE_EVERY_MS);
  }

  /** Takes up what storage holds (after a restart: pending and in-flight deliveries alike) and prunes. */
  start(): void {
    for (const [, record] of this.store.entries('webhook_deliveries')) {
      this.stats.admitted(record);
      if (record.state === 'pending') this.enqueue(record);
      else this.retention.finished(record.finished_at ?? record.created_at, record.id);
    }
    this.retention.sort();
    if (this.busy.size) this.logger.info(`webhooks: resuming ${this.busy.size} pending deliveries`);
    this.scheduleFlush(); // prunes if anything is old enough
    this.idleTimer = setInterval(() => {
      if (isShared(this.store)) this.rescan();
      this.wake();
    }, PRUNE_EVERY_MS);
    this.idleTimer.unref();
  }

  /** A stored pending delivery to attempt when due. */
  enqueue(record: DeliveryRecord): void {
    if (this.busy.has(record.id) || this.stopped) return;
    this.busy.add(record.id);
    const lane = this.laneOf(record.endpoint);
    lane.queue.push({ due: record.next_attempt_at, id: record.id });
    this.pump(lane);
  }

  /** Re-checks every lane against the clock, and prunes when it is time. */
  wake(): void {
    for (const lane of this.lanes.values()) this.pump(lane);
    if (!this.stopped && this.retention.due()) this.scheduleFlush();
  }

  private laneOf(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) this.lanes.set(name, (lane = new Lane()));
    return lane;
  }

  private pump(lane: Lane): void {
    if (this.stopped) return;
    const now = this.clock.now();
    while (lane.queue.size && lane.inFlight < LANE_CONCURRENCY && lane.queue.peekDue() <= now)
      this.attempt(lane, lane.queue.pop().id, now);
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = undefined;
    if (lane.queue.size && lane.inFlight < LANE_CONCURRENCY) {
      lane.timer = setTimeout(() => this.pump(lane), Math.min(Math.max(lane.queue.peekDue() - now, 1), MAX_TIMER_MS));
      lane.timer.unref();
    }
  }

  /** The deliveries whose result is being written, as they were before it: counted so until it is durable. */
  resultsBeingSaved(): ReadonlyMap<string, DeliveryRecord> {
    return this.saving;
  }

  /** Takes up stored pending deliveries nobody here is working on: those of another process that stopped. */
  rescan(): void {
    for (const [id, record] of this.store.entries('webhook_deliveries'))
      if (record.state === 'pending' && !this.busy.has(id)) this.enqueue(record);
  }

  private attempt(lane: Lane, id: string, at: number): void {
    const record = this.store.get('webhook_deliveries', id);
    if (!record || record.state !== 'pending') {
      this.busy.delete(id);
      return;
    }
    if (!isShared(this.store)) return this.send(lane, record, at);
    // Several processes share the project: the one that claims the delivery sends it, then writes the result
    // the others read; a claim lapses after the attempt's time, so a process that died is taken over.
    const store = this.store;
    const endpoint = this.endpoints.get(record.endpoint);
    lane.inFlight++;
    const claimed = store
      .claim(`webhook:${id}`, (endpoint?.timeoutMs ?? 0) + CLAIM_MARGIN_MS)
      .then(async (mine) => {
        // what another process delivered just before this claim is only seen after a sync
        if (mine) await store.sync();
        return mine;
      })
      .then(
        (mine) => {
          lane.inFlight--;
          this.attempts.delete(claimed);
          const now = store.get('webhook_deliveries', id);
          if (mine && now?.state === 'pending' && !this.stopped) this.send(lane, now, this.clock.now());
          else this.busy.delete(id); // another process has it; a later rescan looks again
          this.pump(lane);
        },
        () => {
          lane.inFlight--;
          this.attempts.delete(claimed);
          this.busy.delete(id);
          if (!this.stopped) this.enqueue({ ...record, next_attempt_at: this.clock.now() + STORE_RETRY_MS });
        },
      );
    this.attempts.add(claimed);
  }

  private send(lane: Lane, record: DeliveryRecord, at: number): void {
    const endpoint = this.endpoints.get(record.endpoint);
    if (!endpoint) {
      const after = abandoned(record, at, `endpoint "${record.endpoint}" is no longer in the config`);
      this.addResult({ before: record, after, attempt: after.attempts[after.attempts.length - 1], at });
      return;
    }
    lane.inFlight++;
    const done = this.sender.send(attemptRequest(endpoint, record, at, this.userAgent)).then((outcome) => {
      lane.inFlight--;
      this.attempts.delete(done);
      // cut short by our own shutdown: not the receiver's failure; it stays pending for the next start
      if (outcome.aborted && this.stopped) return;
      const { aborted: _aborted, ...rest } = outcome;
      const attempt: AttemptRecord = { at, ...rest };
      const now = this.clock.now();
      this.addResult({
        before: record,
        after: afterAttempt(record, attempt, now, endpoint.maxAttempts, this.settings.retryScheduleSeconds),
        attempt,
        at: now,
      });
      this.pump(lane);
    });
    this.attempts.add(done);
  }

  private addResult(result: Result): void {
    this.results.push(result);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushing) return;
    this.flushing = this.flushLoop().finally(() => {
      this.flushing = null;
      if (this.results.length) this.scheduleFlush(); // arrived between the loop's end and this callback
    });
  }

  private async flushLoop(): Promise<void> {
    await new Promise((r) => setImmediate(r)); // let this turn's results join one write
    do {
      const batch = this.results.splice(0);
      const ops: StoreOp[] = batch.map((r) => ({ table: 'webhook_deliveries', key: r.after.id, value: r.after }));
      const byEndpoint = new Map<string, { attempt: AttemptRecord; at: number }[]>();
      for (const r of batch) {
        const list = byEndpoint.get(r.after.endpoint) ?? [];
        list.push({ attempt: r.attempt, at: r.at });
        byEndpoint.set(r.after.endpoint, list);
      }
      const rows = new Map(
        [...byEndpoint].map(([name, outcomes]) => [name, WebhookStats.withOutcomes(this.stats.row(name), outcomes)]),
      );
      const pruned = this.retention.prune(rows);
      for (const [name, row] of rows) ops.push({ table: 'webhook_stats', key: name, value: row });
      ops.push(...pruned.ops);
      if (!ops.length) continue;
      for (const r of batch) this.saving.set(r.after.id, r.before);
      try {
        await this.store.write(ops);
        this.storeTrouble = false;
      } catch (e) {
        for (const r of batch) this.saving.delete(r.after.id);
        if (isConflict(e)) {
          // another process wrote the same stats row first: the rows are made again from the newer one
          this.retention.putBack(pruned.removed);
          this.results.unshift(...batch);
          continue;
        }
        if (!this.storeTrouble)
          this.logger.error(
            `webhooks: could not save delivery results, retrying in ${STORE_RETRY_MS / 1000} s: ${(e as Error).message}`,
          );
        this.storeTrouble = true;
        this.retention.putBack(pruned.removed);
        for (const r of batch) {
          this.busy.delete(r.before.id);
          // the store undid the write: the delivery is as before; try it again a little later
          const current = this.store.get('webhook_deliveries', r.before.id);
          if (current?.state === 'pending')
            this.enqueue({ ...current, next_attempt_at: this.clock.now() + STORE_RETRY_MS });
        }
        continue;
      }
      for (const r of batch) {
        this.saving.delete(r.after.id);
        this.stats.changed(r.before, r.after);
        this.busy.delete(r.after.id);
        if (r.after.state === 'pending') this.enqueue(r.after);
        else this.retention.finished(r.after.finished_at!, r.after.id);
        if (r.after.state === 'failed') {
          this.logger.warn(
            `webhooks: gave up on ${r.after.event_type} delivery ${r.after.id} to "${r.after.endpoint}" after ${r.after.attempts.length} attempts (${describeFailure(r.attempt)})`,
          );
        }
      }
    } while (this.results.length);
  }

  /** Stops starting attempts, gives those in flight a moment, aborts the rest (they stay pending) and saves results. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.idleTimer);
    for (const lane of this.lanes.values()) if (lane.timer) clearTimeout(lane.timer);
    if (this.attempts.size) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(this.attempts), new Promise((r) => (timer = setTimeout(r, CLOSE_GRACE_MS)))]);
      clearTimeout(timer);
    }
    this.sender.close();
    await Promise.all(this.attempts);
    while (this.flushing) await this.flushing;
  }
}
