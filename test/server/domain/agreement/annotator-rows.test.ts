import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnnotatorRows } from '../../../../server/domain/agreement/annotator-rows.js';
import { createTask, type Instance } from '../../../../server/domain/task.js';

const ANNOTATORS = 3;
const items = (n: number, from = 0): Instance[] =>
  Array.from({ length: n }, (_, i) => ({ id: `i${from + i}`, text: 'text', data: {} }));

// any position, or one of items taken at a stride (which must not share slots); row -1 empties an answer
const position = fc.oneof(
  { weight: 4, arbitrary: fc.nat(3_999) },
  { weight: 1, arbitrary: fc.nat(15).map((k) => k * 64) },
);
const answer = fc.tuple(fc.nat(ANNOTATORS - 1), position, fc.integer({ min: -1, max: 50_000 }));
const addItems = fc.constant('add items' as const);

describe('annotator rows', () => {
  it('gives back the row last set for each annotator and instance, through growth, the direct array and new items', () => {
    fc.assert(
      // answers on a task of 1,000 items (enough to move an annotator to the direct array), then items added among more
      fc.property(
        fc.array(answer, { maxLength: 2_000, size: 'max' }),
        fc.array(fc.oneof({ weight: 10, arbitrary: answer }, { weight: 1, arbitrary: addItems }), { maxLength: 300 }),
        (first, then) => {
          const task = createTask([], items(1_000), {});
          const rows = new AnnotatorRows(task);
          for (let a = 0; a < ANNOTATORS; a++) expect(rows.add()).toBe(a);
          const model = Array.from({ length: ANNOTATORS }, () => new Map<number, number>());
          for (const step of [...first, ...then]) {
            if (step === 'add items') {
              items(100, task.instances.length).forEach((i) => task.positionById.set(i.id, task.instances.push(i) - 1));
              continue;
            }
            const [annotator, anywhere, row] = step;
            const at = anywhere % task.instances.length; // the index sets only positions the task has
            rows.set(annotator, at, row);
            model[annotator].set(at, row);
          }
          const wrong: string[] = [];
          for (let a = 0; a < ANNOTATORS; a++)
            for (let at = 0; at < task.instances.length; at++) {
              const row = rows.get(a, at);
              if (row !== (model[a].get(at) ?? -1)) wrong.push(`annotator ${a} at ${at}: row ${row}`);
            }
          expect(wrong).toEqual([]);
        },
      ),
      // shrinking thousands of steps takes minutes; the failure lists the positions that came back wrong
      { numRuns: 30, endOnFailure: true },
    );
  });
});
