/**
 * Behaviour shared by families of types: choices among labels (radio, select, likert, multiselect) and free
 * values under field labels (text, number, slider). Type modules build on these and override what differs.
 */
import { z } from 'zod';
import type { Scheme } from '../task.js';
import { AnswerError, type AnswerValue, type SchemeTypeModule } from './module.js';
import { byField, oneValue } from './answer-shape.js';

const FALSEY = new Set(['', 'false', 'False', '0', 'off']);

/** zod for a number that YAML may give as a string. */
export const numberish = z.lazy(() =>
  z.union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ]),
);

/** zod for a boolean that YAML may give as `True`, `yes` or a string. */
export const booleanish = z.lazy(() =>
  z.union([
    z.boolean(),
    z
      .enum(['true', 'false', 'True', 'False', 'yes', 'no'])
      .transform((v) => v === 'true' || v === 'True' || v === 'yes'),
  ]),
);

const hasLabel = (scheme: Scheme, name: string) => scheme.labels.some((l) => l.name === name);

export function needLabels(scheme: Scheme, fail: (key: string, reason: string) => never): void {
  if (!scheme.labels.length) fail('labels', `a ${scheme.annotation_type} scheme needs at least one label`);
}

type ChoiceParts = Pick<SchemeTypeModule, 'type' | 'agreement' | 'single'> & Partial<SchemeTypeModule>;

/**
 * The labels an item offers under Potato's `dynamic_options`: those its `dynamic_options_field` lists (one label
 * or a list); undefined when the scheme does not filter or the item has no such field (every label is offered).
 */
function offeredLabels(scheme: Scheme, data: Readonly<Record<string, unknown>>): Set<string> | undefined {
  if (scheme.extra.dynamic_options !== true) return undefined;
  const listed = data[scheme.extra.dynamic_options_field as string];
  if (listed === undefined || listed === null) return undefined;
  return new Set((Array.isArray(listed) ? listed : [listed]).map(String));
}

/** Whether an item offers none of the scheme's labels (its list is empty): the scheme is then not asked there. */
export function offersNone(scheme: Scheme, data: Readonly<Record<string, unknown>>): boolean {
  return offeredLabels(scheme, data)?.size === 0;
}

/** Whether the item offers `label` for the scheme (always, unless dynamic_options lists others). */
export function offers(scheme: Scheme, data: Readonly<Record<string, unknown>>, label: string): boolean {
  return offeredLabels(scheme, data)?.has(label) ?? true;
}

/** Potato's per-item label filter, for the choice types that take it (radio, multiselect, select). */
const dynamicOptions: Pick<
  SchemeTypeModule,
  'config' | 'keys' | 'normalize' | 'checksItem' | 'checkInText' | 'itemFields'
> = {
  config: z.looseObject({
    dynamic_options: booleanish.optional(),
    dynamic_options_field: z.string().min(1).optional(),
  }),
  keys: ['dynamic_options', 'dynamic_options_field'],
  normalize: (scheme, keys, fail, warn) => {
    needLabels(scheme, fail);
    const { dynamic_options, dynamic_options_field } = keys as {
      dynamic_options?: boolean;
      dynamic_options_field?: string;
    };
    if (dynamic_options)
      Object.assign(scheme.extra, {
        dynamic_options: true,
        dynamic_options_field: dynamic_options_field ?? 'visible_labels',
      });
    else if (dynamic_options_field)
      warn?.('dynamic_options_field is not acted on without dynamic_options: true; every label is offered');
  },
  checksItem: (scheme) => scheme.extra.dynamic_options === true,
  itemFields: (scheme) => (scheme.extra.dynamic_options === true ? [scheme.extra.dynamic_options_field as string] : []),
  checkInText(scheme, chosen, { instance }) {
    const offered = offeredLabels(scheme, instance.data);
    if (!offered) return null;
    for (const label in chosen)
      if (!offered.has(label))
        return new AnswerError(
          `"${label}" is not offered for this item (its ${scheme.extra.dynamic_options_field as string} lists ${[...offered].join(', ') || 'none'})`,
        );
    return null;
  },
};

/**
 * A choice among the scheme's labels; a ticked label is stored as "true" (any value not falsey, or the label's own
 * name, counts).
 */
