/**
 * Potato's `data_sources` entries of `type: database`: a SQLite file or a PostgreSQL database read with a query
 * (or a table), at start-up and, with `live_ingestion`, polled for rows past a cursor while the server runs.
 * Read here into a `DatabaseSource`; the reading itself is server/io/database-sources, the polling the domain's
 * live ingestion.
 */
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import type { DatabaseSource, LiveSettings } from '../domain/data/database-source.js';

type Mapping = Record<string, unknown>;

const column = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected a column name (letters, digits and _)')
  .describe('a column name');

const liveSchema = z.looseObject({
  enabled: z.boolean().default(false),
  poll_interval_seconds: z.number().min(0.5).max(3600).default(5),
  cursor_column: column.optional(),
  tiebreaker_column: column.optional(),
  initial_cursor: z.union([z.string(), z.number()]).optional(),
  batch_size: z.number().int().min(1).max(100_000).default(500),
  overlap_seconds: z.number().min(0).default(0),
  backoff_initial_seconds: z.number().positive().default(1),
  backoff_max_seconds: z.number().positive().default(300),
  max_consecutive_failures: z.number().int().min(0).default(0),
  stop_after_items: z.number().int().min(0).default(0),
  replay_on_start: z.boolean().default(true),
});

const sourceSchema = z.looseObject({
  type: z.literal('database'),
  id: z.string().min(1).optional(),
  connection_string: z.string().min(1).optional(),
  dialect: z.string().optional(),
  host: z.string().optional(),
  port: z.union([z.number().int(), z.string()]).optional(),
  database: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  query: z.string().min(1).optional(),
  table: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_.]*$/, 'expected a table name')
    .optional(),
  id_column: column.optional(),
  text_column: column.optional(),
  live_ingestion: liveSchema.optional(),
});

const ACTED_ON = new Set(Object.keys(sourceSchema.shape));
const LIVE_ACTED_ON = new Set(Object.keys(liveSchema.shape));

/** Where a connection goes: a SQLite file (absolute path) or a PostgreSQL URL. */
type Connection = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface DatabaseSourceConfig extends DatabaseSource {
  connection: Connection;
}

/** The connection a source names, or a sentence saying why there is none. */
function connectionOf(s: z.infer<typeof sourceSchema>, locate: (name: string) => string): Connection | string {
  const url = s.connection_string;
  if (url !== undefined) {
    const sqlite = /^sqlite:\/\/(\/.*)?$/.exec(url);
    if (sqlite) {
      // sqlite:///data/x.db is relative to the task folder, sqlite:////abs/x.db absolute, as SQLAlchemy reads them
      const path = (sqlite[1] ?? '').slice(1);
      if (!path || path === ':memory:') return 'an in-memory SQLite database holds nothing to read: name a file';
      return { kind: 'sqlite', file: isAbsolute(path) ? path : locate(path) };
    }
    const pg = /^postgres(?:ql)?(?:\+[a-z0-9]+)?:\/\//.exec(url);
    if (pg) return { kind: 'postgres', url: url.replace(/^postgres(?:ql)?\+[a-z0-9]+:/, 'postgresql:') };
    const scheme = /^([a-z0-9+]+):/.exec(url)?.[1] ?? 'not given';
    return `database kind "${scheme}" is not read here: use sqlite:///file.db or postgresql://…`;
  }
  const dialect = s.dialect?.toLowerCase();
  if (dialect === 'sqlite') {
    if (!s.database) return 'a sqlite dialect needs database: the file of the database';
    return { kind: 'sqlite', file: isAbsolute(s.database) ? s.database : locate(s.database) };
  }
  if (dialect === 'postgresql' || dialect === 'postgres') {
    if (!s.database) return 'a postgresql dialect needs database: the name of the database';
    const auth = s.username
      ? `${encodeURIComponent(s.username)}${s.password ? `:${encodeURIComponent(s.password)}` : ''}@`
      : '';
    const port = s.port !== undefined ? `:${s.port}` : '';
    return {
      kind: 'postgres',
      url: `postgresql://${auth}${s.host ?? 'localhost'}${port}/${encodeURIComponent(s.database)}`,
    };
  }
  if (dialect) return `dialect "${s.dialect}" is not read here: only sqlite and postgresql are`;
  return 'needs connection_string (sqlite:///file.db or postgresql://…) or dialect with database';
}

