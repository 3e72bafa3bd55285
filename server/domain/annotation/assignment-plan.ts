/**
 * The pure choice of the instances an annotator's list gets by the project's strategy, kept apart from the
 * bookkeeping of who holds what so the rule can be read (and tested) on its own.
 */
import type { AssignmentStrategy } from '../task.js';
import { hashString, seededRandom } from '../seeded-random.js';

export interface PlanInput {
  ids: readonly string[]; // candidate ids in task order
  holders: (id: string) => number;
  required: number;
  cap: number | null;
  strategy: AssignmentStrategy;
  username: string;
}

/** The pure choice of an annotator's list. */
export function planAssignment({ ids, holders, required, cap, strategy, username }: PlanInput): string[] {
  // without an overlap limit no instance is full, and the counts need not be asked
  let open = Number.isFinite(required) ? ids.filter((id) => holders(id) < required) : ids.slice();
  if (strategy === 'random') {
    const random = seededRandom(hashString(username));
    open = open.slice();
    for (let i = open.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [open[i], open[j]] = [open[j], open[i]];
    }
  } else if (strategy === 'least_annotated') {
    const position = new Map(ids.map((id, n) => [id, n]));
    open = open.slice().sort((a, b) => holders(a) - holders(b) || position.get(a)! - position.get(b)!);
  }
  return cap === null ? open : open.slice(0, cap);
}
