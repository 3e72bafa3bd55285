/**
 * Other processes' committed changes laid under this process's local writes: the writes not yet committed are
 * taken off, the changes applied, and the writes set on again in order, except those touching a key the changes
 * (or a write refused before them) touched. Those are refused so their request runs again on the newer state:
 * the first committer wins per key.
 */
import type { ExternalChange, StoreOp } from '../../domain/ports.js';
import type { Rows } from '../packed-table.js';
import { restore, rowId, undoOf, type Pending } from './batches.js';
import type { Change } from './change-log.js';

export interface Rebased {
  /** the local writes set on again, with their undo taken over the new state */
  kept: ReadonlySet<Pending>;
  refused: Pending[];
  /** each row the changes wrote, with what it held before, for the store's listeners */
  told: ExternalChange[];
}

/** `local`: the writes not yet committed, oldest first, all applied to the tables. */
export function rebase(table: (name: string) => Rows, changes: readonly Change[], local: readonly Pending[]): Rebased {
  for (let i = local.length - 1; i >= 0; i--) restore(table, local[i].undo);
  const touched = new Set<string>();
  const told: ExternalChange[] = [];
  for (const c of changes) {
    for (let i = 0; i < c.keys.length; i++) {
      const rows = table(c.tbls[i]);
      const key = c.keys[i];
      const before = rows.get(key);
      const value = c.vals[i];
      const after = value === null ? undefined : JSON.parse(value);
      if (after === undefined) rows.delete(key);
      else rows.set(key, after);
      told.push({ table: c.tbls[i], key, before, after } as ExternalChange);
      if (local.length) touched.add(rowId(c.tbls[i], key));
    }
  }
  const kept = new Set<Pending>();
  const refused: Pending[] = [];
  for (const p of local) {
    const ids = p.ops.map((op) => rowId(op.table, op.key));
    if (ids.some((id) => touched.has(id))) {
      refused.push(p);
      for (const id of ids) touched.add(id);
      continue;
    }
    p.undo = undoOf(table, p.ops);
    applyOps(table, p.ops);
    kept.add(p);
  }
  return { kept, refused, told };
}

function applyOps(table: (name: string) => Rows, ops: readonly StoreOp[]): void {
  for (const op of ops) {
    const rows = table(op.table);
    if ('delete' in op) rows.delete(op.key);
    else rows.set(op.key, op.value);
  }
}
