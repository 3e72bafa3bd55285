/**
 * How many annotators' lists hold each instance. Kept as a typed array by task position (quality-control checks,
 * which have none, in a map by id) because every hand-out under an overlap limit consults it, and a Map of a
 * large task's ids would cost far more memory; the open count follows each change instead of being recounted.
 */
import type { Task } from '../task.js';
import { grown } from '../typed-arrays.js';

export class HolderCounts {
  private byPosition: Int32Array;
  private readonly checks = new Map<string, number>();
  /** task instances held by fewer lists than `required`, kept in step by `add` while required and size hold */
  private open: { required: number; size: number; count: number } | undefined;

  constructor(private readonly task: Task) {
    this.byPosition = new Int32Array(task.instances.length);
  }

  /** Counts `ids` into (delta +1) or out of (-1) their holders. */
  add(ids: readonly string[], delta: number): void {
    // the task grew by an import
    if (this.byPosition.length < this.task.instances.length)
      this.byPosition = grown(this.byPosition, this.task.instances.length);
    const positions = this.task.positionById;
    const open = this.open;
    for (const id of ids) {
      const position = positions.get(id);
      if (position === undefined) {
        this.checks.set(id, (this.checks.get(id) ?? 0) + delta);
        continue;
      }
      const was = this.byPosition[position];
      const now = (this.byPosition[position] = was + delta);
      if (open && was < open.required !== now < open.required) open.count += now < open.required ? 1 : -1;
    }
  }

  /** How many lists hold the instance. */
  of(instanceId: string): number {
    const position = this.task.positionById.get(instanceId);
    return position === undefined ? (this.checks.get(instanceId) ?? 0) : (this.byPosition[position] ?? 0);
  }

  /** Task instances with fewer holders than `required`, counted once per setting and then kept by `add`. */
  openCount(required: number): number {
    const size = this.task.instances.length;
    if (!this.open || this.open.required !== required || this.open.size !== size) {
      let n = 0;
      for (let p = 0; p < size; p++) if ((this.byPosition[p] ?? 0) < required) n++;
      this.open = { required, size, count: n };
    }
    return this.open.count;
  }
}
