/**
 * A Store on PostgreSQL. It keeps the same in-memory tables the JournalStore keeps (so every read and every
 * request path is unchanged) and makes the durable part a PostgreSQL statement instead of a journal append: a
 * write is applied in memory at once and resolves once the database has committed it. Writes made while one
 * batch is being committed wait and go together in the next (group commit: one round trip and one commit for
 * all of them), in the order they were made. At start the schema is migrated and every row read back, in the
 * order keys were first written, which is the order the tables iterate.
 *
 * One process serves a schema at a time for now, since the in-memory state is this process's alone: it holds a
 * session advisory lock on the schema while open, as the JournalStore holds its folder lock (docs/postgres.md
 * says what several processes on one schema need).
 */
import pg from 'pg';
import type { Logger, Store, StoreOp } from '../../domain/ports.js';
import { PackedTable } from '../packed-table.js';
import { StorageError, TableReader } from '../tables.js';
import { migrate, quoteIdent } from './migrations.js';

export interface PostgresStoreOptions {
  /** a postgres:// URL without the `schema` parameter (see database-url.ts) */
  connectionString: string;
  /** the PostgreSQL schema holding this project's tables */
  schema: string;
  logger?: Logger;
  /** tables of many small rows to keep as bytes in memory (see packed-table.ts) */
  packed?: readonly string[];
  /** pool size; one connection writes at a time, the others serve start-up reads and tools */
  maxConnections?: number;
}

/** What a key held before a pending write, to put back if the commit fails (as in the JournalStore). */
interface Undo {
  table: string;
  key: string;
  previous: unknown;
  raw: boolean;
}

interface Pending {
  ops: StoreOp[];
  undo: Undo[];
  resolve: () => void;
  reject: (e: Error) => void;
}

/** A key's state after a batch: its last value (undefined: deleted), and whether it was deleted on the way. */
interface Final {
  table: string;
  key: string;
  json: string | undefined;
  wasDeleted: boolean;
}

const LOAD_PAGE = 20_000;
/** the first key of the advisory locks Marginalia takes; the second is the schema name's hash */
const LOCK_CLASS = 0x4d47;

