/**
 * A Store on PostgreSQL, which several server processes can share. Each process keeps the same in-memory tables
 * the JournalStore keeps (so every read and every request path is unchanged) and makes the durable part a
 * PostgreSQL statement instead of a journal append: a write is applied in memory at once and resolves once the
 * database has committed it. Writes made while one batch is being committed wait and go together in the next
 * (group commit: one round trip and one commit for all of them), in the order they were made.
 *
 * Every commit is also a numbered entry of a shared change log (change-log.ts says how the numbers are kept
 * dense and in commit order). A process applies the others' entries to its tables when asked to `sync` (before a
 * request), when notified, and when its own commit finds the log moved on: then its batch is set again on top of
 * the others' changes and retried, except the writes touching a key another process changed meanwhile, which are
 * refused with a ConflictError so their request runs again on the newer state (first committer wins per key).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { ExternalChange, Logger, SharedStore, StoreOp, TableName, Tables } from '../../domain/ports.js';
import { PackedTable } from '../packed-table.js';
import { ConflictError, StorageError, TableReader } from '../tables.js';
import { migrate } from './migrations.js';
import { statements, type Statements } from './statements.js';
import { finalStates, restore, undoOf, type Pending, type Undo } from './batches.js';
import { CommitLane } from './commit-lane.js';
import { rebase } from './rebase.js';
import { changesAfter } from './change-log.js';
import { claim, sharedSecret } from './claims.js';
import { commitStates } from './commit.js';
import { loadRows } from './load-rows.js';
import { ProjectLock } from './project-lock.js';
import { backendsOf, createPool } from './pool.js';

export interface PostgresStoreOptions {
  /** a postgres:// URL without the `schema` parameter (see database-url.ts) */
  connectionString: string;
  /** the PostgreSQL schema holding this project's tables */
  schema: string;
  logger?: Logger;
  /** tables of many small rows to keep as bytes in memory (see packed-table.ts) */
  packed?: readonly string[];
  /** pool size; one connection writes at a time, the others serve syncs, claims and start-up reads */
  maxConnections?: number;
  /** a tool that must have the project alone (export, import, migrate-store): refused while a server runs */
  exclusive?: boolean;
}

const PRUNE_EVERY_MS = 10 * 60_000;

export class PostgresStore extends TableReader implements SharedStore {
  /** one turn with the log at a time: a commit when writes are pending, else a read of the log for syncs */
  private readonly lane = new CommitLane({
    commit: (waiters) => this.commitPending(waiters),
    read: (waiters) => this.readChanges(waiters),
    idle: () => this.pruneNow(),
  });
  private closed = false;
  /** the id of the last change of the log applied to the tables */
  private applied = 0;
  private readonly origin = randomBytes(6).toString('hex');
  private readonly listeners: ((changes: readonly ExternalChange[] | null) => void)[] = [];
  private readonly sql: Statements;
  private readonly lock: ProjectLock;
  private lastPrune = Date.now();
  private syncTrouble = false;
  /** the health check's probe in flight: checks made at once share it rather than take more connections */
  private probe: Promise<string | undefined> | undefined;
  /** host:port/database, for people (no user, no password) */
  readonly where: string;

  private constructor(
    private readonly pool: pg.Pool,
    connectionString: string,
    readonly schema: string,
    packed: readonly string[],
    exclusive: boolean,
    private readonly logger?: Logger,
  ) {
    super(new Set(packed));
    const url = new URL(connectionString);
    this.where = `${url.host}${url.pathname}`;
    this.sql = statements(schema);
    // its own commit may be heard before its answer arrives: not another process's change to read
    const own = backendsOf(pool);
    this.lock = new ProjectLock(connectionString, schema, exclusive, logger, (id, backend) => {
      if (!own.has(backend) && Number(id) > this.applied) void this.sync();
    });
  }

