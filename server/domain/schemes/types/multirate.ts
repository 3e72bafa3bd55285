/**
 * multirate: a matrix of `options` (items or aspects), each rated on one scale (the config's `labels`). Stored
 * as Potato stores it: "scheme:<option>" → the scale label chosen. The scheme's labels become the options; the
 * scale travels in `scale`.
 */
import { z } from 'zod';
import { AnswerError, type SchemeTypeModule } from '../module.js';
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

const accept: SchemeTypeModule['accept'] = (scheme, _label, value) => {
  if (value === '') return null;
  const scale = scheme.extra.scale as string[];
  return scale.includes(value)
    ? value
    : new AnswerError(`"${value.slice(0, 40)}" is not on the scale (${scale.join(', ')})`);
};

export const multirate: SchemeTypeModule = {
  type: 'multirate',
  config,
  keys: ['options', 'options_from_data', 'option_randomization', 'arrangement'],
  normalize(scheme, keys, fail) {
    const { options, options_from_data, option_randomization, arrangement } = keys as z.infer<typeof config>;
    if (!options)
      fail(
        options_from_data ? 'options_from_data' : 'options',
        options_from_data
          ? 'options read from each item are not supported: list the options'
          : 'a multirate scheme needs options, the items rated',
      );
    if (scheme.labels.length < 2) fail('labels', 'a multirate scheme needs a scale of at least two labels');
    const seen = new Set<string>();
    for (const o of options!) {
      if (seen.has(o.name)) fail('options', `duplicate option "${o.name}"`);
      seen.add(o.name);
    }
    Object.assign(scheme.extra, {
      scale: scheme.labels.map((l) => l.name),
      options: options!.map((o) => ({ name: o.name, label: o.label })),
      option_randomization: option_randomization ?? false,
      arrangement: arrangement ?? 'horizontal',
    });
    scheme.labels = options!.map((o) => (o.tooltip ? { name: o.name, tooltip: o.tooltip } : { name: o.name }));
  },
  storage: 'labels',
  accept,
  answer: asStored,
  fromAnswer: (scheme, answer) => fromFields(scheme, answer, accept),
  spacy: 'values',
  agreement: GRID_ORDINAL,
  suggestable: false,
  shape: {
    stored: '"<scheme>:<option>" → the scale label given to that option, one key per option',
    answer: byField.describe('option → scale label'),
  },
  example: (scheme) => Object.fromEntries(scheme.labels.map((l) => [l.name, (scheme.extra.scale as string[])[0]])),
};
