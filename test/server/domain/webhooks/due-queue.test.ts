import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DueQueue } from '../../../../server/domain/webhooks/due-queue.js';

describe('due queue', () => {
  it('pops in due order whatever the order of pushes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 200 }), (dues) => {
        const q = new DueQueue();
        dues.forEach((due, i) => q.push({ due, id: `d${i}` }));
        expect(q.size).toBe(dues.length);
        const out: number[] = [];
        while (q.size) {
          const peek = q.peekDue();
          const item = q.pop();
          expect(item.due).toBe(peek);
          out.push(item.due);
        }
        expect(out).toEqual([...dues].sort((a, b) => a - b));
      }),
    );
  });
});
