/**
 * The ports the domain needs from the outside world. Nothing here knows Koa, lowdb or node:fs.
 *
 * Storage is a set of named tables of JSON values. Each feature declares its own tables by merging into
 * `Tables` (see `declare module` blocks next to each feature's record types), so adding a feature never
 * touches the storage code.
 */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Tables {}

export type TableName = keyof Tables & string;

export type StoreOp = {
  [K in TableName]: { table: K; key: string; value: Tables[K] } | { table: K; key: string; delete: true };
}[TableName];

export interface Store {
  get<K extends TableName>(table: K, key: string): Tables[K] | undefined;
  entries<K extends TableName>(table: K): IterableIterator<[string, Tables[K]]>;
  /** The keys alone: of a packed table, without decoding a value */
  keys(table: TableName): IterableIterator<string>;
  size(table: TableName): number;
  /**
   * Every row's `values` fields as stored and, for each of `counts`, how many entries the object or list in that
   * field holds (0 where absent); of a packed table without decoding the rest of the row.
   */
  outline<K extends TableName, V extends keyof Tables[K] & string, C extends keyof Tables[K] & string>(
    table: K,
    values: readonly V[],
    counts: readonly C[],
  ): IterableIterator<Pick<Tables[K], V> & Record<C, number>>;
  /**
   * Applies the ops at once (reads see them immediately) as one atomic unit, and resolves when they are durable.
   * A caller acknowledges nothing to a client before the promise resolves. Values are stored by reference:
   * treat every stored value as immutable and write a new object to change it.
   */
  write(ops: StoreOp[]): Promise<void>;
  /**
   * Writes `value` at `key` only if no row is there, durably, and resolves true; false when a row was there (of
   * another process too, on a shared store), writing nothing. The store takes the decision in its own order, so
   * of two claims of one key made at once, by one process or several, exactly one is true.
   */
  insertIfAbsent<K extends TableName>(table: K, key: string, value: Tables[K]): Promise<boolean>;
  /** Flushes what is pending and releases files. */
  close(): Promise<void>;
  /**
   * Why a write would fail now, for the health check; undefined while writes go through. Answers promptly even when
   * the storage does not (a database that stopped answering).
   */
  writeTrouble(): Promise<string | undefined>;
}

/**
 * A Store that several server processes share (PostgreSQL). Each keeps the tables in memory; `sync` brings in
 * what the others committed, and a write that collides with another process's write to the same key is refused
 * (the caller runs its request again after a `sync`). Decisions several processes must take together are made
 * to write a common key, so that two made at once collide.
 */
export interface SharedStore extends Store {
  /** Applies what other processes committed before the call. */
  sync(): Promise<void>;
  /**
   * `listener` runs after changes from other processes were applied to the tables, with each row's value before
   * and after in the order they were applied; with null when they cannot be told row by row (a write of this
   * process collided with them, or the tables were read again), so whatever was derived from the tables must be.
   */
  onExternalChange(listener: (changes: readonly ExternalChange[] | null) => void): void;
  /**
   * Takes `key` for this process for `leaseMs` (a webhook delivery about to be sent), unless another process
   * holds it; a dead process's claim lapses with its lease.
   */
  claim(key: string, leaseMs: number): Promise<boolean>;
  /** The project's secret `name`: `proposed` stored if the project has none yet, else the stored one. */
  secret(name: string, proposed: string): Promise<string>;
}

/** One row another process changed: its value before and after (undefined: absent). */
export type ExternalChange = {
  [K in TableName]: { table: K; key: string; before: Tables[K] | undefined; after: Tables[K] | undefined };
}[TableName];

/** A write refused because another process wrote one of its keys first (SharedStore). */
export function isConflict(e: unknown): boolean {
  return (e as { conflict?: unknown } | null)?.conflict === true;
}

export function isShared(store: Store): store is SharedStore {
  return typeof (store as Partial<SharedStore>).sync === 'function';
}

export interface Clock {
  now(): number; // epoch milliseconds
}

export const systemClock: Clock = { now: () => Date.now() };

export const isoTime = (ms: number) => new Date(ms).toISOString();

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
