/**
 * The measures in the forms the literature states them, for tests to check the server's reports against:
 * alpha and Fleiss' table from a plain coder × unit matrix, the agreement report from a list of records, and
 * the calibration error of a set of suggestions.
 */
import { alphaOf, Coincidences, type Difference, type Level } from '../../server/domain/agreement/alpha.js';
import { AnswerIndex } from '../../server/domain/agreement/answer-index.js';
import { reportOf, type AgreementReport } from '../../server/domain/agreement/project-agreement.js';
import type { AnnotationRecord } from '../../server/domain/annotation/records.js';
import type { Task } from '../../server/domain/task.js';

/**
 * Alpha from a reliability data matrix laid out as in Krippendorff's papers: one row per coder, one column per
 * unit, `null` or `undefined` where a coder gave no value.
 */
export function krippendorffAlpha<V>(
  data: readonly (readonly (V | null | undefined)[])[],
  level: Level | Difference<V>,
  keyOf?: (value: V) => unknown,
): number {
  const co = new Coincidences<V>(keyOf);
  const units = Math.max(0, ...data.map((row) => row.length));
  for (let u = 0; u < units; u++) {
    const values: V[] = [];
    for (const row of data) {
      const value = row[u];
      if (value !== null && value !== undefined) values.push(value);
    }
    co.addUnit(values);
  }
  return alphaOf(co, level);
}

/** The subjects × categories table for `fleissKappa` from each unit's values (any hashable category values). */
export function categoryCounts<V>(units: readonly (readonly V[])[]): number[][] {
  const column = new Map<V, number>();
  for (const unit of units) for (const v of unit) if (!column.has(v)) column.set(v, column.size);
  return units.map((unit) => {
    const row = new Array<number>(column.size).fill(0);
    for (const v of unit) row[column.get(v)!]++;
    return row;
  });
}

/** The agreement report of a set of records, as the server builds it from its answer index. */
export function computeAgreement(task: Task, records: Iterable<AnnotationRecord>): AgreementReport {
  return reportOf(task, AnswerIndex.of(task, records));
}

/** Expected calibration error: the mean gap between confidence and hit rate over equal-width bins, weighted. */
export function expectedCalibrationError(outcomes: { confidence: number; hit: boolean }[], bins = 10): number {
  if (!outcomes.length) return 0;
  const sum = new Array<number>(bins).fill(0);
  const hits = new Array<number>(bins).fill(0);
  const count = new Array<number>(bins).fill(0);
  for (const o of outcomes) {
    const b = Math.min(bins - 1, Math.floor(o.confidence * bins));
    sum[b] += o.confidence;
    hits[b] += o.hit ? 1 : 0;
    count[b]++;
  }
  let ece = 0;
  for (let b = 0; b < bins; b++)
    if (count[b]) ece += (count[b] / outcomes.length) * Math.abs(sum[b] / count[b] - hits[b] / count[b]);
  return ece;
}
