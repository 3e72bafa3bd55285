/**
 * Database sources: read at start-up and, with live ingestion, polled for rows past a cursor. Rows become
 * instances through the importer, as an admin's import does (kept in the store, extending annotators' lists),
 * skipping ids the project has, so a row is never added twice and an annotated item is never replaced. The
 * cursor (the last row's cursor and tiebreaker values) is stored per source id after each import, so a restart
 * resumes where polling stopped. A failed read is logged and retried with a growing delay; it never stops the server.
 */
import type { Clock, Logger, Store } from '../ports.js';
import type { Importer, InputRow, RowSource } from './importer.js';
import { lastCursor, rewind, type Cursor } from './live-cursor.js';
import type { DatabaseSource, Row, SourceReader, SourceStatus } from './database-source.js';

interface CursorRecord {
  cursor: Cursor | null;
  items_added: number;
  updated_at: string;
}

declare module '../ports.js' {
  interface Tables {
    /** key: the source's id */
    live_ingestion_cursors: CursorRecord;
  }
}

interface Running {
  source: DatabaseSource;
  reader: SourceReader;
  status: SourceStatus;
  timer?: ReturnType<typeof setTimeout>;
  /** polls of one source run one after another */
  chain: Promise<unknown>;
  warnedOverlap: boolean;
}

export interface IngestionDeps {
  store: Store;
  clock: Clock;
  logger: Logger;
  itemKeys: { idKey: string; textKey: string };
  sources: { source: DatabaseSource; reader: SourceReader }[];
}

export class DatabaseIngestion {
  private readonly running = new Map<string, Running>();
  private stopped = false;

  /** `importer` is set again when the services are composed anew (a shared store's foreign changes) */
  constructor(
    private readonly d: IngestionDeps,
    public importer: Importer,
  ) {
    for (const { source, reader } of d.sources) {
      const stored = d.store.get('live_ingestion_cursors', source.id);
      this.running.set(source.id, {
        source,
        reader,
        chain: Promise.resolve(),
        warnedOverlap: false,
        status: {
          source_id: source.id,
          enabled: !!source.live,
          is_running: false,
          polls_total: 0,
          polls_failed: 0,
          rows_fetched: 0,
          items_added: stored?.items_added ?? 0,
          duplicates_skipped: 0,
          consecutive_failures: 0,
          last_error: null,
          last_poll_at: null,
          last_cursor: stored?.cursor?.value ?? null,
        },
      });
    }
  }

  get size(): number {
    return this.running.size;
  }

  /**
   * Reads each source whole (unless live with replay_on_start off), then starts polling; throws naming a source it
   * cannot read.
   */
  async start(): Promise<void> {
    for (const r of this.running.values()) {
      if (!r.source.live || r.source.live.replayOnStart) {
        try {
          await this.add(r, await r.reader.read({ kind: 'all' }));
          await this.save(r, this.d.store.get('live_ingestion_cursors', r.source.id)?.cursor ?? null);
        } catch (e) {
          throw new Error(`${r.source.label}: cannot be read: ${(e as Error).message}`, { cause: e });
        }
      }
      if (r.source.live) {
        r.status.is_running = true;
        this.schedule(r, r.source.live.pollMs);
      }
    }
  }

  status(): SourceStatus[] {
    return [...this.running.values()].map((r) => ({ ...r.status }));
  }

  /** One source's status, or undefined for an unknown id. */
  statusOf(id: string): SourceStatus | undefined {
    const r = this.running.get(id);
    return r && { ...r.status };
  }

