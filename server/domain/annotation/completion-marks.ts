/**
 * Which task instances have a stored completion row, by task position: read from the store at first need and
 * kept by the one place that writes completions. Every submission to an instance that has its annotators asks;
 * asking the store decoded a row each time (and, for a row left in a pack file, read it from disk).
 */
import type { Store } from '../ports.js';
import type { Task } from '../task.js';
import { grown } from '../typed-arrays.js';

export class CompletionMarks {
  private marks: Uint8Array | undefined;

  constructor(
    private readonly store: Store,
    private readonly task: Task,
  ) {}

  has(instanceId: string): boolean {
    const position = this.task.positionById.get(instanceId);
    return position !== undefined && this.loaded()[position] === 1;
  }

  /** Notes a completion row about to be written. */
  mark(instanceId: string): void {
    const position = this.task.positionById.get(instanceId);
    if (position === undefined) return;
    let marks = this.loaded();
    // the task grew by an import
    if (position >= marks.length) marks = this.marks = grown(marks, this.task.instances.length);
    marks[position] = 1;
  }

  /** Forgets what was read; after a failed write, which the store has undone. */
  forget(): void {
    this.marks = undefined;
  }

  private loaded(): Uint8Array {
    if (!this.marks) {
      this.marks = new Uint8Array(this.task.instances.length);
      for (const key of this.store.keys('completions')) {
        const position = this.task.positionById.get(key);
        if (position !== undefined) this.marks[position] = 1;
      }
    }
    return this.marks;
  }
}
