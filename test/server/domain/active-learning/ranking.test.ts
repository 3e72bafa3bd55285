import { describe, expect, it } from 'vitest';
import { rankPositions } from '../../../../server/domain/active-learning/ranking.js';

const input = (randomShare: number, top = 1000) => {
  const unlabelled = Int32Array.from({ length: 1000 }, (_, i) => i * 2); // even positions unlabelled
  const labelled = Int32Array.from({ length: 1000 }, (_, i) => i * 2 + 1);
  // margins fall along the task, so the least certain are the last unlabelled items
  const margins = Float64Array.from(unlabelled, (p) => 5000 - p);
  return { scored: unlabelled, margins, unlabelled, labelled, top, randomShare, seed: 3 };
};

describe('active learning order', () => {
  it('puts the least certain first, then the rest of the unlabelled, then the labelled, each once', () => {
    const order = Array.from(rankPositions(input(0)));
    expect(order.slice(0, 3)).toEqual([1998, 1996, 1994]);
    expect(order).toHaveLength(2000);
    expect(new Set(order).size).toBe(2000);
    expect(order.slice(1000)).toEqual(Array.from({ length: 1000 }, (_, i) => i * 2 + 1));
  });

  it('gives about random_sample_percent of the slots to random unlabelled items, the same ones for the same seed', () => {
    const order = Array.from(rankPositions(input(0.2)));
    // with margins falling along the task, a slot holding anything but the highest unplaced position is random
    const first = order.slice(0, 500);
    const placed = new Set<number>();
    let next = 1998;
    let random = 0;
    for (const p of first) {
      if (p !== next) random++;
      placed.add(p);
      while (placed.has(next)) next -= 2;
    }
    expect(random / first.length).toBeGreaterThan(0.12);
    expect(random / first.length).toBeLessThan(0.28);
    expect(Array.from(rankPositions(input(0.2)))).toEqual(order);
    expect(new Set(order).size).toBe(2000);
  });

  it('orders only the `top` least certain exactly; the other scored items follow in task order', () => {
    const order = Array.from(rankPositions(input(0, 10)));
    expect(order.slice(0, 10)).toEqual([1998, 1996, 1994, 1992, 1990, 1988, 1986, 1984, 1982, 1980]);
    expect(order.slice(10, 13)).toEqual([0, 2, 4]);
  });
});
