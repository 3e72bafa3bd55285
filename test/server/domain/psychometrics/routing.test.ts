import { describe, expect, it } from 'vitest';
import { expectedGain, rankByGain } from '../../../../server/domain/psychometrics/routing.js';

describe('expected information gain', () => {
  it('is the entropy now minus the entropy expected after the label, worked by hand', () => {
    // p = (½, ½), right with ¾: either label is seen with ½ and leaves (¾, ¼)
    const h = (p: number[]) => -p.reduce((s, x) => s + x * Math.log(x), 0);
    expect(expectedGain([0.5, 0.5], 0.75)).toBeCloseTo(Math.log(2) - h([0.75, 0.25]), 12);
    expect(expectedGain([0.5, 0.5], 0.75)).toBeCloseTo(0.130812, 6);
    // a coin-flipping annotator tells nothing; a settled item learns nothing
    expect(expectedGain([0.5, 0.5], 0.5)).toBeCloseTo(0, 12);
    expect(expectedGain([1, 0], 0.9)).toBeCloseTo(0, 12);
  });

  it('ranks the least settled items first for an able annotator and stops resolved ones', () => {
    const items = [
      { id: 'settled', posterior: [0.97, 0.03], ease: 1, annotators: 3 },
      { id: 'settled-but-thin', posterior: [0.97, 0.03], ease: 1, annotators: 1 },
      { id: 'open', posterior: [0.5, 0.5], ease: 1, annotators: 2 },
      { id: 'leaning', posterior: [0.8, 0.2], ease: 1, annotators: 2 },
    ];
    expect(rankByGain(items, 1, { confidence: 0.95, minAnnotators: 2 })).toEqual([
      'open',
      'leaning',
      'settled-but-thin',
    ]);
  });
});
