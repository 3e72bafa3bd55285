import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alphaOf,
  Coincidences,
  EXACT_PAIRS,
  jaccardDistance,
  UndefinedAgreement,
  type Level,
} from '../../../../server/domain/agreement/alpha.js';
import { krippendorffAlpha } from '../../../helpers/reference-measures.js';

const _ = null;

/**
 * Krippendorff, K. (2011). Computing Krippendorff's Alpha-Reliability. Annenberg School for Communication,
 * University of Pennsylvania. Section C: four observers, twelve units, values 1–5, with missing values.
 */
const KRIPPENDORFF_2011 = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],
  [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],
];

/** Wikipedia, "Krippendorff's alpha", the worked example: three coders, fifteen units, values 1–4. */
const WIKIPEDIA = [
  [_, _, _, _, _, 3, 4, 1, 2, 1, 1, 3, 3, _, 3],
  [1, _, 2, 1, 3, 3, 4, 3, _, _, _, _, _, _, _],
  [_, _, 2, 1, 3, 4, 4, _, 2, 1, 1, 3, 3, _, 4],
];

describe("Krippendorff's alpha against published values", () => {
  it.each([
    ['nominal', 0.743],
    ['ordinal', 0.815],
    ['interval', 0.849],
    ['ratio', 0.797],
  ] as const)('Krippendorff (2011), %s: %s', (level, published) => {
    expect(krippendorffAlpha(KRIPPENDORFF_2011, level)).toBeCloseTo(published, 3);
  });

  it.each([
    ['nominal', 0.691],
    ['interval', 0.811],
  ] as const)('Wikipedia example, %s: %s', (level, published) => {
    expect(krippendorffAlpha(WIKIPEDIA, level)).toBeCloseTo(published, 3);
  });

  it('builds the coincidence matrix of Krippendorff (2011), nominal: o_11 = 7, o_12 = 4/3, o_33 = 8, n = 40', () => {
    const co = new Coincidences<number>();
    for (let u = 0; u < 12; u++) co.addUnit(KRIPPENDORFF_2011.flatMap((row) => (row[u] === null ? [] : [row[u]!])));
    const i = (v: number) => co.indexOf(v);
    expect(co.get(i(1), i(1))).toBeCloseTo(7, 10);
    expect(co.get(i(1), i(2))).toBeCloseTo(4 / 3, 10);
    expect(co.get(i(3), i(3))).toBeCloseTo(8, 10);
    const n = co.marginals();
    expect([...n].reduce((a, b) => a + b)).toBeCloseTo(40, 10); // unit 12 (a lone value) is not pairable
    expect(n[i(1)]).toBeCloseTo(9, 10);
    expect(n[i(3)]).toBeCloseTo(10, 10);
    expect(co.units).toBe(11);
  });

  it('is 1 for perfect agreement at every level, with any number of coders', () => {
    const data = [
      [1, 2, 3, _, 5],
      [1, 2, 3, 4, 5],
      [_, 2, 3, 4, _],
    ];
    for (const level of ['nominal', 'ordinal', 'interval', 'ratio'] as Level[])
      expect(krippendorffAlpha(data, level)).toBe(1);
  });

  it('is far below zero for systematic disagreement', () => {
    expect(
      krippendorffAlpha(
        [
          [1, 2, 1, 2],
          [2, 1, 2, 1],
        ],
        'nominal',
      ),
    ).toBeLessThan(0);
  });
});

describe('undefined alpha is a clear error', () => {
  it('refuses data with one value only', () => {
    expect(() =>
      krippendorffAlpha(
        [
          [3, 3, 3],
          [3, 3, _],
        ],
        'nominal',
      ),
    ).toThrow(UndefinedAgreement);
    expect(() =>
      krippendorffAlpha(
        [
          [3, 3, 3],
          [3, 3, _],
        ],
        'nominal',
      ),
    ).toThrow(/every pairable value is the same/);
  });

  it('refuses data without a pairable unit (no unit has two values)', () => {
    expect(() =>
      krippendorffAlpha(
        [
          [1, _, 3],
          [_, 2, _],
        ],
        'interval',
      ),
    ).toThrow(/no pairable unit/);
    expect(() => krippendorffAlpha([], 'nominal')).toThrow(UndefinedAgreement);
  });

  it('values that vary only outside pairable units still count as one value', () => {
    // 7 and 9 are lone values in their units: the pairable data hold only 1s
    expect(() =>
      krippendorffAlpha(
        [
          [1, 7, 1, _],
          [1, _, 1, _],
          [_, _, _, 9],
        ],
        'nominal',
      ),
    ).toThrow(/every pairable value is the same/);
  });

  it('refuses non-numbers at numeric levels', () => {
    expect(() =>
      krippendorffAlpha(
        [
          ['a', 'b'],
          ['a', 'a'],
        ],
        'interval',
      ),
    ).toThrow(/finite numbers/);
  });
});

