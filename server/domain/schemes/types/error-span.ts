/**
 * error_span: MQM-style error annotation. Each error is a span of the text with a type (and subtype) from
 * `error_types` and a severity from `severities`; the answer carries the score `max_score` less the severities'
 * penalties (never below 0), computed here so exports hold the score the errors give.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { booleanish, numberish } from '../kinds.js';
import { jsonAnswerType, rangeProblem } from '../json-answer.js';
import { ERROR_SPAN_F1 } from '../span-answer-agreement.js';

const name = z.lazy(() => z.union([z.string().min(1), z.number()]).transform(String));
const errorType = z.lazy(() =>
  z.union([
    name.transform((n) => ({ name: n, subtypes: [] as string[] })),
    z.looseObject({ name, subtypes: z.array(name).default([]) }),
  ]),
);
const severity = z.looseObject({ name, weight: numberish });

const config = z.looseObject({
  error_types: z.array(errorType).min(1, 'give at least one error type'),
  severities: z.array(severity).min(1, 'give at least one severity').optional(),
  show_score: booleanish.optional(),
  max_score: numberish.optional(),
});

const DEFAULT_SEVERITIES = [
  { name: 'Minor', weight: -1 },
  { name: 'Major', weight: -5 },
  { name: 'Critical', weight: -10 },
];

interface ErrorTypes {
  error_types: { name: string; subtypes: string[] }[];
  severities: { name: string; weight: number }[];
  max_score: number;
}
const configOf = (scheme: Scheme) => scheme.extra as unknown as ErrorTypes;

/** The score the errors give: max_score less the size of each error's severity weight, never below 0. */
function mqmScore(scheme: Scheme, errors: readonly { severity: string }[]): number {
  const { severities, max_score } = configOf(scheme);
  const penalty = errors.reduce(
    (sum, e) => sum + Math.abs(severities.find((s) => s.name === e.severity)?.weight ?? 0),
    0,
  );
  return Math.max(0, max_score - penalty);
}

export const errorSpan = jsonAnswerType({
  type: 'error_span',
  answerShape: z.object({
    errors: z.array(
      z.looseObject({
        start: z.number().int(),
        end: z.number().int(),
        text: z.string(),
        type: z.string(),
        subtype: z.string().optional(),
        severity: z.string(),
      }),
    ),
    score: z.number().describe("max_score less the severities' penalties, never below 0"),
  }),
  config,
  keys: ['error_types', 'severities', 'show_score', 'max_score'],
  agreement: ERROR_SPAN_F1,
  normalize(scheme, keys, fail) {
    const k = keys as z.infer<typeof config>;
    const seen = new Set<string>();
    k.error_types.forEach((t, i) => {
      if (seen.has(t.name)) fail(`error_types[${i}].name`, `duplicate error type "${t.name}"`);
      seen.add(t.name);
    });
    const severities = k.severities ?? DEFAULT_SEVERITIES;
    const names = new Set<string>();
    severities.forEach((s, i) => {
      if (names.has(s.name)) fail(`severities[${i}].name`, `duplicate severity "${s.name}"`);
      names.add(s.name);
    });
    Object.assign(scheme.extra, {
      error_types: k.error_types.map((t) => ({ name: t.name, subtypes: t.subtypes })),
      severities: severities.map((s) => ({ name: s.name, weight: s.weight })),
      show_score: k.show_score ?? true,
      max_score: k.max_score ?? 100,
    });
  },
  parse(scheme, v) {
    if (!Array.isArray(v.errors)) return new AnswerError('errors: expected a list of errors');
    const { error_types: types, severities } = configOf(scheme);
    const errors = [];
    for (const [n, e] of (v.errors as unknown[]).entries()) {
      if (typeof e !== 'object' || e === null) return new AnswerError(`errors[${n}]: expected an object`);
      const { start, end, text, type, subtype, severity } = e as Record<string, unknown>;
      if (
        !Number.isSafeInteger(start) ||
        !Number.isSafeInteger(end) ||
        (start as number) < 0 ||
        (start as number) >= (end as number)
      ) {
        return new AnswerError(
          `errors[${n}]: expected offsets with 0 <= start < end (got ${String(start)}, ${String(end)})`,
        );
      }
      const known = types.find((t) => t.name === type);
      if (!known)
        return new AnswerError(
          `errors[${n}].type: "${String(type)}" is not one of ${types.map((t) => t.name).join(', ')}`,
        );
      if (subtype !== undefined && subtype !== null && subtype !== '' && !known.subtypes.includes(subtype as string)) {
        return new AnswerError(
          `errors[${n}].subtype: "${String(subtype)}" is not a subtype of ${known.name}${known.subtypes.length ? ` (${known.subtypes.join(', ')})` : ' (it has none)'}`,
        );
      }
      if (!severities.some((s) => s.name === severity))
        return new AnswerError(
          `errors[${n}].severity: "${String(severity)}" is not one of ${severities.map((s) => s.name).join(', ')}`,
        );
      if (text !== undefined && typeof text !== 'string')
        return new AnswerError(`errors[${n}].text: expected a string`);
      errors.push({
        start,
        end,
        ...(text !== undefined ? { text } : {}),
        type,
        ...(subtype ? { subtype } : {}),
        severity: severity as string,
      });
    }
    return { errors, score: mqmScore(scheme, errors) };
  },
  // no errors found: the full score
  example: (scheme) => ({ [scheme.name]: JSON.stringify({ errors: [] }) }),
  textSpans: (_scheme, v) =>
    (v.errors as { start: number; end: number; type: string; subtype?: string }[]).map((e) => ({
      label: e.subtype ? `${e.type}/${e.subtype}` : e.type,
      start: e.start,
      end: e.end,
    })),
  checkStored(_scheme, v, { instance, textLength }) {
    for (const [n, e] of (v.errors as Record<string, unknown>[]).entries()) {
      const range = rangeProblem(e.start, e.end, textLength, `errors[${n}]`);
      if (range) return range;
      if (e.text !== undefined && instance.text.slice(e.start as number, e.end as number) !== e.text) {
        return new AnswerError(
          `errors[${n}].text: "${String(e.text).slice(0, 60)}" is not the text at ${String(e.start)}..${String(e.end)}`,
        );
      }
    }
    return null;
  },
});
