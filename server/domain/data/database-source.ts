/**
 * What a database source is to the project: its query and columns, its live-polling settings, what it may be
 * asked to read, the reader port a database driver implements (server/io/database-sources) and the status an
 * admin sees. Polling them is live-ingestion.ts; the cursor it keeps, live-cursor.ts.
 */
import type { Cursor, CursorValue } from './live-cursor.js';

export interface LiveSettings {
  pollMs: number;
  cursorColumn: string;
  tiebreakerColumn: string;
  initialCursor: CursorValue | null;
  /** the query binds `:cursor` itself and orders its rows; only the limit is added */
  explicit: boolean;
  batchSize: number;
  overlapSeconds: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
  /** 0: retry forever */
  maxConsecutiveFailures: number;
  /** 0: no limit */
  stopAfterItems: number;
  replayOnStart: boolean;
}

export interface DatabaseSource {
  id: string;
  /** names the source in messages and as the import's label */
  label: string;
  query: string;
  idColumn?: string;
  textColumn?: string;
  live?: LiveSettings;
}

/** What to read: every row, rows past a cursor, rows from `from` up to the cursor again, or an explicit query's. */
export type ReadRequest =
  | { kind: 'all' }
  | { kind: 'after'; cursor: Cursor | null; live: LiveSettings }
  | { kind: 'window'; from: CursorValue; after: Cursor | null; cursor: Cursor; live: LiveSettings }
  | { kind: 'explicit'; value: CursorValue; live: LiveSettings };

export type Row = Record<string, unknown>;

/** A database behind a source (server/io/database-sources). Rows come with plain JSON values. */
export interface SourceReader {
  read(request: ReadRequest): Promise<Row[]>;
  close(): Promise<void>;
}

export interface SourceStatus {
  source_id: string;
  enabled: boolean;
  is_running: boolean;
  polls_total: number;
  polls_failed: number;
  rows_fetched: number;
  items_added: number;
  duplicates_skipped: number;
  consecutive_failures: number;
  last_error: string | null;
  last_poll_at: string | null;
  last_cursor: CursorValue | null;
}
