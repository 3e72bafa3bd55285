/** In-memory tables shared by every Store implementation: the state a journal replays into. */
import type { StoreOp, TableName, Tables } from '../domain/ports.js';
import { PackedTable, type Rows } from './packed-table.js';
import { outlineOf } from './value-outline.js';

export type TableData = Map<string, Rows>;

/** Storage could not do what was asked (disk full, read-only, folder in use); answered 503. */
export class StorageError extends Error {}

/**
 * Another server process on the same project changed a key this write changes, after this process last read it
 * (first committer wins): the write was undone, and the request runs again on the newer state.
 */
export class ConflictError extends StorageError {
  readonly conflict = true;
}

/** Read access common to the implementations, over tables that are Maps or, where asked, PackedTables. */
export abstract class TableReader {
  protected data: TableData = new Map();

  /** `packed`: tables of many small rows, kept as bytes (see packed-table.ts) */
  protected constructor(protected readonly packed: ReadonlySet<string> = new Set()) {}

  protected table(name: string): Rows {
    let table = this.data.get(name);
    if (!table) this.data.set(name, (table = this.packed.has(name) ? new PackedTable() : new Map<string, unknown>()));
    return table;
  }

  protected apply(ops: readonly StoreOp[]): void {
    for (const op of ops) {
      const table = this.table(op.table);
      if ('delete' in op) table.delete(op.key);
      else table.set(op.key, op.value);
    }
  }

  get<K extends TableName>(table: K, key: string): Tables[K] | undefined {
    return this.data.get(table)?.get(key) as Tables[K] | undefined;
  }

  entries<K extends TableName>(table: K): IterableIterator<[string, Tables[K]]> {
    return this.table(table).entries() as IterableIterator<[string, Tables[K]]>;
  }

  outline<K extends TableName, V extends keyof Tables[K] & string, C extends keyof Tables[K] & string>(
    table: K,
    values: readonly V[],
    counts: readonly C[],
  ): IterableIterator<Pick<Tables[K], V> & Record<C, number>> {
    const rows = this.table(table);
    type Outline = Pick<Tables[K], V> & Record<C, number>;
    if (rows instanceof PackedTable) return rows.outline(values, counts) as IterableIterator<Outline>;
    return outlines(rows.entries(), values, counts) as IterableIterator<Outline>;
  }

  keys(table: TableName): IterableIterator<string> {
    return this.table(table).keys();
  }

  /** The names of the tables written so far (a tool's view; the domain names its tables itself). */
  tableNames(): string[] {
    return [...this.data.keys()];
  }

  size(table: TableName): number {
    return this.data.get(table)?.size ?? 0;
  }

  toJSON(): Record<string, Record<string, unknown>> {
    const out: Record<string, Record<string, unknown>> = {};
    for (const [name, table] of this.data) out[name] = Object.fromEntries(table);
    return out;
  }

  /** Replaces the tables with parsed snapshot rows (and already loaded packed tables). */
  protected load(tables: Record<string, Record<string, unknown>>, packs: ReadonlyMap<string, Rows> = new Map()): void {
    this.data = new Map(packs);
    for (const name in tables) {
      const rows = tables[name];
      const table = this.table(name);
      // for…in rather than Object.entries: at 1M rows the entries arrays alone were seconds of allocation and GC
      for (const key in rows) table.set(key, rows[key]);
    }
  }
}

function* outlines(
  rows: IterableIterator<[string, unknown]>,
  values: readonly string[],
  counts: readonly string[],
): IterableIterator<Record<string, unknown>> {
  for (const [, value] of rows) yield outlineOf(value, values, counts);
}
