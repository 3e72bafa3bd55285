import { describe, expect, it } from 'vitest';
import { designStudy } from '../../../../server/domain/psychometrics/design.js';

const q = { items: 50, classes: 2, targetCi: 0.3, maxAnnotators: 4, sims: 20, cost: 0.5 };

describe('the study designer', () => {
  it('gives perfect annotators an alpha of 1 with no spread, and prices the judgments', () => {
    const { rows, recommended } = designStudy({ ...q, accuracy: 1 });
    expect(rows.map((r) => r.annotators_per_item)).toEqual([2, 3, 4]);
    expect(rows[0]).toEqual({
      annotators_per_item: 2,
      alpha: 1,
      alpha_lo: 1,
      alpha_hi: 1,
      width: 0,
      majority_accuracy: 1,
      judgments: 100,
      cost: 50,
      recommended: true,
    });
    expect(recommended).toBe(2);
  });

  it('finds coin-flipping annotators near zero agreement, majority near chance, and is seeded', () => {
    const a = designStudy({ ...q, accuracy: 0.5, targetCi: 0.001 });
    for (const r of a.rows) {
      expect(Math.abs(r.alpha!)).toBeLessThan(0.1);
      expect(r.majority_accuracy).toBeGreaterThan(0.4);
      expect(r.majority_accuracy).toBeLessThan(0.6);
      expect(r.alpha_lo!).toBeLessThanOrEqual(r.alpha!);
    }
    expect(a.recommended).toBeNull();
    expect(designStudy({ ...q, accuracy: 0.5, targetCi: 0.001 })).toEqual(a);
  });

  it('makes more annotators per item narrow the interval', () => {
    const { rows } = designStudy({ ...q, items: 100, accuracy: 0.75, maxAnnotators: 6, sims: 40 });
    expect(rows[4].width!).toBeLessThan(rows[0].width!);
    expect(rows[4].majority_accuracy).toBeGreaterThan(rows[0].majority_accuracy);
  });
});
