/**
 * trajectory_eval: each step of the item's trace judged for correctness, and a flawed step classified by error
 * type (and subtype), severity and a rationale; the trace's quality score is `max_score` less the severities'
 * weights. Stored as Potato stores it: `"<scheme>:<scheme>"` → JSON {"steps": [{"step_index", "correctness",
 * "error_type"?, "error_subtype"?, "severity"?, "rationale"?}], "score"}; the server works the score out itself.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { booleanish, numberish } from '../kinds.js';
import { isRecord } from '../answer-fields.js';
import { eachEntry, noRepeats, pastTrace, stepIndex, traceKeys, traceType } from '../trace-steps.js';
import { traceScore, type EvalKeys, type StepEval } from '../../../../shared/schemes/trajectory-eval.js';

const DEFAULT_CORRECTNESS = ['correct', 'incorrect', 'partially_correct'];
const DEFAULT_SEVERITIES = [
  { name: 'minor', weight: -1 },
  { name: 'major', weight: -5 },
  { name: 'critical', weight: -10 },
];

const name = z.lazy(() => z.union([z.string().min(1), z.number().transform(String)]));
const errorType = z.lazy(() =>
  z.union([name, z.looseObject({ name: name.optional(), label: name.optional(), subtypes: z.array(name).optional() })]),
);

const config = z.looseObject({
  ...traceKeys.shape,
  correctness_options: z.array(name).min(1).optional(),
  error_types: z.array(errorType).optional(),
  severities: z.array(z.looseObject({ name, weight: numberish })).optional(),
  show_score: booleanish.optional(),
  max_score: numberish.optional(),
});

const keysOf = (scheme: Scheme) => scheme.extra as unknown as EvalKeys;

type Evaluation = { steps: StepEval[]; score: number };

const optionalText = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : v);

function parseStep(k: EvalKeys, e: Record<string, unknown>, where: string): StepEval | null | AnswerError {
  if (!stepIndex(e.step_index)) return new AnswerError(`${where}.step_index must be a whole number from 0`);
  const out: StepEval = { step_index: e.step_index, correctness: '' };
  const correctness = optionalText(e.correctness);
  if (correctness !== undefined) {
    if (typeof correctness !== 'string' || !k.correctness_options.includes(correctness))
      return new AnswerError(
        `${where}.correctness: ${JSON.stringify(correctness)} is not one of ${k.correctness_options.join(', ')}`,
      );
    out.correctness = correctness;
  }
  const type = optionalText(e.error_type);
  if (type !== undefined) {
    const known = k.error_types.find((t) => t.name === type);
    if (!known)
      return new AnswerError(
        `${where}.error_type: ${JSON.stringify(type)} is not an error type (${k.error_types.map((t) => t.name).join(', ') || 'none configured'})`,
      );
    out.error_type = known.name;
    const sub = optionalText(e.error_subtype);
    if (sub !== undefined) {
      if (typeof sub !== 'string' || !known.subtypes.includes(sub))
        return new AnswerError(`${where}.error_subtype: ${JSON.stringify(sub)} is not a subtype of "${known.name}"`);
      out.error_subtype = sub;
    }
  } else if (optionalText(e.error_subtype) !== undefined)
    return new AnswerError(`${where}.error_subtype needs its error_type`);
  const severity = optionalText(e.severity);
  if (severity !== undefined) {
    if (!k.severities.some((s) => s.name === severity))
      return new AnswerError(
        `${where}.severity: ${JSON.stringify(severity)} is not a severity (${k.severities.map((s) => s.name).join(', ')})`,
      );
    out.severity = severity as string;
  }
  const rationale = optionalText(e.rationale);
  if (rationale !== undefined) {
    if (typeof rationale !== 'string') return new AnswerError(`${where}.rationale must be text`);
    out.rationale = rationale;
  }
  // Potato's page keeps a row for every step it drew, judged or not: a row with nothing in it is no answer
  if (!out.correctness && !out.error_type && !out.severity && !out.rationale) return null;
  if (!out.correctness) return new AnswerError(`${where}.correctness: judge the step before classifying its error`);
  return out;
}

function parse(scheme: Scheme, value: unknown): Evaluation | AnswerError | null {
  const k = keysOf(scheme);
  if (!isRecord(value))
    return new AnswerError('a trajectory evaluation is {"steps": [{"step_index", "correctness", …}], "score"}');
  const steps = eachEntry(value.steps ?? [], 'steps', (e, where) => parseStep(k, e, where));
  if (steps instanceof AnswerError) return steps;
  const judged = steps.filter((s): s is StepEval => s !== null).sort((a, b) => a.step_index - b.step_index);
  const twice = noRepeats(
    judged,
    (s) => String(s.step_index),
    'steps',
    (s) => `step ${s.step_index}`,
  );
  if (twice) return twice;
  return judged.length ? { steps: judged, score: traceScore(k, judged) } : null;
}

export const trajectoryEval = traceType({
  type: 'trajectory_eval',
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, parsed, fail) {
    const k = parsed as z.infer<typeof config>;
    const correctness = k.correctness_options ?? DEFAULT_CORRECTNESS;
    if (new Set(correctness).size !== correctness.length) fail('correctness_options', 'an option is named twice');
    const types = (k.error_types ?? []).map((t, i) => {
      const typeName = typeof t === 'string' ? t : (t.name ?? t.label);
      if (typeName === undefined) return fail(`error_types[${i}]`, 'give the error type a name');
      return { name: typeName, subtypes: typeof t === 'string' ? [] : (t.subtypes ?? []) };
    });
    if (new Set(types.map((t) => t.name)).size !== types.length) fail('error_types', 'an error type is named twice');
    const severities = (k.severities ?? DEFAULT_SEVERITIES).map((s) => ({ name: s.name, weight: s.weight }));
    if (new Set(severities.map((s) => s.name)).size !== severities.length)
      fail('severities', 'a severity is named twice');
    Object.assign(scheme.extra, {
      correctness_options: correctness,
      error_types: types,
      severities,
      show_score: k.show_score ?? true,
      max_score: k.max_score ?? 100,
    } satisfies EvalKeys);
  },
  parse,
  checkSteps: (_scheme, stored, steps) => {
    for (const s of (stored as unknown as Evaluation).steps)
      if (s.step_index >= steps.length) return pastTrace('steps', s.step_index, steps.length);
    return null;
  },
  perStep: (_scheme, stored) =>
    Object.fromEntries(
      (stored as unknown as Evaluation).steps.map((s) => [
        String(s.step_index),
        [s.correctness, s.error_type ?? null, s.error_subtype ?? null],
      ]),
    ),
  stored:
    '"<scheme>:<scheme>" → JSON text of {"steps": [{"step_index", "correctness", "error_type"?, "error_subtype"?, "severity"?, "rationale"?}], "score"}; the server works the score out',
  answerShape: z.object({
    steps: z.array(
      z.object({
        step_index: z.number().int().describe('the step, numbered from 0'),
        correctness: z.string(),
        error_type: z.string().optional(),
        error_subtype: z.string().optional(),
        severity: z.string().optional(),
        rationale: z.string().optional(),
      }),
    ),
    score: z.number().describe("max_score less the severities' weights, at least 0"),
  }),
  example: (scheme) => ({
    steps: [{ step_index: 0, correctness: keysOf(scheme).correctness_options[0] }],
    score: keysOf(scheme).max_score,
  }),
});
