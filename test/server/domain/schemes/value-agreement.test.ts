/**
 * Agreement on answers of several numbers over real HTTP: rating grids per row and over all rows, ranges on both
 * ends, distributions by Jensen–Shannon. The expected figures are worked out by hand in the comments, from
 * alpha = 1 − D_o / D_e with D_o = Σ_u Σ_{i≠j} δ²(v_i, v_j) / (m_u − 1) / n and D_e = Σ_{i≠j over all values} δ² / (n
 * (n − 1)).
 */
import { describe, expect, it } from 'vitest';
import { serve, submitAndRead } from './types/harness.js';
import { jensenShannon } from '../../../../server/domain/schemes/value-agreement.js';

const ITEMS = [
  { id: 'i1', text: 'one' },
  { id: 'i2', text: 'two' },
  { id: 'i3', text: 'three' },
];

/** Submits each annotator's answers, then reads a fresh report for `scheme`. */
async function agreementOf(
  schemes: Record<string, unknown>[],
  answers: Record<string, Record<string, Record<string, string>>>,
  scheme: string,
) {
  const t = await serve(schemes, ITEMS);
  for (const [user, byItem] of Object.entries(answers))
    for (const [item, given] of Object.entries(byItem)) await submitAndRead(t, user, item, given);
  const report = (await t.admin().get('/admin/api/agreement?fresh=true')).body;
  await t.close();
  return report.by_schema[scheme];
}