export function choiceType({ dynamic, ...parts }: ChoiceParts & { dynamic?: boolean }): SchemeTypeModule {
  return {
    config: z.looseObject({}),
    keys: [],
    normalize: (scheme, _keys, fail) => needLabels(scheme, fail),
    ...(dynamic ? dynamicOptions : {}),
    storage: 'labels',
    // a label named like a falsey value ("False", "0") is ticked by its own name, as Potato's pages send it
    accept: (_scheme, label, value) => (FALSEY.has(value) && value !== label ? null : value),
    answer: (_scheme, chosen): AnswerValue => {
      if (parts.single) {
        for (const name in chosen) return name;
      }
      return Object.keys(chosen);
    },
    fromAnswer: (scheme, answer) => {
      const names = Array.isArray(answer) ? answer : [answer];
      const chosen: Record<string, string> = {};
      for (const name of names) {
        if (typeof name !== 'string') return new AnswerError('labels must be strings');
        if (!hasLabel(scheme, name)) return new AnswerError(`scheme "${scheme.name}" has no label "${name}"`);
        chosen[name] = 'true';
      }
      if (parts.single && Object.keys(chosen).length > 1)
        return new AnswerError(`scheme "${scheme.name}" is ${scheme.annotation_type} and takes one label`);
      return chosen;
    },
    spacy: 'cats',
    suggestable: true,
    shape: parts.single
      ? { stored: '"<scheme>:<label>" → "true" for the label chosen', answer: z.string().describe('the label chosen') }
      : {
          stored: '"<scheme>:<label>" → "true" for each label ticked',
          answer: z.array(z.string()).describe('the labels ticked'),
        },
    ...parts,
  };
}

type ValueParts = Pick<SchemeTypeModule, 'type' | 'agreement'> &
  Partial<SchemeTypeModule> & { numeric: boolean; fieldLabel: string; potatoField?: string };

/** A free value under one or more field labels; numeric ones are checked against the scheme's min/max. */
export function valueType({ numeric, fieldLabel, potatoField, ...parts }: ValueParts): SchemeTypeModule {
  const checkNumber = (scheme: Scheme, value: string): AnswerError | null => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) return new AnswerError(`"${value.slice(0, 40)}" is not a number`);
    if ((scheme.min !== undefined && n < scheme.min) || (scheme.max !== undefined && n > scheme.max)) {
      return new AnswerError(`${n} is outside ${scheme.min ?? '-∞'}..${scheme.max ?? '∞'}`);
    }
    return null;
  };
  return {
    config: z.looseObject({}),
    keys: [],
    normalize: (scheme) => {
      if (!scheme.labels.length) scheme.labels = [{ name: fieldLabel }];
    },
    storage: 'labels',
    accept: (scheme, _label, value) => {
      if (!numeric) return value === '' ? null : value; // an empty text box is no answer
      return checkNumber(scheme, value) ?? value;
    },
    answer: (scheme, chosen): AnswerValue => {
      if (scheme.labels.length === 1) {
        for (const name in chosen) return chosen[name];
      }
      return { ...chosen };
    },
    fromAnswer: (scheme, answer) => {
      const chosen: Record<string, string> = {};
      if (typeof answer === 'object' && answer !== null && !Array.isArray(answer)) {
        for (const [name, value] of Object.entries(answer)) {
          if (!hasLabel(scheme, name)) return new AnswerError(`scheme "${scheme.name}" has no label "${name}"`);
          chosen[name] = String(value);
        }
      } else if (typeof answer === 'string' || typeof answer === 'number') {
        if (scheme.labels.length !== 1)
          return new AnswerError(`scheme "${scheme.name}" has several fields; give an object of field → value`);
        chosen[scheme.labels[0].name] = String(answer);
      } else return new AnswerError('expected a value');
      if (numeric) {
        for (const [name, value] of Object.entries(chosen)) {
          const problem = checkNumber(scheme, value);
          if (problem) return new AnswerError(`"${name}": ${problem.message}`);
        }
      }
      return chosen;
    },
    spacy: 'values',
    suggestable: false,
    fieldNames: potatoField ? [potatoField] : [],
    shape: {
      stored: `"<scheme>:<field>" → the value as text, the field being the label (\`${fieldLabel}\` when the scheme has none)`,
      answer: z
        .union([oneValue, byField])
        .describe('the value of a one-field scheme; field → value when it has several'),
    },
    ...parts,
  };
}
