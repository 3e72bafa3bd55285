/** Local writes waiting for their commit, and a batch of them reduced to what each key ends as. */
import type { StoreOp } from '../../domain/ports.js';

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