  static async open(options: PostgresStoreOptions): Promise<PostgresStore> {
    const pool = createPool(options.connectionString, options.maxConnections ?? 4, options.logger);
    const store = new PostgresStore(
      pool,
      options.connectionString,
      options.schema,
      options.packed ?? [],
      options.exclusive ?? false,
      options.logger,
    );
    try {
      await store.lock.take();
      const client = await pool.connect();
      try {
        const applied = await migrate(client, options.schema);
        if (applied.length)
          options.logger?.info(`PostgreSQL schema ${options.schema}: applied migrations ${applied.join(', ')}`);
        await store.loadRows(client);
      } finally {
        client.release();
      }
    } catch (e) {
      await store.lock.release();
      await pool.end().catch(() => undefined);
      if (e instanceof StorageError) throw e;
      throw new StorageError(`could not open PostgreSQL schema ${options.schema}: ${(e as Error).message}`);
    }
    return store;
  }

  /** Every row and the log position they stand at. */
  private async loadRows(client: pg.PoolClient): Promise<void> {
    this.applied = await loadRows(client, this.sql, (table, key, value) => this.table(table).set(key, value));
  }

  onExternalChange(listener: (changes: readonly ExternalChange[] | null) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Resolves once the changes other processes committed before the call are applied (or the database is out of reach).
   */
  sync(): Promise<void> {
    return this.closed ? Promise.resolve() : this.lane.sync();
  }

  write(ops: StoreOp[]): Promise<void> {
    if (this.closed) return Promise.reject(new StorageError('the store is closed'));
    if (!ops.length) return this.lane.settled();
    const undo = this.undoOf(ops);
    this.apply(ops);
    return this.lane.write(ops, undo);
  }

  /** Reads the others' changes for syncs alone, then lets the syncs `waiters` through. */
  private async readChanges(waiters: (() => void)[]): Promise<void> {
    try {
      await this.catchUp([]);
      this.syncTrouble = false;
    } catch (e) {
      // the request goes on with what this process has; a write it makes fails on its own if the database is down
      if (!this.syncTrouble)
        this.logger?.warn(`could not read other processes' changes from PostgreSQL: ${(e as Error).message}`);
      this.syncTrouble = true;
    }
    for (const resolve of waiters) resolve();
  }

  private async pruneNow(): Promise<void> {
    if (Date.now() - this.lastPrune <= PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.pool.query(this.sql.prune).catch(() => undefined);
  }

  /**
   * Commits the pending writes; `waiters` (syncs asked for before) are let through once the tables are current.
   * It succeeds only if no other process committed since this one's last change; when it finds the log moved on,
   * the others' changes are read and applied first and what they left standing is committed again.
   */
  private async commitPending(waiters: (() => void)[]): Promise<void> {
    let batch = this.lane.pending.splice(0);
    const current = () => {
      for (const resolve of waiters.splice(0)) resolve();
    };
    try {
      for (;;) {
        await this.lock.ensure();
        const at = { applied: this.applied, origin: this.origin, channel: this.lock.channel };
        const id = await commitStates(this.pool, this.sql, finalStates(batch), at);
        if (id !== null) {
          this.applied = id;
          current();
          for (const p of batch) p.resolve();
          return;
        }
        // another process committed first: take its changes, then commit what they left standing
        batch = await this.catchUp(batch);
        current();
        if (!batch.length) return;
      }
    } catch (e) {
      // writes made after the batch were applied over it: undo them too, newest first, and fail them all
      const failed = batch.concat(this.lane.pending.splice(0));
      for (let i = failed.length - 1; i >= 0; i--) this.restore(failed[i].undo);
      const error = new StorageError(`could not save to PostgreSQL: ${(e as Error).message}`);
      this.logger?.error(error.message);
      current();
      for (const p of failed) p.reject(error);
    }
  }

  /**
   * Applies the changes other processes committed after `applied` under the local writes not yet committed
   * (`inFlight`, then those pending; see rebase.ts), refusing with a ConflictError those that touch a changed key.
   * Returns what is left of `inFlight`.
   */
  private async catchUp(inFlight: Pending[]): Promise<Pending[]> {
    const log = await changesAfter(this.pool, this.sql, this.applied);
    if (!log) {
      await this.reload(inFlight);
      return [];
    }
    const { head, changes } = log;
    if (head === this.applied) return inFlight;
    const { kept, refused, told } = rebase((name) => this.table(name), changes, inFlight.concat(this.lane.pending));
    this.applied = head;
    this.lane.pending = this.lane.pending.filter((p) => kept.has(p));
    const error = new ConflictError('another server process changed the same data at the same time');
    for (const p of refused) p.reject(error);
    // a refused write was counted ahead by the services on the state before these changes: not row by row then
    this.changed(refused.length ? null : told);
    return inFlight.filter((p) => kept.has(p));
  }

  /** The log entries this process needed were pruned (it was cut off for long): read every row again. */
  private async reload(inFlight: Pending[]): Promise<void> {
    const local = inFlight.concat(this.lane.pending.splice(0));
    for (let i = local.length - 1; i >= 0; i--) this.restore(local[i].undo);
    for (const table of this.data.values()) if (table instanceof PackedTable) table.close();
    this.data = new Map();
    const client = await this.pool.connect();
    try {
      await this.loadRows(client);
    } finally {
      client.release();
    }
    const error = new ConflictError(
      'this server process was cut off from the database for long and read the project again',
    );
    for (const p of local) p.reject(error);
    this.changed(null);
  }

  private changed(changes: readonly ExternalChange[] | null): void {
    for (const listener of this.listeners) listener(changes);
  }

  private undoOf(ops: readonly StoreOp[]): Undo[] {
    return undoOf((name) => this.table(name), ops);
  }

  private restore(undo: readonly Undo[]): void {
    restore((name) => this.table(name), undo);
  }

  /**
   * Decided by the database: the write commits only as the log's next change, and is refused when another
   * process's change to the key came first (then the row is there once that change is applied). A separate
   * INSERT … ON CONFLICT outside the log would leave the other processes' tables without the row.
   */
  async insertIfAbsent<K extends TableName>(table: K, key: string, value: Tables[K]): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      await this.sync();
      if (this.get(table, key) !== undefined) return false;
      try {
        await this.write([{ table, key, value } as StoreOp]);
        return true;
      } catch (e) {
        if (!(e instanceof ConflictError) || attempt >= 10) throw e;
      }
    }
  }