export class PostgresStore extends TableReader implements Store {
  private pending: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;
  /** the connection holding the schema's lock; null once the database dropped it (a restart) */
  private lockClient: pg.Client | null = null;
  private readonly rows: string;
  private readonly writeStatement: string;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    readonly schema: string,
    packed: readonly string[],
    private readonly logger?: Logger,
  ) {
    super(new Set(packed));
    this.rows = `${quoteIdent(schema)}.rows`;
    // Deletes and upserts of one batch in one statement, so one round trip commits the batch atomically; the
    // keys of the two lists are disjoint (see finalStates), which a single statement needs.
    this.writeStatement = `WITH gone AS (DELETE FROM ${this.rows} r USING unnest($1::text[], $2::text[]) AS d(tbl, key) WHERE r.tbl = d.tbl AND r.key = d.key)
      INSERT INTO ${this.rows} (tbl, key, value) SELECT * FROM unnest($3::text[], $4::text[], $5::json[])
      ON CONFLICT (tbl, key) DO UPDATE SET value = EXCLUDED.value`;
  }

  static async open(options: PostgresStoreOptions): Promise<PostgresStore> {
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 4,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      application_name: 'marginalia',
    });
    // an idle connection the server drops (a restart) is reported here; the pool opens a new one when needed
    pool.on('error', (e) => options.logger?.warn(`PostgreSQL connection lost: ${e.message}`));
    const store = new PostgresStore(pool, options.connectionString, options.schema, options.packed ?? [], options.logger);
    try {
      await store.lock();
      const client = await pool.connect();
      try {
        const applied = await migrate(client, options.schema);
        if (applied.length) options.logger?.info(`PostgreSQL schema ${options.schema}: applied migrations ${applied.join(', ')}`);
        await store.loadRows(client);
      } finally {
        client.release();
      }
    } catch (e) {
      await store.lockClient?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
      if (e instanceof StorageError) throw e;
      throw new StorageError(`could not open PostgreSQL schema ${options.schema}: ${(e as Error).message}`);
    }
    return store;
  }

  /**
   * Takes the schema's advisory lock on a connection of its own, held while the store is open. The database
   * drops it with the connection (a restart); the next commit takes it again before writing, so a second
   * process that took the schema meanwhile is never written over.
   */
  private async lock(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 5_000, application_name: 'marginalia (lock)' });
    client.on('error', (e) => {
      this.logger?.warn(`PostgreSQL lock connection lost: ${e.message}`);
      if (this.lockClient === client) this.lockClient = null;
    });
    client.on('end', () => {
      if (this.lockClient === client) this.lockClient = null;
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [LOCK_CLASS, this.schema]);
      if (!rows[0].locked) throw new StorageError(`PostgreSQL schema ${this.schema} is in use by another Marginalia process (one process serves a project)`);
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    this.lockClient = client;
  }

  private async loadRows(client: pg.PoolClient): Promise<void> {
    let after = '0';
    for (;;) {
      const { rows } = await client.query<{ tbl: string; key: string; value: string; seq: string }>({
        name: 'marginalia_load',
        text: `SELECT tbl, key, value::text AS value, seq FROM ${this.rows} WHERE seq > $1 ORDER BY seq LIMIT ${LOAD_PAGE}`,
        values: [after],
      });
      for (const row of rows) this.table(row.tbl).set(row.key, JSON.parse(row.value));
      if (rows.length < LOAD_PAGE) return;
      after = rows[rows.length - 1].seq;
    }
  }

  write(ops: StoreOp[]): Promise<void> {
    if (this.closed) return Promise.reject(new StorageError('the store is closed'));
    if (!ops.length) return this.flushing ? this.flushing.then(() => undefined) : Promise.resolve();
    const undo: Undo[] = [];
    for (const op of ops) {
      const table = this.table(op.table);
      const raw = table instanceof PackedTable;
      undo.push({ table: op.table, key: op.key, previous: raw ? table.rawValue(op.key) : table.get(op.key), raw });
    }
    this.apply(ops);
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ ops, undo, resolve, reject });
      if (!this.flushing) this.flushing = this.flushLoop();
    });
  }

  private async flushLoop(): Promise<void> {
    // let the writes of this turn of the event loop join the same commit
    await new Promise((r) => setImmediate(r));
    while (this.pending.length) {
      const batch = this.pending.splice(0);
      try {
        await this.commit(finalStates(batch));
        for (const p of batch) p.resolve();
      } catch (e) {
        // writes made after the batch were applied over it: undo them too, newest first, and fail them all
        const failed = batch.concat(this.pending.splice(0));
        for (let i = failed.length - 1; i >= 0; i--) this.restore(failed[i].undo);
        const error = new StorageError(`could not save to PostgreSQL: ${(e as Error).message}`);
        this.logger?.error(error.message);
        for (const p of failed) p.reject(error);
      }
    }
    this.flushing = null;
  }

  private async commit(states: Final[]): Promise<void> {
    if (!this.lockClient) await this.lock();
    const deleted: Final[] = [];
    const written: Final[] = [];
    let reinserted = false;
    for (const s of states) {
      if (s.json === undefined) deleted.push(s);
      else {
        written.push(s);
        if (s.wasDeleted) reinserted = true;
      }
    }
    const columns = (list: Final[]) => [list.map((s) => s.table), list.map((s) => s.key)];
    if (!reinserted) {
      await this.pool.query({ name: 'marginalia_write', text: this.writeStatement, values: [...columns(deleted), ...columns(written), written.map((s) => s.json)] });
      return;
    }
    // A key deleted and written again within the batch goes to the end of the order, as in memory: it is
    // deleted first, in the same transaction, so the upsert inserts it with a new position.
    const again = written.filter((s) => s.wasDeleted);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query({ name: 'marginalia_write', text: this.writeStatement, values: [...columns(again), [], [], []] });
      await client.query({ name: 'marginalia_write', text: this.writeStatement, values: [...columns(deleted), ...columns(written), written.map((s) => s.json)] });
      await client.query('COMMIT');
      client.release();
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(e as Error);
      throw e;
    }
  }

  private restore(undo: readonly Undo[]): void {
    for (const u of undo) {
      const table = this.table(u.table);
      if (u.previous === undefined) table.delete(u.key);
      else if (u.raw) (table as PackedTable).setRaw(u.key, u.previous as Buffer);
      else table.set(u.key, u.previous);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    while (this.flushing) await this.flushing.catch(() => undefined);
    this.closed = true;
    for (const table of this.data.values()) if (table instanceof PackedTable) table.close();
    await this.lockClient?.end().catch(() => undefined);
    await this.pool.end();
  }
}

/** The batch reduced to each key's last state, in the order keys were first touched. */
function finalStates(batch: readonly Pending[]): Final[] {
  const states = new Map<string, Final>();
  for (const p of batch) {
    for (const op of p.ops) {
      const id = `${op.table}\0${op.key}`;
      let s = states.get(id);
      if (!s) states.set(id, (s = { table: op.table, key: op.key, json: undefined, wasDeleted: false }));
      if ('delete' in op) {
        s.json = undefined;
        s.wasDeleted = true;
      } else s.json = JSON.stringify(op.value);
    }
  }
  return [...states.values()];
}