describe('difference functions', () => {
  it('a nominal or interval difference passed as a function gives the built-in level', () => {
    expect(krippendorffAlpha(KRIPPENDORFF_2011, (a, b) => (a === b ? 0 : 1))).toBeCloseTo(
      krippendorffAlpha(KRIPPENDORFF_2011, 'nominal'),
      12,
    );
    expect(krippendorffAlpha(KRIPPENDORFF_2011, (a, b) => (a! - b!) ** 2)).toBeCloseTo(
      krippendorffAlpha(KRIPPENDORFF_2011, 'interval'),
      12,
    );
  });

  it('Jaccard distance on sets', () => {
    expect(jaccardDistance(new Set(['a', 'b']), new Set(['b', 'c']))).toBeCloseTo(2 / 3, 12);
    expect(jaccardDistance(new Set(['a']), new Set(['a']))).toBe(0);
    expect(jaccardDistance(new Set(), new Set())).toBe(0);
    expect(jaccardDistance(new Set(['a']), new Set(['b']))).toBe(1);
  });

  it('alpha with Jaccard distance on sets, worked by hand', () => {
    // units: {a},{a} | {a,b},{b} | {b},{b}. o: ({a},{a}) 2, ({a,b},{b}) 1, ({b},{a,b}) 1, ({b},{b}) 2; n = 6
    // n_{a} = 2, n_{a,b} = 1, n_{b} = 3. D_o·n = Σ o δ = 2 · 1/2 = 1.
    // Σ n_c n_k δ = 2·(2·1·1/2 + 2·3·1 + 1·3·1/2) = 2·(1 + 6 + 1.5) = 17. alpha = 1 − 5 · 1 / 17 = 12/17.
    const sets = [
      [['a'], ['a', 'b'], ['b']],
      [['a'], ['b'], ['b']],
    ];
    const alpha = krippendorffAlpha<string[]>(
      sets,
      (x, y) => jaccardDistance(new Set(x), new Set(y)),
      (s) => s.join(','),
    );
    expect(alpha).toBeCloseTo(12 / 17, 12);
  });

  it('past EXACT_PAIRS pairs of distinct values, estimates expected disagreement closely and the same each time', () => {
    // 1000 units, two coders agreeing moderately, every value distinct; interval alpha computes D_e exactly in
    // linear time
    const coder = (shift: number) =>
      Array.from({ length: 1000 }, (_, u) => ((u * 37) % 60) + ((u * 7919 + shift) % 61) / 2 + u / 1e4 + shift / 1e6);
    const data = [coder(0), coder(30)];
    const distinct = new Set(data.flat()).size;
    expect((distinct * (distinct - 1)) / 2).toBeGreaterThan(EXACT_PAIRS);
    const sampled = krippendorffAlpha(data, (a, b) => (a - b) ** 2);
    const exact = krippendorffAlpha(data, 'interval');
    expect(exact).toBeGreaterThan(0.3);
    expect(exact).toBeLessThan(0.8);
    expect(sampled).toBeCloseTo(exact, 2);
    expect(sampled).not.toBe(krippendorffAlpha(data, 'interval')); // it is an estimate
    expect(krippendorffAlpha(data, (a, b) => (a - b) ** 2)).toBe(sampled);
  });

  it('addTally counts the same as adding the units one by one', () => {
    const one = new Coincidences<string>();
    const bulk = new Coincidences<string>();
    const units = [
      ['x', 'y'],
      ['x', 'x', 'y'],
      ['y', 'y'],
    ];
    for (const u of units) one.addUnit(u);
    const [x, y] = [bulk.indexOf('x'), bulk.indexOf('y')];
    // ordered pairs per unit divided by m − 1: (x,y),(y,x) | (x,x)×2/2,(x,y)×2/2,(y,x)×2/2 | (y,y)×2
    bulk.addTally(3, [
      [x, y, 2],
      [y, x, 2],
      [x, x, 1],
      [y, y, 2],
    ]);
    expect(alphaOf(bulk, 'nominal')).toBeCloseTo(alphaOf(one, 'nominal'), 12);
    expect(bulk.units).toBe(one.units);
  });
});