describe('agreement on answers of several numbers', () => {
  it('semantic_differential: interval alpha per pair and over all pairs', async () => {
    const scheme = {
      annotation_type: 'semantic_differential',
      name: 'tone',
      pairs: [
        ['cold', 'warm'],
        ['weak', 'strong'],
      ],
    };
    const point = (a: number, b: number) => ({ 'tone:cold__warm': String(a), 'tone:weak__strong': String(b) });
    const result = await agreementOf(
      [scheme],
      {
        ann: { i1: point(1, 7), i2: point(3, 1), i3: point(5, 4) },
        bob: { i1: point(2, 7), i2: point(3, 2), i3: point(4, 4) },
      },
      'tone',
    );
    // cold–warm: values 1,2 | 3,3 | 5,4; n = 6, D_o = (2 + 0 + 2) / 6; Σ_{i≠j}(v_i − v_j)² = 2 (6·64 − 18²) = 120,
    // D_e = 120 / 30 = 4; alpha = 1 − (4/6) / 4 = 5/6
    expect(result.by_row['cold__warm'].krippendorff_alpha).toBeCloseTo(5 / 6, 6);
    // weak–strong: 7,7 | 1,2 | 4,4; D_o = 2/6; 2 (6·135 − 25²) = 370, D_e = 370/30; alpha = 1 − 1/37
    expect(result.by_row['weak__strong'].krippendorff_alpha).toBeCloseTo(36 / 37, 6);
    // all twelve values as six units: D_o = 6/12; 2 (12·199 − 43²) = 1078, D_e = 1078/132; alpha = 506/539
    expect(result).toMatchObject({ level: 'interval', items_evaluated: 3, annotators: 2 });
    expect(result.krippendorff_alpha).toBeCloseTo(506 / 539, 6);
  });

  it('multirate: ordinal alpha on scale positions per option and over all options', async () => {
    const scheme = {
      annotation_type: 'multirate',
      name: 'grid',
      options: ['x', 'y'],
      labels: ['bad', 'ok', 'good'],
    };
    const result = await agreementOf(
      [scheme],
      {
        ann: {
          i1: { 'grid:x': 'good', 'grid:y': 'bad' },
          i2: { 'grid:x': 'bad', 'grid:y': 'good' },
          i3: { 'grid:x': 'ok', 'grid:y': 'ok' },
        },
        bob: {
          i1: { 'grid:x': 'good', 'grid:y': 'bad' },
          i2: { 'grid:x': 'ok', 'grid:y': 'good' },
          i3: { 'grid:x': 'ok' },
        },
      },
      'grid',
    );
    // x: positions 2,2 | 0,1 | 1,1: n_0 = 1, n_1 = 3, n_2 = 2, n = 6. Ordinal δ²: δ_01 = ((1+3)/2)² = 4,
    // δ_12 = ((3+2)/2)² = 6.25, δ_02 = (6 − 1.5)² = 20.25. D_o = 2·4/6; D_e = 2 (3·4 + 6·6.25 + 2·20.25)/30 = 6;
    // alpha = 1 − (8/6)/6 = 7/9
    expect(result.by_row.x).toMatchObject({ level: 'ordinal', items_evaluated: 3 });
    expect(result.by_row.x.krippendorff_alpha).toBeCloseTo(7 / 9, 6);
    // y: 0,0 | 2,2 (i3 answered by one annotator only): no disagreement
    expect(result.by_row.y).toMatchObject({ krippendorff_alpha: 1, items_evaluated: 2 });
    // together: n_0 = 3, n_1 = 3, n_2 = 4, n = 10; δ_01 = 9, δ_12 = 12.25, δ_02 = 6.5² = 42.25;
    // D_o = 2·9/10; D_e = 2 (9·9 + 12·12.25 + 12·42.25)/90 = 1470/90; alpha = 1 − 162/1470
    expect(result.krippendorff_alpha).toBeCloseTo(1 - 162 / 1470, 6);
    expect(result.items_evaluated).toBe(3);
  });

  it('range_slider: interval alpha on both ends together', async () => {
    const scheme = { annotation_type: 'range_slider', name: 'span', min_value: 0, max_value: 100 };
    const range = (low: number, high: number) => ({ 'span:range_low': String(low), 'span:range_high': String(high) });
    const result = await agreementOf(
      [scheme],
      { ann: { i1: range(10, 50), i2: range(60, 90) }, bob: { i1: range(20, 50), i2: range(60, 80) } },
      'span',
    );
    // δ² = ((Δlow)² + (Δhigh)²) / (2 · 100²): within units 100/20000 = 0.005 each, so D_o = 4 · 0.005 / 4;
    // across (10,50) (20,50) (60,90) (60,80): 0.005 + 0.205 + 0.17 + 0.16 + 0.125 + 0.005 = 0.67,
    // D_e = 2 · 0.67 / 12; alpha = 1 − 0.005 / 0.11167 = 64/67
    expect(result).toMatchObject({ level: 'range', items_evaluated: 2 });
    expect(result.krippendorff_alpha).toBeCloseTo(64 / 67, 6);
  });

  it('soft_label and constant_sum: alpha with the Jensen–Shannon divergence between the distributions', async () => {
    // J = JSD((½, ½), (1, 0)) = H(¾, ¼) − ½ = 0.811278 − 0.5
    const J = 0.311278;
    expect(jensenShannon([50, 50], [100, 0])).toBeCloseTo(J, 6);
    expect(jensenShannon([1, 0], [0, 1])).toBe(1);
    expect(jensenShannon([30, 70], [0.3, 0.7])).toBe(0);
    for (const type of ['soft_label', 'constant_sum']) {
      const scheme = { annotation_type: type, name: 'mood', labels: ['pos', 'neg'] };
      const shares = (pos: number, neg: number) => ({ 'mood:pos': String(pos), 'mood:neg': String(neg) });
      const result = await agreementOf(
        [scheme],
        {
          ann: { i1: shares(50, 50), i2: shares(100, 0), i3: shares(100, 0) },
          bob: { i1: shares(50, 50), i2: shares(100, 0), i3: shares(0, 100) },
        },
        'mood',
      );
      // (½,½) twice, (1,0) three times, (0,1) once; n = 6. D_o = 2 · 1 / 6 (only i3 differs, by JSD 1);
      // D_e = 2 (2·3·J + 2·1·J + 3·1·1) / 30 = (16J + 6) / 30; alpha = 1 − 10 / (16J + 6) = 0.089291
      expect(result, type).toMatchObject({ level: 'jensen_shannon', items_evaluated: 3 });
      expect(result.krippendorff_alpha, type).toBeCloseTo(0.089291, 5);
    }
  });
});
