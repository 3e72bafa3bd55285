/**
 * Where each instance sits in one annotator's list (checks, which the task does not hold, by id). A long list is
 * kept as an array by task position, a short one as a Map: a Map entry costs about ten times an array slot, but
 * an array per annotator costs the whole task, and a crowd of workers with a few items each of a large pool
 * would pay workers × instances for it.
 */
import type { Task } from '../task.js';

/** A list shorter than this share of the task is kept in a Map. */
const SHORT = 1 / 16;

export class ListIndex {
  /** list index + 1 by task position (0: absent), or the same in a Map for a short list */
  private readonly byPosition: Int32Array | Map<number, number>;
  private readonly checks = new Map<string, number>();
  /** how many instances the task had when the index was built */
  private readonly spans: number;

  constructor(
    private readonly task: Task,
    list: readonly string[],
  ) {
    this.spans = task.instances.length;
    const byPosition = list.length < this.spans * SHORT ? new Map<number, number>() : new Int32Array(this.spans);
    list.forEach((id, n) => {
      const position = task.positionById.get(id);
      if (position === undefined) this.checks.set(id, n + 1);
      else if (byPosition instanceof Map) byPosition.set(position, n + 1);
      else byPosition[position] = n + 1;
    });
    this.byPosition = byPosition;
  }

  /** Whether the index spans every instance of `task` (an import may have grown it since). */
  covers(task: Task): boolean {
    return this.spans >= task.instances.length;
  }

  /** The instance's index in the list, -1 when it is not in it. */
  indexOf(instanceId: string): number {
    const position = this.task.positionById.get(instanceId);
    if (position === undefined) return (this.checks.get(instanceId) ?? 0) - 1;
    const { byPosition } = this;
    return (byPosition instanceof Map ? (byPosition.get(position) ?? 0) : byPosition[position]) - 1;
  }
}
