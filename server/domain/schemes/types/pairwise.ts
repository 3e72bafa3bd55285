/**
 * pairwise: two items side by side. Potato's three modes and its storage:
 *  - binary: `"<scheme>:selection"` → "A" | "B" | "tie" (tie only with allow_tie);
 *  - scale: `"<scheme>:scale_value"` → a number in scale.min..scale.max (below the centre prefers A);
 *  - multi_dimension: `"<scheme>:<dimension>"` → "A" | "B" | "tie" per dimension.
 * With `justification`, `"<scheme>:justification"` holds {"reasons": [...], "rationale": "..."} as JSON.
 * The answer is the one field's value (binary, scale) or an object of field → value.
 */
import { z } from 'zod';
import type { Instance, Scheme } from '../../task.js';
import { numberish } from '../kinds.js';
import {
  AnswerError,
  type AgreementMeasure,
  type AnswerValue,
  type SchemeTypeModule,
  type SuggestedValues,
} from '../module.js';
import { isRecord, names, parseJson, storeUnder } from '../answer-fields.js';
import { pairwiseChoices, type PairwiseDimension, type PairwiseKeys } from '../../../../shared/schemes/pairwise.js';

const dimension = z.lazy(() =>
  z.looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    allow_tie: z.boolean().optional(),
    tie_label: z.string().optional(),
  }),
);

const config = z.looseObject({
  mode: z.enum(['binary', 'scale', 'multi_dimension']).optional(),
  items_key: z.string().optional(),
  show_labels: z.boolean().optional(),
  allow_tie: z.boolean().optional(),
  tie_label: z.string().optional(),
  scale: z
    .looseObject({
      min: numberish.optional(),
      max: numberish.optional(),
      step: numberish.pipe(z.number().positive()).optional(),
      default: numberish.optional(),
      labels: z
        .looseObject({ min: z.string().optional(), max: z.string().optional(), center: z.string().optional() })
        .optional(),
    })
    .optional(),
  dimensions: z.array(dimension).optional(),
  justification: z
    .looseObject({
      reason_categories: z.array(z.string()).optional(),
      min_rationale_chars: numberish.optional(),
      rationale_placeholder: z.string().optional(),
      required: z.boolean().optional(),
    })
    .optional(),
});

const keysOf = (scheme: Scheme) => scheme.extra as unknown as PairwiseKeys;

const choiceError = (value: string, tie: boolean) =>
  new AnswerError(
    `"${value.slice(0, 40)}" is not a choice: give A or B${tie ? ' or tie' : ' (this scheme has no tie)'}`,
  );

function checkField(scheme: Scheme, field: string, value: string): string | AnswerError {
  const k = keysOf(scheme);
  if (field === 'justification') {
    const parsed = parseJson(value, 'a justification {"reasons": [...], "rationale": "..."}');
    if (parsed instanceof AnswerError) return parsed;
    if (!isRecord(parsed))
      return new AnswerError('a justification is an object {"reasons": [...], "rationale": "..."}');
    const reasons = parsed.reasons ?? [];
    const allowed = k.justification?.reason_categories ?? [];
    if (!Array.isArray(reasons) || reasons.some((r) => typeof r !== 'string' || !allowed.includes(r)))
      return new AnswerError(`justification.reasons must be some of: ${allowed.join(', ') || '(none configured)'}`);
    if (parsed.rationale !== undefined && typeof parsed.rationale !== 'string')
      return new AnswerError('justification.rationale must be text');
    return value;
  }
  if (k.mode === 'scale') {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) return new AnswerError(`"${value.slice(0, 40)}" is not a number`);
    if (n < k.scale.min || n > k.scale.max)
      return new AnswerError(`${n} is outside the scale ${k.scale.min}..${k.scale.max}`);
    return value;
  }
  const dim = k.dimensions.find((d) => d.name === field)!;
  if (value === 'A' || value === 'B' || (value === 'tie' && dim.allow_tie)) return value;
  return choiceError(value, dim.allow_tie);
}

/** binary and multi_dimension: the dimensions chosen on; binary has one, named "selection". */
function dimensionsOf(k: z.infer<typeof config>, fail: (key: string, reason: string) => never): PairwiseDimension[] {
  const tie = k.allow_tie ?? false;
  const tieLabel = k.tie_label ?? (k.mode === 'multi_dimension' ? 'Tie' : 'No preference');
  if (k.mode !== 'multi_dimension')
    return [{ name: 'selection', description: '', allow_tie: tie, tie_label: tieLabel }];
  if (!k.dimensions?.length) fail('dimensions', 'multi_dimension mode needs a list of dimensions, each with a name');
  const seen = new Set<string>();
  return k.dimensions.map((d, i) => {
    if (seen.has(d.name) || d.name === 'justification')
      fail(`dimensions[${i}].name`, `"${d.name}" is used twice or reserved`);
    seen.add(d.name);
    return {
      name: d.name,
      description: d.description ?? '',
      allow_tie: d.allow_tie ?? tie,
      tie_label: d.tie_label ?? tieLabel,
    };
  });
}

function agreement(scheme: Scheme): AgreementMeasure {
  const k = keysOf(scheme);
  if (k.mode === 'scale') return { level: 'interval', column: 'number' };
  if (k.mode === 'binary') return { level: 'nominal', column: 'value', value: (_s, chosen) => chosen.selection };
  return {
    level: 'nominal',
    column: 'value',
    value: (s, chosen) =>
      keysOf(s).dimensions.some((d) => chosen[d.name] !== undefined)
        ? keysOf(s)
            .dimensions.map((d) => chosen[d.name] ?? '')
            .join('|')
        : undefined,
  };
}

