import { describe, expect, it } from 'vitest';
import { digamma, mace, type MaceData, type MaceOptions } from '../../../../server/domain/mace/mace.js';
import { labelRows } from '../../../helpers/label-rows.js';

/** Answers as rows: one label position per annotator per item, -1 where that annotator did not answer. */
function data(rows: number[][], labels: number): MaceData {
  return { ...labelRows(rows), labels };
}

const VB: MaceOptions = { restarts: 10, iterations: 50, seed: 7, priors: { alpha: 0.5, beta: 0.5 } };
const EM: MaceOptions = { restarts: 10, iterations: 50, seed: 7, priors: null };

/** 20 items of 3 labels, the truth cycling; reliable annotators answer it, others by their own rule */
const truth = Array.from({ length: 20 }, (_, i) => (i * 7) % 3);

describe('MACE', () => {
  for (const [name, options] of [
    ['Variational Bayes', VB],
    ['EM with smoothing', EM],
  ] as const) {
    describe(name, () => {
      it('gives an annotator who always answers one label a low competence, and reliable ones a high one', () => {
        // annotators 0–2 reliable (2 wrong on two items), 3 always answers label 0
        const rows = truth.map((t, i) => [t, t, i === 4 || i === 11 ? (t + 1) % 3 : t, 0]);
        const r = mace(data(rows, 3), options);
        expect(r.competence[3]).toBeLessThan(0.5);
        for (const j of [0, 1, 2]) expect(r.competence[j]).toBeGreaterThan(r.competence[3] + 0.4);
        expect(r.competence[0]).toBeGreaterThan(r.competence[2]);
        expect(Array.from(r.predicted)).toEqual(truth);
      });

      it("lets a reliable annotator's label win a disagreement against two spammers", () => {
        // annotators 0 and 1 answer the truth; 2 and 3 answer at random, each on their own
        const rows = truth.map((t, i) => [t, t, (i * 5 + 1) % 3, (i * i + 2) % 3]);
        // the item in question: the reliable annotator 0 says 1, the two spammers both say 2
        rows.push([1, -1, 2, 2]);
        const r = mace(data(rows, 3), options);
        expect(r.competence[0]).toBeGreaterThan(0.8);
        expect(r.competence[2]).toBeLessThan(0.4);
        expect(r.competence[3]).toBeLessThan(0.4);
        expect(r.predicted[rows.length - 1]).toBe(1);
      });

      it('with one annotator, predicts their answers', () => {
        const rows = truth.map((t) => [t]);
        const r = mace(data(rows, 3), options);
        expect(Array.from(r.predicted)).toEqual(truth);
        expect(r.competence).toHaveLength(1);
      });

      it('is the same for the same seed', () => {
        const rows = truth.map((t, i) => [t, (t + (i % 2)) % 3, i % 3, 2]);
        const a = mace(data(rows, 3), options);
        const b = mace(data(rows, 3), options);
        expect(Array.from(a.competence)).toEqual(Array.from(b.competence));
        expect(Array.from(a.posterior)).toEqual(Array.from(b.posterior));
        expect(a.logLikelihood).toBe(b.logLikelihood);
      });
    });
  }

  it('leaves an even split that nothing decides undecided, and gives it to the label listed first', () => {
    // two annotators, one item, two labels: nothing tells them apart, whatever the seed
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = mace(data([[1, 0]], 2), { ...VB, seed });
      expect(r.posterior[0]).toBeCloseTo(0.5, 5);
      expect(r.entropy[0]).toBeCloseTo(Math.log(2), 5);
      expect(r.predicted[0]).toBe(0);
    }
  });

  it('is certain of items everyone agrees on, and less so of split ones', () => {
    const rows = truth.map((t) => [t, t, t, t]);
    rows.push([0, 0, 1, 1]);
    const r = mace(data(rows, 3), VB);
    const agreed = Math.max(...r.entropy.subarray(0, truth.length));
    expect(agreed).toBeLessThan(0.01);
    // EM settles on trusting one pair a little more, so the split item is not fully undecided, but far less sure
    expect(r.entropy[truth.length]).toBeGreaterThan(10 * agreed);
  });

  it('keeps the start with the highest log-likelihood: more starts never find a worse one', () => {
    const rows = truth.map((t, i) => [t, (t + (i % 4 === 0 ? 1 : 0)) % 3, i % 3, (i * 5) % 3]);
    const one = mace(data(rows, 3), { ...EM, restarts: 1 });
    const many = mace(data(rows, 3), { ...EM, restarts: 20 });
    expect(many.logLikelihood).toBeGreaterThanOrEqual(one.logLikelihood);
    expect(Number.isFinite(many.logLikelihood)).toBe(true);
  });

  it("gives the data's log-likelihood exactly, also for an item with more answers than a float's range", () => {
    // with no iteration the weights are their priors' means: competence 1/2 and guesses uniform, so each item's
    // probability is (1/K) Σ_t Π (1/2 + 1/2K where the answer is t, 1/2K elsewhere), here in closed form
    const K = 2;
    const many = Array.from({ length: 1000 }, (_, j) => (j < 990 ? 0 : 1));
    const r = mace(data([many, [0, 1, -1], [1, 1, 1]], K), { ...VB, restarts: 1, iterations: 0 });
    const hit = Math.log(0.5 + 0.5 / K);
    const miss = Math.log(0.5 / K);
    const item = (agree: number, other: number) =>
      Math.log(1 / K) + agree * hit + other * miss + Math.log1p(Math.exp((other - agree) * (hit - miss)));
    expect(r.logLikelihood).toBeCloseTo(item(990, 10) + item(1, 1) + item(3, 0), 8);
    expect(r.predicted[0]).toBe(0);
  });

  it('leaves items no one answered out (predicted -1)', () => {
    const d = data(
      truth.map((t) => [t, t]),
      3,
    );
    const r = mace({ ...d, items: d.items + 1 }, VB);
    expect(r.predicted[d.items]).toBe(-1);
  });

  it('digamma matches known values', () => {
    expect(digamma(1)).toBeCloseTo(-0.5772156649, 9);
    expect(digamma(0.5)).toBeCloseTo(-1.963510026, 9);
    expect(digamma(10)).toBeCloseTo(2.2517525891, 9);
  });
});
