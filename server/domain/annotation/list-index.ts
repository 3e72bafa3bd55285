/**
 * Where each instance sits in one annotator's list. Typed by task position (list index + 1, 0 for absent; checks
 * by id) because a Map per annotator of a long list costs about ten times the memory of this array.
 */
import type { Task } from '../task.js';

export class ListIndex {
  private readonly byPosition: Int32Array;
  private readonly checks = new Map<string, number>();

  constructor(
    private readonly task: Task,
    list: readonly string[],
  ) {
    this.byPosition = new Int32Array(task.instances.length);
    list.forEach((id, n) => {
      const position = task.positionById.get(id);
      if (position === undefined) this.checks.set(id, n + 1);
      else this.byPosition[position] = n + 1;
    });
  }

  /** Whether the index spans every instance of `task` (an import may have grown it since). */
  covers(task: Task): boolean {
    return this.byPosition.length >= task.instances.length;
  }

  /** The instance's index in the list, -1 when it is not in it. */
  indexOf(instanceId: string): number {
    const position = this.task.positionById.get(instanceId);
    return (position === undefined ? (this.checks.get(instanceId) ?? 0) : this.byPosition[position]) - 1;
  }
}
