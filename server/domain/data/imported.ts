/**
 * Instances added to a running project. The config's data_files are re-read at every start, so imported
 * instances are kept in the store and added back at start (`restoreImported`), in the order they came in.
 * New instances also reach annotators who already have a list (`extendListsOps`).
 */
import { invalid } from '../errors.js';
import type { Store, StoreOp } from '../ports.js';
import { addInstances, type AssignmentStrategy, type Instance, type Task } from '../task.js';
import { planAssignment, type Assignments } from '../annotation/assignment.js';

interface ImportedInstanceRecord {
  instance: Instance;
  /** position among imported instances: store keys do not keep their order in a snapshot */
  seq: number;
  import_id: string;
  imported_at: string;
}

declare module '../ports.js' {
  interface Tables {
    /** key: instance id */
    imported_instances: ImportedInstanceRecord;
  }
}

/** Adds the stored imports to the task; returns ids skipped because the data files now hold them too. */
export function restoreImported(store: Store, task: Task): string[] {
  const records = [...store.entries('imported_instances')].map(([, r]) => r).sort((a, b) => a.seq - b.seq);
  const skipped = records.filter((r) => task.instanceById.has(r.instance.id)).map((r) => r.instance.id);
  addInstances(
    task,
    records.filter((r) => !task.instanceById.has(r.instance.id)).map((r) => r.instance),
  );
  return skipped;
}

/** The ops that keep `added` (already checked for duplicates) across restarts. */
export function importOps(store: Store, added: readonly Instance[], importId: string, now: string): StoreOp[] {
  let seq = store.size('imported_instances');
  return added.map((instance) => ({
    table: 'imported_instances',
    key: instance.id,
    value: { instance, seq: seq++, import_id: importId, imported_at: now },
  }));
}

/** Refuses an id the task has already, or one given twice; `where(n)` names the place of the n-th instance. */
export function checkNew(task: Task, added: readonly Instance[], where: (n: number) => string): void {
  const seen = new Map<string, number>();
  added.forEach((instance, n) => {
    if (task.instanceById.has(instance.id))
      throw invalid(`${where(n)}: duplicate instance id "${instance.id}" (already in the project)`);
    const first = seen.get(instance.id);
    if (first !== undefined)
      throw invalid(`${where(n)}: duplicate instance id "${instance.id}" (first at ${where(first)})`);
    seen.set(instance.id, n);
  });
}

export interface ListSettings {
  required: number;
  cap: number | null;
  strategy: AssignmentStrategy;
  /** under batch, the items whose `annotator_key` field names the annotator (none without cohorts) */
  keyedItems?: (username: string) => readonly string[];
}

/**
 * Appends new instances to the lists annotators already have, within each annotator's cap (counting task
 * instances only: quality-control items do not count). Only without an overlap limit: lists are then planned
 * whole, once, and would never see the new instances. With a limit, lists grow in batches as annotators near
 * their end (Assignments.planFor), which picks new instances up by itself; appending them here would let the
 * earliest annotators reserve them.
 */
export function extendListsOps(
  assignments: Assignments,
  task: Task,
  usernames: Iterable<string>,
  addedIds: readonly string[],
  s: ListSettings,
): StoreOp[] {
  // active learning grows lists in batches too, and its order takes new instances in
  if (Number.isFinite(s.required) || s.strategy === 'active_learning') return [];
  const ops: StoreOp[] = [];
  const isNew = new Set(addedIds);
  for (const username of usernames) {
    const list = assignments.listOf(username);
    if (!list) continue;
    // under batch an imported item is in no group: it goes only to those its annotator_key field names
    const ids = s.strategy === 'batch' ? (s.keyedItems?.(username) ?? []).filter((id) => isNew.has(id)) : addedIds;
    if (!ids.length) continue;
    const taskItems = list.filter((id) => task.positionById.has(id) && !isNew.has(id)).length;
    const room = s.cap === null ? null : Math.max(0, s.cap - taskItems);
    if (room === 0) continue;
    const more = planAssignment({
      ids,
      holders: (id) => assignments.holders(id),
      required: s.required,
      cap: room,
      strategy: s.strategy,
      username,
    });
    if (more.length) ops.push(assignments.replaceOp(username, [...list, ...more]));
  }
  return ops;
}
