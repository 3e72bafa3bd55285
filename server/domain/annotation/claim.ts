/**
 * Search-and-claim (Potato's `search.annotator_claim`): an annotator finds items by searching the whole task and
 * pulls one into their own list. That is self-selection, so it is open only where no design depends on the
 * server choosing the items: one annotator per item in the task's order, no quality-control items (which could
 * be found and avoided), no adjudication queue, no crowd platform paying per assigned list.
 */
import { conflict, notFound } from '../errors.js';
import type { StoreOp, Store } from '../ports.js';
import type { Task } from '../task.js';
import type { Assignments } from './assignment.js';

export interface ClaimDesign {
  strategy: string;
  /** annotators per item (null: no overlap limit) */
  perItem: number | null;
  qualityChecks: boolean;
  adjudication: boolean;
  crowdLogin: boolean;
}

/** What in a design rules claiming out, each as the config key that does, or none. */
export function claimConflicts(d: ClaimDesign): string[] {
  const out: string[] = [];
  if (d.strategy !== 'fixed_order')
    out.push(`assignment_strategy "${d.strategy}" (the server's order would be bypassed)`);
  if (d.perItem !== null && d.perItem > 1)
    out.push(`num_annotators_per_item ${d.perItem} (the overlap agreement needs could not be kept)`);
  if (d.qualityChecks) out.push('attention_checks/gold_standards (check items could be found and avoided)');
  if (d.adjudication) out.push('adjudication (its queue is chosen by the server)');
  if (d.crowdLogin) out.push('a crowd platform login (a worker is paid for the list the platform assigns)');
  return out;
}

export interface ClaimSources {
  task: Task;
  store: Store;
  assignments: Assignments;
  /** the annotator's list, planned on first use (and the gates checked: phases, blocks) */
  listOf(username: string): Promise<readonly string[]>;
  /** the runtime settings' part of the design: they may change while the server runs */
  design(): ClaimDesign;
}

/** Adds a task item to the annotator's list; claiming one already there says so and changes nothing. */
export async function claimItem(
  s: ClaimSources,
  username: string,
  instanceId: string,
): Promise<{ claimed: string; already_assigned: boolean; position: number }> {
  const problems = claimConflicts(s.design());
  if (problems.length) throw conflict(`claiming is closed while the project uses ${problems.join(', ')}`);
  if (!s.task.positionById.has(instanceId)) throw notFound(`instance_id: no item with id "${instanceId}"`);
  await s.listOf(username);
  // read again after the await: another claim of the same annotator may have grown the list meanwhile
  const at = s.assignments.positionOf(username, instanceId);
  if (at >= 0) return { claimed: instanceId, already_assigned: true, position: at };
  const list = s.assignments.listOf(username) ?? [];
  const op: StoreOp = s.assignments.replaceOp(username, [...list, instanceId]);
  try {
    await s.store.write([op]);
  } catch (e) {
    s.assignments.recount();
    throw e;
  }
  return { claimed: instanceId, already_assigned: false, position: list.length };
}
