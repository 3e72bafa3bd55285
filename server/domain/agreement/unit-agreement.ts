/** Agreement with one unit per instance, read from a scheme's column in the answer index. */
import { Coincidences, UndefinedAgreement, type Difference, type Level } from './alpha.js';
import type { AnswerIndex, Column, Groups } from './answer-index.js';
import { cohenKappa, fleissKappa } from './kappa.js';
import { finish, type AgreementLevel, type SchemeAgreement } from './scheme-agreement.js';

/**
 * One unit per instance, from a column of answers (NaN: none). With `categories`, also Fleiss' and Cohen's kappa.
 * Several columns (the rows of a rating grid) make one unit per instance and column, all in one matrix;
 * `items_evaluated` then counts the instances that gave one.
 */
export function unitAgreement(
  index: AnswerIndex,
  groups: Groups,
  given: Column | readonly Column[],
  level: AgreementLevel,
  metric: Level | Difference<number>,
  categories = 0,
): SchemeAgreement {
  const columns = Array.isArray(given) ? (given as readonly Column[]) : [given as Column];
  const column = columns[0];
  const { rows, bounds } = groups;
  const annotator = index.annotator;
  const co = new Coincidences<number>();
  const seen = new Uint8Array(index.names.length);
  let annotators = 0;
  let fewest = Infinity;
  let most = 0;
  let items = 0;
  let values = new Float64Array(16);
  for (let g = 0; g < bounds.length; g += 2) {
    if (values.length < bounds[g + 1] - bounds[g]) values = new Float64Array(2 * (bounds[g + 1] - bounds[g]));
    let counted = false;
    for (const column of columns) {
      let m = 0;
      for (let i = bounds[g]; i < bounds[g + 1]; i++) {
        const value = column[rows[i]];
        if (value === value) values[m++] = value; // not NaN
      }
      if (m < 2) continue;
      for (let i = bounds[g]; i < bounds[g + 1]; i++) {
        const row = rows[i];
        if (column[row] === column[row] && !seen[annotator[row]]) annotators += seen[annotator[row]] = 1;
      }
      co.addUnit(values, m);
      if (!counted) {
        counted = true;
        items++;
      }
      fewest = Math.min(fewest, m);
      most = Math.max(most, m);
    }
  }
  const result = finish(co, level, metric, items, annotators);
  if (categories) {
    // the kappas take a second pass, and only where they apply: no per-unit garbage otherwise
    result.fleiss_kappa = fewest === most ? orNull(() => fleissKappa(fleissTable(groups, column, categories))) : null;
    result.cohen_kappa = annotators === 2 ? orNull(() => cohenKappa(cohenPairs(index, groups, column))) : null;
  }
  return result;
}

/**
 * Pairs of answers to one instance (units with two or more answers): how many, the mean of 1 − distance over
 * them, and the share at distance 0.
 */
export function pairwiseAgreement(
  { rows, bounds }: Groups,
  column: Column,
  distance: (a: number, b: number) => number,
): { pairs: number; mean_similarity: number | null; exact_match: number | null } {
  let pairs = 0;
  let similarity = 0;
  let exact = 0;
  for (let g = 0; g < bounds.length; g += 2) {
    for (let i = bounds[g]; i < bounds[g + 1]; i++) {
      const a = column[rows[i]];
      if (a !== a) continue;
      for (let j = i + 1; j < bounds[g + 1]; j++) {
        const b = column[rows[j]];
        if (b !== b) continue;
        const d = a === b ? 0 : distance(a, b);
        pairs++;
        similarity += 1 - d;
        if (d === 0) exact++;
      }
    }
  }
  return pairs
    ? { pairs, mean_similarity: similarity / pairs, exact_match: exact / pairs }
    : { pairs, mean_similarity: null, exact_match: null };
}

/** Subjects × categories counts over the units with two or more answers. */
function fleissTable({ rows, bounds }: Groups, column: Column, categories: number): number[][] {
  const table: number[][] = [];
  for (let g = 0; g < bounds.length; g += 2) {
    const row = new Array<number>(categories).fill(0);
    let answers = 0;
    for (let i = bounds[g]; i < bounds[g + 1]; i++) {
      const value = column[rows[i]];
      if (value === value) {
        row[value]++;
        answers++;
      }
    }
    if (answers >= 2) table.push(row);
  }
  return table;
}

/**
 * With two annotators in all, each unit of two answers holds one from each: the pairs, each annotator on their side.
 */
function cohenPairs({ annotator }: AnswerIndex, { rows, bounds }: Groups, column: Column): [number, number][] {
  const pairs: [number, number][] = [];
  let first = -1; // the annotator whose answers go on the left
  for (let g = 0; g < bounds.length; g += 2) {
    const answered: number[] = [];
    for (let i = bounds[g]; i < bounds[g + 1]; i++) if (column[rows[i]] === column[rows[i]]) answered.push(rows[i]);
    if (answered.length !== 2) continue;
    const [x, y] = answered;
    if (first < 0) first = annotator[x];
    pairs.push(annotator[x] === first ? [column[x], column[y]] : [column[y], column[x]]);
  }
  return pairs;
}

/** A coefficient, or null where the data leave it undefined. */
function orNull(compute: () => number | null): number | null {
  try {
    return compute();
  } catch (e) {
    if (e instanceof UndefinedAgreement) return null;
    throw e;
  }
}
