/**
 * What the types answered under fixed fields share (pairwise, bws, ranking, triage, text_edit, card_sort, conjoint,
 * tree_annotation): their answers are stored under fixed field labels, as Potato's hidden inputs name them, and
 * the keys the annotate screen needs are written, completed with their defaults, into the scheme's `extra`.
 */
import { z } from 'zod';
import type { Label, Scheme } from '../task.js';
import { AnswerError } from './module.js';

/** Makes the scheme's labels the fields its answer is stored under; returns the labels the config gave. */
export function storeUnder(scheme: Scheme, fields: readonly string[]): Label[] {
  const given = scheme.labels;
  scheme.labels = fields.map((name) => ({ name }));
  return given;
}

/** Parses a submitted JSON value; the error says what was expected. */
export function parseJson(value: string, expected: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return new AnswerError(`expected ${expected} as JSON, got "${value.slice(0, 40)}"`);
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One keyboard key, as Potato's *_key options give it (YAML may give a digit as a number). */
export const keyName = z.lazy(() =>
  z.union([z.string().length(1, 'must be one character'), z.number().int().min(0).max(9).transform(String)]),
);

/** A one-of-a-few answer at the nominal level: the stored value of `field`. */
export const nominalOf = (field: string) => ({
  level: 'nominal' as const,
  column: 'value' as const,
  value: (_s: Scheme, chosen: Readonly<Record<string, string>>) => chosen[field],
});

/** Labels as plain names; `what` names them in errors. */
export function names(labels: readonly Label[]): string[] {
  return labels.map((l) => l.name);
}
