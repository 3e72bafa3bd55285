/**
 * The PostgreSQL store's statements on one schema's tables (migrations.ts), kept apart from the store's logic.
 * Each is sent as a named prepared statement.
 */
import { quoteIdent } from './migrations.js';

export interface Statements {
  /** the id of the log's last change */
  head: string;
  /** rows in the order keys were first written, a page after `seq` $1 */
  load: string;
  /**
   * One commit: the log head moves from $6 (the change this process applied last) to the next id, and only if it
   * did are the batch's deletes ($1 tables, $2 keys) and upserts ($3, $4, $5 values) written and logged as that
   * change; the id is notified on $8. No row: another process committed first.
   */
  commit: string;
  /** a batch's deletes alone, before the commit, for keys deleted and written again in the batch */
  deleteOnly: string;
  /**
   * the log head and the first $2 changes after $1, in order (one row of nulls but the head when there is none).
   * The head is a subquery and the changes a page by the primary key, so the planner never estimates a join of
   * the whole log: an estimate that high made PostgreSQL compile the statement (JIT), 100+ ms a read.
   */
  changesAfter: string;
  /** the lease on $1 for $2, unless another process holds an unexpired one or is taking it right now */
  claim: string;
  /** gives up the claims of owner $1 (a store closing: a restarted process takes its deliveries up at once) */
  releaseClaims: string;
  /** the secret named $1, stored as $2 unless one is stored already */
  secret: string;
  /** forgets changes every process has had time to apply */
  prune: string;
}

export function statements(schema: string): Statements {
  const s = quoteIdent(schema);
  return {
    head: `SELECT id FROM ${s}.log_head`,
    load: `SELECT tbl, key, value::text AS value, seq FROM ${s}.rows WHERE seq > $1 ORDER BY seq LIMIT $2`,
    commit: `WITH h AS (UPDATE ${s}.log_head SET id = id + 1 WHERE id = $6 RETURNING id),
      gone AS (DELETE FROM ${s}.rows r USING unnest($1::text[], $2::text[]) AS d(tbl, key) WHERE r.tbl = d.tbl AND r.key = d.key AND EXISTS (SELECT FROM h)),
      put AS (INSERT INTO ${s}.rows (tbl, key, value) SELECT u.* FROM unnest($3::text[], $4::text[], $5::json[]) AS u WHERE EXISTS (SELECT FROM h)
        ON CONFLICT (tbl, key) DO UPDATE SET value = EXCLUDED.value),
      log AS (INSERT INTO ${s}.changes (id, origin, tbls, keys, vals)
        SELECT id, $7, $1::text[] || $3::text[], $2::text[] || $4::text[], array_fill(NULL::json, ARRAY[cardinality($1::text[])]) || $5::json[] FROM h)
      SELECT id, pg_notify($8, id::text) FROM h`,
    deleteOnly: `DELETE FROM ${s}.rows r USING unnest($1::text[], $2::text[]) AS d(tbl, key) WHERE r.tbl = d.tbl AND r.key = d.key`,
    changesAfter: `SELECT (SELECT id FROM ${s}.log_head) AS head, c.id, c.tbls, c.keys, c.vals::text[] AS vals
      FROM (VALUES (1)) one LEFT JOIN LATERAL (SELECT * FROM ${s}.changes WHERE id > $1 ORDER BY id LIMIT $2) c ON true ORDER BY c.id`,
    // A new key is taken by the insert; an existing one through FOR UPDATE SKIP LOCKED, so a process never waits
    // for another's claim, and the lease is checked again on the row's newest version.
    claim: `WITH fresh AS (INSERT INTO ${s}.claims (key, owner, until) VALUES ($1, $2, now() + $3::float8 * interval '1 millisecond') ON CONFLICT (key) DO NOTHING RETURNING key),
      free AS (SELECT key FROM ${s}.claims WHERE key = $1 AND (until < now() OR owner = $2) FOR UPDATE SKIP LOCKED),
      taken AS (UPDATE ${s}.claims c SET owner = $2, until = now() + $3::float8 * interval '1 millisecond' FROM free WHERE c.key = free.key RETURNING c.key)
      SELECT key FROM fresh UNION ALL SELECT key FROM taken`,
    releaseClaims: `DELETE FROM ${s}.claims WHERE owner = $1`,
    secret: `WITH ins AS (INSERT INTO ${s}.secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING value)
      SELECT value FROM ins UNION ALL SELECT value FROM ${s}.secrets WHERE name = $1`,
    prune: `DELETE FROM ${s}.changes WHERE at < now() - interval '1 hour' AND id < (SELECT id FROM ${s}.log_head) - 10000`,
  };
}
