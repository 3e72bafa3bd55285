import { describe, expect, it } from 'vitest';
import {
  calibration,
  itemVerdict,
  type Prediction,
} from '../../../../server/domain/truth-serum/surprisingly-popular.js';

const LABELS = ['Sarcastic', 'Sincere'];
const p = (annotator: string, label: string, pct: number, instance_id = 't2'): Prediction => ({
  instance_id,
  annotator,
  label,
  predicted_pct: pct,
});

// worked on paper: Sincere 2 of 3 = 66.67% actual, predicted (95 + 90) / 2 = 92.5 → surprise −25.83;
// Sarcastic 1 of 3 = 33.33% actual, predicted 20 → surprise +13.33: the minority label is the verdict
const hard = [p('alice', 'Sincere', 95), p('bob', 'Sincere', 90), p('carol', 'Sarcastic', 20)];

describe('surprisingly-popular verdicts', () => {
  it('picks the label more popular than its choosers predicted, not the majority', () => {
    const v = itemVerdict('t2', hard, LABELS, 3);
    expect(v.majority_label).toBe('Sincere');
    expect(v.sp_label).toBe('Sarcastic');
    expect(v.disagrees).toBe(true);
    expect(v.labels.map((l) => l.label)).toEqual(['Sarcastic', 'Sincere']);
    expect(v.labels[0].actual_pct).toBeCloseTo(100 / 3, 9);
    expect(v.labels[0].predicted_pct).toBe(20);
    expect(v.labels[0].surprise).toBeCloseTo(100 / 3 - 20, 9);
    expect(v.labels[1].predicted_pct).toBe(92.5);
    expect(v.labels[1].surprise).toBeCloseTo(200 / 3 - 92.5, 9);
  });

  it('agrees with the majority when the majority predicted modestly', () => {
    // Sincere 66.67 − 50 = +16.67; Sarcastic 33.33 − 60 = −26.67
    const v = itemVerdict('t1', [p('a', 'Sincere', 50), p('b', 'Sincere', 50), p('c', 'Sarcastic', 60)], LABELS, 3);
    expect(v.sp_label).toBe('Sincere');
    expect(v.disagrees).toBe(false);
  });

  it('gives no verdict below the minimum, and breaks ties by the scheme order', () => {
    expect(itemVerdict('t2', hard, LABELS, 4).sp_label).toBeNull();
    expect(itemVerdict('t2', hard, LABELS, 4).disagrees).toBe(false);
    // one vote each, equal surprise (50 − 50): the first label of the scheme
    const tie = itemVerdict('t3', [p('a', 'Sincere', 50), p('b', 'Sarcastic', 50)], LABELS, 2);
    expect(tie.majority_label).toBe('Sarcastic');
    expect(tie.sp_label).toBe('Sarcastic');
  });
});

describe('annotator calibration', () => {
  it('compares each prediction with the agreement of the other annotators on the item', () => {
    const byItem = new Map([['t2', hard]]);
    const verdicts = new Map([['t2', itemVerdict('t2', hard, LABELS, 3)]]);
    const c = calibration(byItem, verdicts);
    // alice: of bob and carol one chose Sincere → 50%; predicted 95 → error 45, overconfident by 45
    expect(c.get('alice')).toEqual({ n_predictions: 1, calibration_error: 45, bias: 45, sp_alignment: 0 });
    expect(c.get('bob')).toEqual({ n_predictions: 1, calibration_error: 40, bias: 40, sp_alignment: 0 });
    // carol: neither other chose Sarcastic → 0%; predicted 20
    expect(c.get('carol')).toEqual({ n_predictions: 1, calibration_error: 20, bias: 20, sp_alignment: 1 });
  });

  it('leaves the figures empty for a lone prediction', () => {
    const one = [p('dave', 'Sincere', 70, 't9')];
    const c = calibration(new Map([['t9', one]]), new Map([['t9', itemVerdict('t9', one, LABELS, 2)]]));
    expect(c.get('dave')).toEqual({ n_predictions: 1, calibration_error: null, bias: null, sp_alignment: null });
  });
});
