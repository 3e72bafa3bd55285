/**
 * What the assignment asks of the project's settings, and the order each strategy takes items in before
 * `planAssignment` applies the overlap limit and the cap to them.
 */
import type { AssignmentStrategy, Task } from '../task.js';

export interface AssignmentSettings {
  required(): number;
  cap(): number | null;
  strategy(): AssignmentStrategy;
  /**
   * active_learning: the order to hand items out in (undefined: task order, before the learner ranks), whether a
   * ranking is under way, and how many items go out at a time
   */
  activeOrder?(): { order?: readonly string[]; pending: boolean; batch: number };
  /** priority: the task's items in triage order */
  priorityOrder?(): readonly string[];
  /** psychometric: the items most informative for this annotator first (undefined: the model is not warm yet) */
  psychometricOrder?(username: string): readonly string[] | undefined;
  /** diversity_clustering: the admin's priority items, then round-robin across the corpus's clusters */
  diversityOrder?(username: string): readonly string[];
  /** batch: the items of the annotator's cohort in its order (none outside every cohort) */
  batchOrder?(username: string): readonly string[];
  /** batch: why an annotator was handed nothing (in no cohort, or theirs is full) */
  batchNone?(username: string): string;
}

export interface StrategyOrder {
  ids: readonly string[];
  /** the rule planAssignment applies to `ids` */
  strategy: AssignmentStrategy;
}

const taskOrder = (task: Task): string[] => task.instances.map((i) => i.id);

/**
 * The items in the order the strategy takes them from. `active` is active learning's order as it stands, read
 * once per plan by the caller, which also needs its batch size.
 */
export function strategyOrder(
  settings: AssignmentSettings,
  task: Task,
  username: string,
  active: { order?: readonly string[] } | undefined,
): StrategyOrder {
  // the learner's order as it stands (before it ranks: task order)
  if (active) return { ids: active.order ?? taskOrder(task), strategy: 'fixed_order' };
  const strategy = settings.strategy();
  if (strategy === 'priority') return { ids: settings.priorityOrder?.() ?? taskOrder(task), strategy: 'fixed_order' };
  if (strategy === 'psychometric') {
    const ranked = settings.psychometricOrder?.(username);
    // until the model is warm, at random (Potato's cold start)
    return ranked ? { ids: ranked, strategy: 'fixed_order' } : { ids: taskOrder(task), strategy: 'random' };
  }
  if (strategy === 'batch') return { ids: settings.batchOrder?.(username) ?? [], strategy: 'fixed_order' };
  if (strategy === 'diversity_clustering')
    return { ids: settings.diversityOrder?.(username) ?? taskOrder(task), strategy: 'fixed_order' };
  return { ids: taskOrder(task), strategy };
}
