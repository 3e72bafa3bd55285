/**
 * What a session-level answer may be, by its scheme's type, in Potato's shape: `{value: x}` for a single answer
 * (a choice, a likert point, a number, a text) and `{values: [...]}` for several (multiselect); and the figures
 * the annotators' answers give together: the mean of numeric ones, how often each choice was given.
 */
import { invalid } from '../errors.js';
import type { Scheme } from '../task.js';

export type SessionValue = { value: string | number } | { values: string[] };

/** The scheme types a session may be asked, as Potato supports them. */
export const SESSION_TYPES = new Set(['radio', 'select', 'multiselect', 'likert', 'slider', 'number', 'text']);
const NUMERIC = new Set(['likert', 'slider', 'number']);
const TEXT_MAX = 10_000;

const labelsOf = (scheme: Scheme) => scheme.labels.map((l) => l.name);

/** The answer as stored, or a 400 naming what is wrong with it for this scheme. */
export function checkValue(scheme: Scheme, value: SessionValue): SessionValue {
  const type = scheme.annotation_type;
  if (type === 'multiselect') {
    if (!('values' in value)) throw invalid(`value: "${scheme.name}" is multiselect: send {"values": [...]}`);
    const labels = labelsOf(scheme);
    const bad = value.values.find((v) => !labels.includes(v));
    if (bad !== undefined) throw invalid(`value.values: "${scheme.name}" has no label "${bad}"`);
    return { values: [...new Set(value.values)] };
  }
  if (!('value' in value)) throw invalid(`value: "${scheme.name}" takes one answer: send {"value": …}`);
  const v = value.value;
  if (type === 'radio' || type === 'select') {
    if (!labelsOf(scheme).includes(String(v))) throw invalid(`value.value: "${scheme.name}" has no label "${v}"`);
    return { value: v };
  }
  if (type === 'likert') {
    if (numericOf(scheme, v) === null)
      throw invalid(
        `value.value: "${scheme.name}" is a scale of ${scheme.labels.length} points: 1 to ${scheme.labels.length} or a point's label`,
      );
    return { value: v };
  }
  if (type === 'slider' || type === 'number') {
    const n = typeof v === 'number' ? v : Number(v);
    if (
      !Number.isFinite(n) ||
      (scheme.min !== undefined && n < scheme.min) ||
      (scheme.max !== undefined && n > scheme.max)
    )
      throw invalid(
        `value.value: "${scheme.name}" takes a number${scheme.min !== undefined ? ` from ${scheme.min} to ${scheme.max}` : ''}`,
      );
    return { value: n };
  }
  const text = String(v);
  if (text.length > TEXT_MAX) throw invalid(`value.value: at most ${TEXT_MAX} characters`);
  return { value: text };
}

/** A likert point as its number (1 for the first label), a slider or number as itself; null when not one. */
function numericOf(scheme: Scheme, v: string | number): number | null {
  if (scheme.annotation_type !== 'likert') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  const byLabel = labelsOf(scheme).indexOf(String(v));
  if (byLabel >= 0) return byLabel + 1;
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= scheme.labels.length ? v : null;
}

export interface SessionAggregate {
  n_annotators: number;
  mean?: number;
  value_counts?: Record<string, number>;
}

/** The figures of several annotators' answers to one scheme. */
export function aggregateOf(scheme: Scheme, values: readonly SessionValue[]): SessionAggregate {
  const out: SessionAggregate = { n_annotators: values.length };
  if (NUMERIC.has(scheme.annotation_type)) {
    const numbers = values.flatMap((v) => ('value' in v ? [numericOf(scheme, v.value)] : [])).filter((n) => n !== null);
    if (numbers.length) out.mean = numbers.reduce((a, b) => a + b, 0) / numbers.length;
  } else if (scheme.annotation_type !== 'text') {
    const counts: Record<string, number> = {};
    for (const v of values)
      for (const label of 'values' in v ? v.values : [String(v.value)]) counts[label] = (counts[label] ?? 0) + 1;
    out.value_counts = counts;
  }
  return out;
}
