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
   * Applies the ops at once (reads see them immediately) as one atomic unit, and resolves when they are durable.
   * A caller acknowledges nothing to a client before the promise resolves. Values are stored by reference:
   * treat every stored value as immutable and write a new object to change it.
   */
  write(ops: StoreOp[]): Promise<void>;
  /** Flushes what is pending and releases files. */
  close(): Promise<void>;
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
