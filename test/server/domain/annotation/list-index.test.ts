/**
 * Where an instance sits in an annotator's list: the same answers for a short list and a long one, checks found by
 * id, a grown task noticed; and a crowd of short lists over a large pool costs what the lists hold.
 */
import { describe, expect, it } from 'vitest';
import { Assignments } from '../../../../server/domain/annotation/assignment.js';
import { ListIndex } from '../../../../server/domain/annotation/list-index.js';
import { addCheckInstances, addInstances, createTask } from '../../../../server/domain/task.js';
import { PACKED_TABLES } from '../../../../server/index.js';
import { MemoryStore } from '../../../../server/storage/memory-store.js';

const item = (id: string) => ({ id, text: `text of ${id}`, data: {} });
const taskOf = (n: number) =>
  createTask(
    [],
    Array.from({ length: n }, (_, i) => item(`i${i}`)),
    {},
  );

describe('ListIndex', () => {
  it('finds each instance of a short list and of a long one, checks by id, and -1 for the rest', () => {
    const task = taskOf(1_000);
    addCheckInstances(task, [item('qc-1')]);
    const short = ['i900', 'qc-1', 'i3', 'i500']; // far below a sixteenth of the task
    const long = Array.from({ length: 400 }, (_, n) => `i${(n * 2 + 500) % 1_000}`).concat('qc-1'); // even ids
    for (const list of [short, long]) {
      const index = new ListIndex(task, list);
      list.forEach((id, n) => expect(index.indexOf(id)).toBe(n));
      expect(index.indexOf('i1')).toBe(-1); // in the task, not in either list
      expect(index.indexOf('qc-2')).toBe(-1);
      expect(index.indexOf('nope')).toBe(-1);
    }
  });

  it('says when the task has grown past it', () => {
    const task = taskOf(100);
    const index = new ListIndex(task, ['i1', 'i2']);
    expect(index.covers(task)).toBe(true);
    addInstances(task, [item('new')]);
    expect(index.covers(task)).toBe(false);
    expect(new ListIndex(task, ['i1', 'new']).indexOf('new')).toBe(1);
  });

  it('costs what a crowd was given, not workers × instances: 2,000 workers with 20 of 100,000 items each', async () => {
    const task = taskOf(100_000);
    const store = new MemoryStore(PACKED_TABLES);
    const settings = { required: () => Infinity, cap: () => null, strategy: () => 'fixed_order' as const };
    const assignments = new Assignments(store, task, settings, () => '2026-01-01T00:00:00.000Z');
    const listOf = (w: number) => Array.from({ length: 20 }, (_, k) => `i${((w * 20 + k) * 97) % 100_000}`);
    const workers = Array.from({ length: 2_000 }, (_, w) => w);
    await store.write(workers.map((w) => assignments.replaceOp(`w${w}`, listOf(w))));
    const before = process.memoryUsage().arrayBuffers;
    // each worker's positions are built at their first lookup and kept
    for (const w of workers) expect(assignments.positionOf(`w${w}`, listOf(w)[7])).toBe(7);
    const used = process.memoryUsage().arrayBuffers - before;
    // an array over the whole task for each worker would be 2,000 × 400 KB = 800 MB
    expect(used).toBeLessThan(8 * 2 ** 20);
    expect(assignments.positionOf('w5', listOf(6)[0])).toBe(-1);
  });
});
