/**
 * multirate: a matrix of `options` (items or aspects), each rated on one scale (the config's `labels`). Stored
 * as Potato stores it: "scheme:<option>" → the scale label chosen. The scheme's labels become the options; the
 * scale travels in `scale`. With `options_from_data` the options are each item's own (a list under that field,
 * e.g. a trace's step summaries), so the scheme has no fixed labels: an answer's options are checked against its
 * item, and agreement is not measured (no row is rated across items).
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError, type AgreementMeasure, type SchemeTypeModule } from '../module.js';
import { asStored, flag, fromFields } from '../scales.js';
import { byField } from '../answer-shape.js';
import { GRID_ORDINAL } from '../value-agreement.js';

const name = z.lazy(() => z.union([z.string().min(1), z.number()]).transform(String));
const option = z.lazy(() =>
  z.union([
    name.transform((n) => ({ name: n, label: n, tooltip: undefined as string | undefined })),
    z
      .looseObject({ name, label: name.optional(), tooltip: z.string().optional() })
      .transform((o) => ({ name: o.name, label: o.label ?? o.name, tooltip: o.tooltip })),
  ]),
);
const config = z.looseObject({
  options: z.array(option).min(1).optional(),
  options_from_data: z.string().optional(),
  option_randomization: flag.optional(),
  arrangement: z.enum(['vertical', 'horizontal']).optional(),
});

const fromData = (scheme: Scheme) => scheme.extra.options_from_data as string | undefined;

/** An item's options under `key`, as Potato reads them: strings, or objects by their label (or name). */
function itemOptions(data: Readonly<Record<string, unknown>>, key: string): string[] {
  const list = data[key];
  if (!Array.isArray(list)) return [];
  return list.map((o, i) => {
    if (typeof o === 'string') return o;
    if (typeof o === 'object' && o !== null) {
      const { label, name } = o as Record<string, unknown>;
      if (typeof label === 'string' && label) return label;
      if (typeof name === 'string' && name) return name;
    }
    return String(i);
  });
}

const PER_ITEM: AgreementMeasure = {
  level: null,
  column: null,
  reason: "the rows are each item's own (options_from_data), so no row is rated across items",
};

const accept: SchemeTypeModule['accept'] = (scheme, _label, value) => {
  if (value === '') return null;
  const scale = scheme.extra.scale as string[];
  return scale.includes(value)
    ? value
    : new AnswerError(`"${value.slice(0, 40)}" is not on the scale (${scale.join(', ')})`);
};

/** An imported answer of a scheme whose options are each item's: any option, each value on the scale. */
function openFields(scheme: Scheme, answer: unknown): Record<string, string> | AnswerError {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    return new AnswerError('expected an object of option → scale label for multirate');
  const chosen: Record<string, string> = {};
  for (const [option, value] of Object.entries(answer)) {
    if (typeof value !== 'string') return new AnswerError(`"${option}": expected a scale label`);
    const stored = accept(scheme, option, value);
    if (stored instanceof AnswerError) return new AnswerError(`"${option}": ${stored.message}`);
    if (stored !== null) chosen[option] = stored;
  }
  return chosen;
}

export const multirate: SchemeTypeModule = {
  type: 'multirate',
  config,
  keys: ['options', 'options_from_data', 'option_randomization', 'arrangement'],
  normalize(scheme, keys, fail, warn) {
    const { options, options_from_data, option_randomization, arrangement } = keys as z.infer<typeof config>;
    if (!options && !options_from_data) fail('options', 'a multirate scheme needs options, the items rated');
    if (scheme.labels.length < 2) fail('labels', 'a multirate scheme needs a scale of at least two labels');
    if (options && options_from_data)
      warn?.('options_from_data is not acted on: the options listed are rated (as in Potato)');
    if (!options) {
      Object.assign(scheme.extra, {
        scale: scheme.labels.map((l) => l.name),
        options: [],
        options_from_data,
        option_randomization: option_randomization ?? false,
        arrangement: arrangement ?? 'horizontal',
      });
      scheme.labels = [];
      return;
    }
    const seen = new Set<string>();
    for (const o of options) {
      if (seen.has(o.name)) fail('options', `duplicate option "${o.name}"`);
      seen.add(o.name);
    }
    Object.assign(scheme.extra, {
      scale: scheme.labels.map((l) => l.name),
      options: options.map((o) => ({ name: o.name, label: o.label })),
      option_randomization: option_randomization ?? false,
      arrangement: arrangement ?? 'horizontal',
    });
    scheme.labels = options.map((o) => (o.tooltip ? { name: o.name, tooltip: o.tooltip } : { name: o.name }));
  },
  storage: 'labels',
  openLabels: (scheme) => fromData(scheme) !== undefined,
  itemFields: (scheme) => (fromData(scheme) === undefined ? [] : [fromData(scheme)!]),
  checkInText(scheme, chosen, { instance }) {
    const key = fromData(scheme);
    if (!key) return null;
    const options = new Set(itemOptions(instance.data, key));
    for (const option in chosen)
      if (!options.has(option)) return new AnswerError(`"${option.slice(0, 60)}" is not one of this item's ${key}`);
    return null;
  },
  accept,
  answer: asStored,
  fromAnswer: (scheme, answer) => (fromData(scheme) ? openFields(scheme, answer) : fromFields(scheme, answer, accept)),
  spacy: 'values',
  agreement: (scheme) => (fromData(scheme) ? PER_ITEM : GRID_ORDINAL),
  suggestable: false,
  shape: {
    stored: '"<scheme>:<option>" → the scale label given to that option, one key per option',
    answer: byField.describe('option → scale label'),
  },
  example: (scheme, item) => {
    const key = fromData(scheme);
    const rows = key ? itemOptions(item ?? {}, key) : scheme.labels.map((l) => l.name);
    return Object.fromEntries(rows.map((r) => [r, (scheme.extra.scale as string[])[0]]));
  },
};