/**
 * Reads the database source at `data_sources[i]`; throws an Error naming the key and why. `idKey` is the
 * item_properties.id_key, the default tiebreaker.
 */
export function readDatabaseSource(
  source: Mapping,
  i: number,
  idKey: string,
  locate: (name: string) => string,
  warn: (m: string) => void,
): DatabaseSourceConfig {
  const at = `data_sources[${i}]`;
  const parsed = sourceSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${at}.${issue.path.join('.') || 'type'}: ${issue.message}`);
  }
  const s = parsed.data;
  const connection = connectionOf(s, locate);
  if (typeof connection === 'string') throw new Error(`${at}.connection_string: ${connection}`);
  if (s.query && s.table) warn(`${at}: table is ignored: query says what is read`);
  const query = (s.query ?? (s.table ? `SELECT * FROM ${s.table}` : '')).trim().replace(/;+\s*$/, '');
  if (!query) throw new Error(`${at}.query: a database source needs a query (SELECT …) or a table`);
  if (!/^(select|with)\b/i.test(query)) throw new Error(`${at}.query: expected a SELECT query`);
  const rest = Object.keys(source).filter((k) => !ACTED_ON.has(k));
  if (rest.length) warn(`${at}: ${rest.join(', ')} not acted on; the rows of the query are read as they are`);

  let live: LiveSettings | undefined;
  const l = s.live_ingestion;
  if (l?.enabled) {
    const explicit = /(?<!:):cursor\b/.test(query);
    if (!l.cursor_column)
      throw new Error(`${at}.live_ingestion.cursor_column: needed to know which rows are new and where to go on from`);
    if (explicit && l.initial_cursor === undefined)
      throw new Error(
        `${at}.live_ingestion.initial_cursor: needed with :cursor in the query (a comparison with no value matches no row)`,
      );
    if (l.backoff_max_seconds < l.backoff_initial_seconds)
      throw new Error(`${at}.live_ingestion.backoff_max_seconds: below backoff_initial_seconds`);
    const unread = Object.keys(l).filter((k) => !LIVE_ACTED_ON.has(k));
    if (unread.includes('safety_lag_seconds'))
      warn(
        `${at}.live_ingestion.safety_lag_seconds is not acted on: rows are read up to the newest; use overlap_seconds to read the boundary again`,
      );
    const others = unread.filter((k) => k !== 'safety_lag_seconds');
    if (others.length) warn(`${at}.live_ingestion: ${others.join(', ')} not acted on`);
    live = {
      pollMs: l.poll_interval_seconds * 1000,
      cursorColumn: l.cursor_column,
      tiebreakerColumn: l.tiebreaker_column ?? s.id_column ?? idKey,
      initialCursor: l.initial_cursor ?? null,
      explicit,
      batchSize: l.batch_size,
      overlapSeconds: l.overlap_seconds,
      backoffInitialMs: l.backoff_initial_seconds * 1000,
      backoffMaxMs: l.backoff_max_seconds * 1000,
      maxConsecutiveFailures: l.max_consecutive_failures,
      stopAfterItems: l.stop_after_items,
      replayOnStart: l.replay_on_start,
    };
  } else if (l) warn(`${at}.live_ingestion: enabled is not true, so the database is read at start-up only`);
  const where = connection.kind === 'sqlite' ? resolve(connection.file) : redact(connection.url);
  return {
    // Potato's generated id is the entry's position: kept so a stored cursor still matches
    id: s.id ?? `source_${i}`,
    label: `${at} (${connection.kind} ${where})`,
    connection,
    query,
    idColumn: s.id_column,
    textColumn: s.text_column,
    live,
  };
}

/** A URL without its password, for messages. */
function redact(url: string): string {
  return url.replace(/(\/\/[^:/@]+):[^@/]*@/, '$1:***@');
}