/** The texts compared: the first two entries of the item's `items_key` list (or object). */
function pairOf(scheme: Scheme, instance: Instance): readonly [string, string] | undefined {
  const v = instance.data[keysOf(scheme).items_key];
  const list = Array.isArray(v) ? v : isRecord(v) ? Object.values(v) : [];
  if (list.length < 2) return undefined;
  const text = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x ?? ''));
  return [text(list[0]), text(list[1])];
}

/** Binary mode is one choice among A, B (and tie): the assistant suggests it; a scale or several dimensions not. */
function suggestValues(scheme: Scheme): SuggestedValues | null {
  const k = keysOf(scheme);
  if (k.mode !== 'binary') return null;
  return {
    field: 'selection',
    choices: pairwiseChoices(k, k.dimensions[0]),
    pair: (instance) => pairOf(scheme, instance),
  };
}

export const pairwise: SchemeTypeModule = {
  type: 'pairwise',
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, parsed, fail) {
    const k = parsed as z.infer<typeof config>;
    const mode = k.mode ?? 'binary';
    const given = names(scheme.labels);
    if (given.length !== 0 && given.length !== 2)
      fail('labels', `pairwise compares two items: give two labels (or none for "A" and "B"), not ${given.length}`);
    const scale = {
      min: k.scale?.min ?? -3,
      max: k.scale?.max ?? 3,
      step: k.scale?.step ?? 1,
      default: k.scale?.default ?? 0,
    };
    if (mode === 'scale') {
      if (scale.min >= scale.max) fail('scale', `min (${scale.min}) must be below max (${scale.max})`);
      if (scale.default < scale.min || scale.default > scale.max)
        fail('scale.default', `${scale.default} is outside ${scale.min}..${scale.max}`);
    }
    const dimensions = mode === 'scale' ? [] : dimensionsOf({ ...k, mode }, fail);
    const justification =
      k.justification && mode !== 'scale'
        ? {
            reason_categories: k.justification.reason_categories ?? [],
            min_rationale_chars: k.justification.min_rationale_chars ?? 0,
            rationale_placeholder: k.justification.rationale_placeholder ?? 'Explain your preference...',
            required: k.justification.required ?? false,
          }
        : undefined;
    const fields =
      mode === 'scale'
        ? ['scale_value']
        : [...dimensions.map((d) => d.name), ...(justification ? ['justification'] : [])];
    storeUnder(scheme, fields);
    const labels = given.length ? given : ['A', 'B'];
    Object.assign(scheme.extra, {
      mode,
      items_key: k.items_key ?? 'text',
      show_labels: k.show_labels ?? true,
      item_labels: labels,
      dimensions,
      scale: {
        ...scale,
        labels: {
          min: k.scale?.labels?.min ?? `${labels[0]} is better`,
          max: k.scale?.labels?.max ?? `${labels[1]} is better`,
          center: k.scale?.labels?.center ?? 'Equal',
        },
      },
      ...(justification ? { justification } : {}),
    });
  },
  storage: 'labels',
  accept: (scheme, label, value) => (value === '' ? null : checkField(scheme, label, value)),
  answer(scheme, chosen): AnswerValue {
    const k = keysOf(scheme);
    if (k.mode === 'scale') return Number(chosen.scale_value);
    const out: Record<string, unknown> = {};
    for (const field in chosen) out[field] = field === 'justification' ? JSON.parse(chosen[field]) : chosen[field];
    if (k.mode === 'binary' && !k.justification) return chosen.selection;
    return out;
  },
  fromAnswer(scheme, answer) {
    const k = keysOf(scheme);
    let given: Record<string, unknown>;
    if (k.mode === 'scale') given = { scale_value: answer };
    else if (k.mode === 'binary' && typeof answer === 'string') given = { selection: answer };
    else if (isRecord(answer)) given = answer;
    else
      return new AnswerError(
        k.mode === 'binary'
          ? 'a pairwise answer is "A", "B" or "tie"'
          : 'a pairwise answer is an object of dimension → "A" | "B" | "tie"',
      );
    const chosen: Record<string, string> = {};
    for (const [field, v] of Object.entries(given)) {
      if (!scheme.labels.some((l) => l.name === field))
        return new AnswerError(`scheme "${scheme.name}" has no field "${field}"`);
      const value =
        field === 'justification' ? JSON.stringify(v) : typeof v === 'number' || typeof v === 'string' ? String(v) : '';
      const checked = checkField(scheme, field, value);
      if (checked instanceof AnswerError) return checked;
      chosen[field] = checked;
    }
    return chosen;
  },
  spacy: 'values',
  agreement,
  suggestable: false,
  suggestValues,
  shape: {
    stored:
      'binary: "<scheme>:selection" → "A" | "B" | "tie"; scale: "<scheme>:scale_value" → a number; multi_dimension: "<scheme>:<dimension>" → "A" | "B" | "tie"; "<scheme>:justification" → JSON text of {"reasons", "rationale"}',
    answer: z
      .union([z.string(), z.number(), z.record(z.string(), z.unknown())])
      .describe('the choice (binary), the number (scale), or field → value (dimensions, justification)'),
  },
  example: (scheme) =>
    keysOf(scheme).mode === 'scale'
      ? { scale_value: String(keysOf(scheme).scale.max) }
      : { [scheme.labels[0].name]: 'A' },
};