  /** Polls a live source at once (between its scheduled polls); resolves with its status after. */
  async pollNow(id: string): Promise<SourceStatus | undefined> {
    const r = this.running.get(id);
    if (!r?.source.live) return undefined;
    await this.poll(r);
    return { ...r.status };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const r of this.running.values()) {
      clearTimeout(r.timer);
      r.status.is_running = false;
      await r.chain;
      await r.reader.close();
    }
  }

  private schedule(r: Running, ms: number) {
    if (this.stopped || !r.status.is_running) return;
    r.timer = setTimeout(() => {
      void this.poll(r).then((ok) => {
        const live = r.source.live!;
        const failures = r.status.consecutive_failures;
        const backoff = Math.min(live.backoffMaxMs, live.backoffInitialMs * 2 ** Math.max(0, failures - 1));
        // jitter keeps several servers reading one database from polling in step after an outage
        this.schedule(r, ok ? live.pollMs : backoff * (0.75 + Math.random() * 0.5));
      });
    }, ms);
  }

  private poll(r: Running): Promise<boolean> {
    const run = r.chain.then(() => this.pollOnce(r));
    r.chain = run;
    return run;
  }

  private async pollOnce(r: Running): Promise<boolean> {
    const live = r.source.live!;
    const s = r.status;
    if (this.stopped) return false;
    s.polls_total++;
    s.last_poll_at = new Date(this.d.clock.now()).toISOString();
    try {
      const stored = this.d.store.get('live_ingestion_cursors', r.source.id)?.cursor ?? null;
      let cursor = stored;
      if (live.explicit) {
        const rows = await r.reader.read({ kind: 'explicit', value: cursor?.value ?? live.initialCursor!, live });
        await this.add(r, rows);
        cursor = lastCursor(rows, live) ?? cursor;
      } else {
        if (cursor && live.overlapSeconds > 0) {
          const from = rewind(cursor.value, live.overlapSeconds);
          if (from === undefined) {
            if (!r.warnedOverlap)
              this.d.logger.warn(
                `${r.source.label}: overlap_seconds is not applied: the cursor value ${JSON.stringify(cursor.value)} is neither a number nor a date and time`,
              );
            r.warnedOverlap = true;
          } else {
            // read in pages: the window may hold more rows than one batch
            let after: Cursor | null = null;
            for (;;) {
              const rows = await r.reader.read({ kind: 'window', from, after, cursor, live });
              await this.add(r, rows);
              if (rows.length < live.batchSize) break;
              after = lastCursor(rows, live);
            }
          }
        }
        if (!cursor && live.initialCursor !== null) cursor = { value: live.initialCursor, tiebreak: null };
        const rows = await r.reader.read({ kind: 'after', cursor, live });
        await this.add(r, rows);
        cursor = lastCursor(rows, live) ?? cursor;
      }
      await this.save(r, cursor);
      if (s.consecutive_failures)
        this.d.logger.info(`${r.source.label}: read again after ${s.consecutive_failures} failed poll(s)`);
      s.consecutive_failures = 0;
      s.last_error = null;
      if (live.stopAfterItems && s.items_added >= live.stopAfterItems) {
        this.d.logger.info(`${r.source.label}: stop_after_items (${live.stopAfterItems}) reached: polling stops`);
        s.is_running = false;
      }
      return true;
    } catch (e) {
      s.polls_failed++;
      s.consecutive_failures++;
      s.last_error = (e as Error).message;
      this.d.logger.warn(
        `${r.source.label}: poll failed (${s.consecutive_failures} in a row; the items already loaded stay annotatable, it is tried again): ${s.last_error}`,
      );
      if (live.maxConsecutiveFailures && s.consecutive_failures >= live.maxConsecutiveFailures) {
        this.d.logger.error(
          `${r.source.label}: polling stops after ${s.consecutive_failures} failures in a row (max_consecutive_failures); restart the server to read it again`,
        );
        s.is_running = false;
      }
      return false;
    }
  }

  /** Stores the cursor and the count of items added, when either changed. */
  private async save(r: Running, cursor: Cursor | null) {
    const stored = this.d.store.get('live_ingestion_cursors', r.source.id);
    if (
      JSON.stringify(stored?.cursor ?? null) === JSON.stringify(cursor) &&
      (stored?.items_added ?? 0) === r.status.items_added
    )
      return;
    await this.d.store.write([
      {
        table: 'live_ingestion_cursors',
        key: r.source.id,
        value: {
          cursor,
          items_added: r.status.items_added,
          updated_at: new Date(this.d.clock.now()).toISOString(),
        },
      },
    ]);
    r.status.last_cursor = cursor?.value ?? null;
  }

  /** Imports the rows whose ids the project does not have yet; throws if the import failed. */
  private async add(r: Running, rows: Row[]) {
    r.status.rows_fetched += rows.length;
    if (!rows.length) return;
    const { idKey, textKey } = this.d.itemKeys;
    const { idColumn, textColumn, label } = r.source;
    const source: RowSource = async function* () {
      let line = 0;
      for (const row of rows) {
        const item: Row = { ...row };
        if (idColumn && idColumn !== idKey) item[idKey] = row[idColumn];
        if (textColumn && textColumn !== textKey) item[textKey] = row[textColumn];
        yield { name: label, line: ++line, item } satisfies InputRow;
      }
    };
    const { job, cause } = await this.importer.start(label, source, { skipKnown: true }).done;
    if (job.status === 'failed') throw new Error(job.error ?? 'the rows could not be added', { cause });
    r.status.items_added += job.added;
    r.status.duplicates_skipped += job.rows_read - job.added;
  }
}
