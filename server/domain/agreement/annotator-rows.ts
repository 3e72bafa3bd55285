/**
 * Which row of the answer index holds each annotator's answer to each instance.
 *
 * An annotator starts with a small hash table and moves to an array indexed by the instance's position once the
 * table would be as large: a crowd of workers each answering a few items of a large pool then costs what they
 * answered rather than workers × instances, and someone who answered much of the task gets the direct array.
 */
import type { Task } from '../task.js';
import { grown } from '../typed-arrays.js';

/** A new annotator's table: 8 pairs. */
const FIRST_LENGTH = 16;

export class AnnotatorRows {
  /**
   * per annotator, either a hash table of pairs (position + 1, row + 1), probed linearly and at most a quarter
   * full, or (once dense) row + 1 at each position; 0 is none in both
   */
  private readonly tables: Int32Array[] = [];
  /** per annotator: the positions their hash table holds a pair for, or -1 once dense */
  private readonly keys: number[] = [];

  constructor(private readonly task: Task) {}

  /** Makes room for one more annotator and returns their number. */
  add(): number {
    this.tables.push(new Int32Array(FIRST_LENGTH));
    this.keys.push(0);
    return this.tables.length - 1;
  }

  /** The row holding `annotator`'s answer to the instance at `position`, -1 for none. */
  get(annotator: number, position: number): number {
    const table = this.tables[annotator];
    if (this.keys[annotator] < 0) return position < table.length ? table[position] - 1 : -1;
    return table[slotOf(table, position) + 1] - 1;
  }

  /** Records that `annotator`'s answer to the instance at `position` is in `row` now (-1: they have none). */
  set(annotator: number, position: number, row: number): void {
    let table = this.tables[annotator];
    if (this.keys[annotator] < 0) {
      if (position >= table.length)
        this.tables[annotator] = table = grown(table, Math.max(this.task.instances.length, position + 1));
      table[position] = row + 1;
      return;
    }
    const at = slotOf(table, position);
    if (table[at] === 0) {
      if (row < 0) return;
      if (4 * (this.keys[annotator] + 1) > table.length) return this.grow(annotator, position, row);
      // a position stays in the table once answered, even when its answer goes: it is likely to come back
      table[at] = position + 1;
      this.keys[annotator]++;
    }
    table[at + 1] = row + 1;
  }

  /** A table twice the size for `annotator`, or the direct array once that is no larger; then the pending set. */
  private grow(annotator: number, position: number, row: number): void {
    const old = this.tables[annotator];
    const length = 2 * old.length;
    if (length >= this.task.instances.length) {
      let size = Math.max(this.task.instances.length, position + 1);
      for (let at = 0; at < old.length; at += 2) size = Math.max(size, old[at]);
      const dense = new Int32Array(size);
      for (let at = 0; at < old.length; at += 2) if (old[at]) dense[old[at] - 1] = old[at + 1];
      this.tables[annotator] = dense;
      this.keys[annotator] = -1;
    } else {
      const table = new Int32Array(length);
      for (let at = 0; at < old.length; at += 2) {
        if (!old[at]) continue;
        const to = slotOf(table, old[at] - 1);
        table[to] = old[at];
        table[to + 1] = old[at + 1];
      }
      this.tables[annotator] = table;
    }
    this.set(annotator, position, row);
  }
}

/** Where in a hash table the pair of `position` is, or would go. */
function slotOf(table: Int32Array, position: number): number {
  const mask = table.length - 2;
  let at = (mixed(position) << 1) & mask;
  while (table[at] !== 0 && table[at] !== position + 1) at = (at + 2) & mask;
  return at;
}

/** Spreads positions over the table, so that items taken at a regular stride do not share slots. */
function mixed(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return x ^ (x >>> 16);
}
