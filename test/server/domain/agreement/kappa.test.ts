import { describe, expect, it } from 'vitest';
import { cohenKappa, fleissKappa } from '../../../../server/domain/agreement/kappa.js';
import { categoryCounts } from '../../../helpers/reference-measures.js';
import { UndefinedAgreement } from '../../../../server/domain/agreement/alpha.js';
import { interpretAlpha } from '../../../../server/domain/agreement/interpret.js';

/** Pairs from a 2×2 table: rows coder A (yes, no), columns coder B (yes, no). */
function table(yesYes: number, yesNo: number, noYes: number, noNo: number): [string, string][] {
  const rows = (n: number, a: string, b: string) => Array.from({ length: n }, () => [a, b] as [string, string]);
  return [
    ...rows(yesYes, 'yes', 'yes'),
    ...rows(yesNo, 'yes', 'no'),
    ...rows(noYes, 'no', 'yes'),
    ...rows(noNo, 'no', 'no'),
  ];
}

describe("Cohen's kappa", () => {
  // Wikipedia, "Cohen's kappa", Examples: 50 grant proposals read by A and B; p_o = 0.7, p_e = 0.5.
  it('is 0.4 for the grant-proposal example', () => {
    expect(cohenKappa(table(20, 5, 10, 15))).toBeCloseTo(0.4, 10);
  });

  // Same page, "Same percentages but different numbers": both tables agree on 60 of 100, yet
  // κ = 0.1304 for the balanced marginals and 0.2593 for the skewed ones.
  it('tells apart two tables with the same raw agreement', () => {
    expect(cohenKappa(table(45, 15, 25, 15))).toBeCloseTo(0.1304, 4);
    expect(cohenKappa(table(25, 35, 5, 35))).toBeCloseTo(0.2593, 4);
  });

  it('is 1 for perfect agreement and refuses undefined cases', () => {
    expect(
      cohenKappa([
        ['a', 'a'],
        ['b', 'b'],
      ]),
    ).toBe(1);
    expect(() => cohenKappa([])).toThrow(UndefinedAgreement);
    expect(() =>
      cohenKappa([
        ['a', 'a'],
        ['a', 'a'],
      ]),
    ).toThrow(/same category/);
  });
});

describe("Fleiss' kappa", () => {
  // Wikipedia, "Fleiss' kappa", Worked example: 14 raters put 10 subjects into 5 categories;
  // P̄ = 0.378, P̄e = 0.213, κ = 0.210.
  const WORKED = [
    [0, 0, 0, 0, 14],
    [0, 2, 6, 4, 2],
    [0, 0, 3, 5, 6],
    [0, 3, 9, 2, 0],
    [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0],
    [3, 2, 6, 3, 0],
    [2, 5, 3, 2, 2],
    [6, 5, 2, 1, 0],
    [0, 2, 2, 3, 7],
  ];

  it('is 0.210 for the worked example', () => {
    expect(fleissKappa(WORKED)).toBeCloseTo(0.21, 3);
  });

  it('equals Cohen-style chance correction on tables built from units', () => {
    const units = [
      ['a', 'a', 'b'],
      ['b', 'b', 'b'],
      ['a', 'a', 'a'],
      ['c', 'a', 'c'],
    ];
    expect(categoryCounts(units)).toEqual([
      [2, 1, 0],
      [0, 3, 0],
      [3, 0, 0],
      [1, 0, 2],
    ]);
    // P_i: 1/3, 1, 1, 1/3 → P̄ = 2/3; p = (6, 4, 2)/12 → P̄e = (36 + 16 + 4)/144 = 7/18; κ = (2/3 − 7/18)/(11/18) =
    // 5/11
    expect(fleissKappa(categoryCounts(units))).toBeCloseTo(5 / 11, 12);
  });

  it('refuses unequal rater counts and one-category data', () => {
    expect(() =>
      fleissKappa([
        [2, 0],
        [1, 2],
      ]),
    ).toThrow(/same number of raters/);
    expect(() =>
      fleissKappa([
        [3, 0],
        [3, 0],
      ]),
    ).toThrow(/one category/);
    expect(() => fleissKappa([[1, 0]])).toThrow(/two raters/);
    expect(() => fleissKappa([])).toThrow(UndefinedAgreement);
  });
});

describe("Krippendorff's reading of alpha", () => {
  it('≥ .800 reliable, ≥ .667 tentative, else unreliable', () => {
    expect(interpretAlpha(1)).toBe('reliable');
    expect(interpretAlpha(0.8)).toBe('reliable');
    expect(interpretAlpha(0.7999)).toBe('tentative');
    expect(interpretAlpha(0.667)).toBe('tentative');
    expect(interpretAlpha(0.6669)).toBe('unreliable');
    expect(interpretAlpha(-0.5)).toBe('unreliable');
  });
});
