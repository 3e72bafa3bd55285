import { describe, expect, it } from 'vitest';
import { fitGlad, posteriors, type Observations } from '../../../../server/domain/psychometrics/glad.js';
import { labelRows } from '../../../helpers/label-rows.js';

/** rows: per item, each annotator's label (-1: not given) */
function obs(rows: number[][], classes = 2): Observations {
  return { ...labelRows(rows), classes };
}

describe('GLAD posteriors', () => {
  it('weighs each label by σ(αβ), worked by hand', () => {
    // α = ln 3, β = 1: σ = 3/4. Two say 0, one says 1: (3/4 · 3/4 · 1/4) : (1/4 · 1/4 · 3/4) = 3 : 1
    const a = Math.log(3);
    const p = posteriors(obs([[0, 0, 1]]), [a, a, a], [0], [0.5, 0.5]);
    // (to 9 places: the logs add 1e-12 against log 0)
    expect(p[0]).toBeCloseTo(0.75, 9);
    expect(p[1]).toBeCloseTo(0.25, 9);
    // three classes: a wrong label is one of two others, (1 − σ) / 2 = 1/8 each; one annotator says 2
    const q = posteriors(obs([[2]], 3), [a], [0], [1 / 3, 1 / 3, 1 / 3]);
    expect([...q].map((v) => +v.toFixed(9))).toEqual([0.125, 0.125, 0.75]);
  });
});

describe('GLAD fit', () => {
  // 8 items; annotators 0–2 agree on the truth (odd items 0, even 1), annotator 3 is right on half
  const truth = [0, 1, 0, 1, 0, 1, 0, 1];
  const rows = truth.map((t, i) => [t, t, t, i < 4 ? t : 1 - t]);

  it('ranks the noisy annotator below the agreeing ones and recovers the labels', () => {
    const fit = fitGlad(obs(rows));
    const [g1, g2, g3, noisy] = fit.alpha;
    expect(noisy).toBeLessThan(Math.min(g1, g2, g3));
    expect(g1).toBeCloseTo(g2, 9);
    truth.forEach((t, i) => expect(fit.posterior[i * 2 + t]).toBeGreaterThan(0.9));
    for (let i = 0; i < truth.length; i++) expect(fit.posterior[i * 2] + fit.posterior[i * 2 + 1]).toBeCloseTo(1, 12);
    // fewer labels that fit: a wider whisker
    expect(fit.alphaSe[3]).toBeGreaterThan(0);
    // deterministic
    expect(fitGlad(obs(rows)).alpha).toEqual(fit.alpha);
  });

  it('finds a systematically wrong annotator negative', () => {
    const flipped = truth.map((t) => [t, t, t, 1 - t]);
    expect(fitGlad(obs(flipped)).alpha[3]).toBeLessThan(0);
  });
});