  claim(key: string, leaseMs: number): Promise<boolean> {
    return claim(this.pool, this.sql, key, this.origin, leaseMs);
  }

  secret(name: string, proposed: string): Promise<string> {
    return sharedSecret(this.pool, this.sql, name, proposed);
  }

  /**
   * A round trip to the database, reported as trouble after a few seconds without an answer (a stopped server holds
   * the connection open). One probe at a time: checks made while one hangs wait on it rather than take connections.
   */
  writeTrouble(): Promise<string | undefined> {
    this.probe ??= this.pool
      .query('SELECT 1')
      .then(
        () => undefined,
        (e: Error) => `PostgreSQL at ${this.where} is out of reach: ${e.message}`,
      )
      .finally(() => (this.probe = undefined));
    const probe = this.probe;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(`PostgreSQL at ${this.where} did not answer within 3 s`), 3_000);
      void probe.then((trouble) => {
        clearTimeout(timer);
        resolve(trouble);
      });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    while (this.lane.busy) await this.lane.busy.catch(() => undefined);
    this.closed = true;
    this.lane.releaseSyncs();
    for (const table of this.data.values()) if (table instanceof PackedTable) table.close();
    await this.pool.query(this.sql.releaseClaims, [this.origin]).catch(() => undefined);
    await this.lock.release();
    await this.pool.end();
  }
}
