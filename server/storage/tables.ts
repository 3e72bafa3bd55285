/** In-memory tables shared by every Store implementation: the state a journal replays into. */
import type { StoreOp, TableName, Tables } from '../domain/ports.js';

export type TableData = Map<string, Map<string, unknown>>;

/** Storage could not do what was asked (disk full, read-only, folder in use); answered 503. */
export class StorageError extends Error {}

export function tableOf(data: TableData, name: string): Map<string, unknown> {
  let table = data.get(name);
  if (!table) data.set(name, (table = new Map()));
  return table;
}

export function applyOps(data: TableData, ops: readonly StoreOp[]): void {
  for (const op of ops) {
    const table = tableOf(data, op.table);
    if ('delete' in op) table.delete(op.key);
    else table.set(op.key, op.value);
  }
}

/** Read access common to the implementations. */
export abstract class TableReader {
  protected data: TableData = new Map();

  get<K extends TableName>(table: K, key: string): Tables[K] | undefined {
    return this.data.get(table)?.get(key) as Tables[K] | undefined;
  }

  entries<K extends TableName>(table: K): IterableIterator<[string, Tables[K]]> {
    return tableOf(this.data, table).entries() as IterableIterator<[string, Tables[K]]>;
  }

  size(table: TableName): number {
    return this.data.get(table)?.size ?? 0;
  }

  toJSON(): Record<string, Record<string, unknown>> {
    const out: Record<string, Record<string, unknown>> = {};
    for (const [name, table] of this.data) out[name] = Object.fromEntries(table);
    return out;
  }

  protected load(tables: Record<string, Record<string, unknown>>): void {
    // for…in rather than Object.entries: at 1M rows the entries arrays alone were seconds of allocation and GC
    this.data = new Map();
    for (const name in tables) {
      const rows = tables[name];
      const table = new Map<string, unknown>();
      for (const key in rows) table.set(key, rows[key]);
      this.data.set(name, table);
    }
  }
}
