/**
 * Chance-corrected agreement on nominal categories: Cohen's kappa for two coders (Cohen 1960) and Fleiss' kappa
 * for a fixed number of raters per subject (Fleiss 1971). Both are κ = (P_o − P_e) / (1 − P_e); they differ in how
 * chance agreement P_e is estimated (each coder's own marginals for Cohen, the pooled marginals for Fleiss).
 * Pure, no I/O.
 */
import { UndefinedAgreement } from './alpha.js';

/** Cohen's kappa from the two coders' values on the units both coded, one pair per unit. */
export function cohenKappa<V>(pairs: readonly (readonly [V, V])[]): number {
  const n = pairs.length;
  if (n === 0) throw new UndefinedAgreement("no unit coded by both coders: Cohen's kappa needs at least one pair");
  const first = new Map<V, number>();
  const second = new Map<V, number>();
  let agree = 0;
  for (const [a, b] of pairs) {
    if (a === b) agree++;
    first.set(a, (first.get(a) ?? 0) + 1);
    second.set(b, (second.get(b) ?? 0) + 1);
  }
  let chance = 0;
  for (const [value, count] of first) chance += (count / n) * ((second.get(value) ?? 0) / n);
  if (chance === 1)
    throw new UndefinedAgreement("both coders used one and the same category throughout: Cohen's kappa is undefined");
  return (agree / n - chance) / (1 - chance);
}

/**
 * Fleiss' kappa from a subjects × categories table: `counts[i][j]` raters put subject i in category j. Every
 * subject must have the same number of raters, at least two.
 */
export function fleissKappa(counts: readonly (readonly number[])[]): number {
  if (counts.length === 0) throw new UndefinedAgreement("no subjects: Fleiss' kappa needs at least one");
  const raters = sum(counts[0]);
  if (raters < 2) throw new UndefinedAgreement("Fleiss' kappa needs at least two raters per subject");
  const categories = Math.max(...counts.map((row) => row.length));
  const totals = new Float64Array(categories);
  let agreement = 0;
  counts.forEach((row, i) => {
    if (sum(row) !== raters)
      throw new UndefinedAgreement(
        `subject ${i} has ${sum(row)} ratings, not ${raters}: Fleiss' kappa needs the same number of raters for every subject`,
      );
    let pairs = 0;
    row.forEach((x, j) => {
      totals[j] += x;
      pairs += x * (x - 1);
    });
    agreement += pairs / (raters * (raters - 1));
  });
  const observed = agreement / counts.length;
  const all = counts.length * raters;
  let chance = 0;
  for (const t of totals) chance += (t / all) ** 2;
  if (chance === 1) throw new UndefinedAgreement("every rating is in one category: Fleiss' kappa is undefined");
  return (observed - chance) / (1 - chance);
}

function sum(row: readonly number[]): number {
  return row.reduce((a, b) => a + b, 0);
}