describe('properties (fast-check, seeded)', () => {
  const level = fc.constantFrom<Level>('nominal', 'ordinal', 'interval', 'ratio');
  // 2–5 coders × 1–12 units, values 1–5 or missing
  const matrix = fc.tuple(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 1, max: 12 })).chain(([coders, units]) =>
    fc.array(
      fc.array(fc.option(fc.integer({ min: 1, max: 5 }), { nil: null, freq: 4 }), {
        minLength: units,
        maxLength: units,
      }),
      { minLength: coders, maxLength: coders },
    ),
  );
  const options = { seed: 20261122, numRuns: 300 };

  /** alpha, or null when the data leave it undefined */
  const alphaOrNull = (data: (number | null)[][], l: Level) => {
    try {
      return krippendorffAlpha(data, l);
    } catch (e) {
      if (e instanceof UndefinedAgreement) return null;
      throw e;
    }
  };

  it('alpha ≤ 1', () => {
    fc.assert(
      fc.property(matrix, level, (data, l) => {
        const alpha = alphaOrNull(data, l);
        return alpha === null || alpha <= 1 + 1e-12;
      }),
      options,
    );
  });

  it('equals the pairwise definition (no coincidence matrix), also past the dense matrix (> 64 distinct values)', () => {
    // Krippendorff (2011), the pairable values listed one by one:
    // D_o = 1/n Σ_u Σ_{i≠j in u} δ²(v_i, v_j) / (m_u − 1), D_e = 1/(n(n − 1)) Σ_{i≠j over all pairable values} δ²
    const delta: Record<Level, (a: number, b: number) => number> = {
      nominal: (a, b) => (a === b ? 0 : 1),
      interval: (a, b) => (a - b) ** 2,
      ratio: (a, b) => (a + b === 0 ? 0 : ((a - b) / (a + b)) ** 2),
      ordinal: () => NaN, // depends on the marginals; covered by the published values
    };
    const pairwise = (data: (number | null)[][], l: Level) => {
      const units = data[0]
        .map((_, u) => data.flatMap((row) => (row[u] === null ? [] : [row[u]!])))
        .filter((u) => u.length >= 2);
      const all = units.flat();
      const n = all.length;
      let within = 0;
      for (const u of units)
        for (let i = 0; i < u.length; i++)
          for (let j = 0; j < u.length; j++) if (i !== j) within += delta[l](u[i], u[j]) / (u.length - 1);
      let across = 0;
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) across += delta[l](all[i], all[j]);
      return 1 - within / n / (across / (n * (n - 1)));
    };
    const wide = fc
      .tuple(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 2, max: 60 }), fc.integer({ min: 1, max: 400 }))
      .chain(([coders, units, top]) =>
        fc.array(
          fc.array(fc.option(fc.integer({ min: 0, max: top }), { nil: null, freq: 5 }), {
            minLength: units,
            maxLength: units,
          }),
          { minLength: coders, maxLength: coders },
        ),
      );
    fc.assert(
      fc.property(wide, fc.constantFrom<Level>('nominal', 'interval', 'ratio'), (data, l) => {
        const alpha = alphaOrNull(data, l);
        fc.pre(alpha !== null);
        return Math.abs(alpha! - pairwise(data, l)) < 1e-9;
      }),
      options,
    );
  });

  it('is invariant under permuting coders and units', () => {
    const permuted = matrix.chain((data) =>
      fc.tuple(
        fc.constant(data),
        fc.shuffledSubarray(
          data.map((_, i) => i),
          { minLength: data.length, maxLength: data.length },
        ),
        fc.shuffledSubarray(
          data[0].map((_, i) => i),
          { minLength: data[0].length, maxLength: data[0].length },
        ),
      ),
    );
    fc.assert(
      fc.property(permuted, level, ([data, coderOrder, unitOrder], l) => {
        const shuffled = coderOrder.map((c) => unitOrder.map((u) => data[c][u]));
        const a = alphaOrNull(data, l);
        const b = alphaOrNull(shuffled, l);
        return a === null ? b === null : b !== null && Math.abs(a - b) < 1e-9;
      }),
      options,
    );
  });

  it('is 1 whenever every pairable unit agrees and at least two values occur', () => {
    const agreeing = fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 2, max: 4 })), {
      minLength: 2,
      maxLength: 10,
    });
    fc.assert(
      fc.property(agreeing, level, (units, l) => {
        fc.pre(new Set(units.map(([v]) => v)).size >= 2);
        const co = new Coincidences<number>();
        for (const [value, m] of units) co.addUnit(Array(m).fill(value));
        return alphaOf(co, l) === 1;
      }),
      options,
    );
  });
});
