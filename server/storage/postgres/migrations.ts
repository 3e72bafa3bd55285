/**
 * The PostgreSQL store's schema, as numbered migrations run in order at start. A migration is never edited once
 * released: a change is a new entry. Each runs in its own transaction, under an advisory lock, so processes
 * starting together on one schema apply it once.
 */
import type { PoolClient } from 'pg';

interface Migration {
  version: number;
  description: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'rows: every Store table as (table, key) → JSON text, in the order keys were first written',
    // `json` (not jsonb) keeps the text as written: key order, and every value a JSON round trip gives back.
    // `seq` orders the rows as the in-memory tables iterate them (a key keeps its place when it is overwritten).
    sql: `
      CREATE SEQUENCE row_seq;
      CREATE TABLE rows (
        tbl text NOT NULL,
        key text NOT NULL,
        value json NOT NULL,
        seq bigint NOT NULL DEFAULT nextval('row_seq'),
        PRIMARY KEY (tbl, key)
      );
      CREATE UNIQUE INDEX rows_seq ON rows (seq);
    `,
  },
  {
    version: 2,
    description: 'several processes: the ordered change log, delivery claims, shared secrets',
    // log_head is the log's one row: a commit moves it from the id its process last applied to the next, so
    // commits are numbered densely in commit order and a process that missed another's commit cannot commit
    // until it has applied it. changes keeps each commit's rows (a null value: deleted) for the others.
    sql: `
      CREATE TABLE log_head (one boolean PRIMARY KEY DEFAULT true CHECK (one), id bigint NOT NULL);
      INSERT INTO log_head (id) VALUES (0);
      CREATE TABLE changes (
        id bigint PRIMARY KEY,
        origin text NOT NULL,
        tbls text[] NOT NULL,
        keys text[] NOT NULL,
        vals json[] NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE claims (key text PRIMARY KEY, owner text NOT NULL, until timestamptz NOT NULL);
      CREATE TABLE secrets (name text PRIMARY KEY, value text NOT NULL);
    `,
  },
  {
    version: 3,
    description: 'rows: pages kept 20 % free, so that overwriting a value need not touch the indexes',
    // An answer or an item's time is overwritten again and again. With room on its page the new version goes
    // there (a HOT update) and neither index gets an entry; on a full page both do, and the WAL carries them.
    // Pages written before this migration fill as before until the table is rewritten.
    sql: `ALTER TABLE rows SET (fillfactor = 80)`,
  },
];

/** An identifier quoted for SQL. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates `schema` if needed and applies the migrations it does not have yet; returns the versions applied. */
export async function migrate(client: PoolClient, schema: string): Promise<number[]> {
  const applied: number[] = [];
  const s = quoteIdent(schema);
  await client.query('BEGIN');
  try {
    // one lock per schema name: a second process waits here until the first has migrated
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`marginalia:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.schema_migrations (version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${s}.schema_migrations`);
    const have = new Set(rows.map((r) => r.version));
    const newest = Math.max(0, ...have);
    const known = MIGRATIONS[MIGRATIONS.length - 1].version;
    if (newest > known)
      throw new Error(
        `schema ${schema} was migrated by a newer Marginalia (version ${newest}); this one knows up to ${known}`,
      );
    await client.query(`SET LOCAL search_path TO ${s}`);
    for (const m of MIGRATIONS) {
      if (have.has(m.version)) continue;
      await client.query(m.sql);
      await client.query(`INSERT INTO ${s}.schema_migrations (version, description) VALUES ($1, $2)`, [
        m.version,
        m.description,
      ]);
      applied.push(m.version);
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
  return applied;
}
