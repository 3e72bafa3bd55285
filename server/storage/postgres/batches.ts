/** Local writes waiting for their commit, and a batch of them reduced to what each key ends as. */
import type { StoreOp } from '../../domain/ports.js';
import { PackedTable, type Rows } from '../packed-table.js';

/** What a key held before a pending write, to put back if the commit fails (as in the JournalStore). */
export interface Undo {
  table: string;
  key: string;
  previous: unknown;
  raw: boolean;
}

export interface Pending {
  ops: StoreOp[];
  undo: Undo[];
  resolve: () => void;
  reject: (e: Error) => void;
}

/** A key's state after a batch: its last value (undefined: deleted), and whether it was deleted on the way. */
export interface Final {
  table: string;
  key: string;
  json: string | undefined;
  wasDeleted: boolean;
}

export const rowId = (table: string, key: string) => `${table}\0${key}`;

/** The batch reduced to each key's last state, in the order keys were first touched. */
export function finalStates(batch: readonly Pending[]): Final[] {
  const states = new Map<string, Final>();
  for (const p of batch) {
    for (const op of p.ops) {
      const id = rowId(op.table, op.key);
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

/** What each op's key holds now (a packed table's row as its bytes), to put back with `restore`. */
export function undoOf(table: (name: string) => Rows, ops: readonly StoreOp[]): Undo[] {
  return ops.map((op) => {
    const rows = table(op.table);
    const raw = rows instanceof PackedTable;
    return { table: op.table, key: op.key, previous: raw ? rows.rawValue(op.key) : rows.get(op.key), raw };
  });
}

export function restore(table: (name: string) => Rows, undo: readonly Undo[]): void {
  for (const u of undo) {
    const rows = table(u.table);
    if (u.previous === undefined) rows.delete(u.key);
    else if (u.raw) (rows as PackedTable).setRaw(u.key, u.previous as Buffer);
    else rows.set(u.key, u.previous);
  }
}
