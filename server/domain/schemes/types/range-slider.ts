/**
 * range_slider: a low and a high value on min_value..max_value (0..100, by `step`), stored as Potato stores them
 * under `range_low` and `range_high`; both are needed and low may not pass high.
 */
import { z } from 'zod';
import { numberish } from '../kinds.js';
import { AnswerError, type SchemeTypeModule } from '../module.js';
import { asStored, endLabels, flag, fromFields, outOfRange } from '../scales.js';
import { rangeMeasure } from '../value-agreement.js';

const config = z.looseObject({
  min_value: numberish.optional(),
  max_value: numberish.optional(),
  step: numberish.pipe(z.number().positive()).optional(),
  default_low: numberish.optional(),
  default_high: numberish.optional(),
  show_values: flag.optional(),
  ...endLabels,
});

const LOW = 'range_low';
const HIGH = 'range_high';

function check(_scheme: unknown, chosen: Readonly<Record<string, string>>): AnswerError | null {
  const missing = [LOW, HIGH].filter((f) => chosen[f] === undefined);
  if (missing.length)
    return new AnswerError(`a range needs both ${LOW} and ${HIGH} (${missing.join(' and ')} missing)`);
  if (Number(chosen[LOW]) > Number(chosen[HIGH]))
    return new AnswerError(`${LOW} (${chosen[LOW]}) is above ${HIGH} (${chosen[HIGH]})`);
  return null;
}

const accept: SchemeTypeModule['accept'] = (scheme, _label, value) =>
  value === '' ? null : (outOfRange(value, scheme.min, scheme.max) ?? value);

export const rangeSlider: SchemeTypeModule = {
  type: 'range_slider',
  config,
  keys: ['min_value', 'max_value', 'step', 'default_low', 'default_high', 'show_values', 'left_label', 'right_label'],
  normalize(scheme, keys, fail) {
    const k = keys as z.infer<typeof config>;
    if (scheme.labels.length)
      fail('labels', `a range_slider scheme has no labels: its answer is stored under ${LOW} and ${HIGH}`);
    const min = k.min_value ?? 0;
    const max = k.max_value ?? 100;
    if (min >= max) fail('max_value', `${max} is not greater than min_value (${min})`);
    const low = k.default_low ?? min + (max - min) / 4;
    const high = k.default_high ?? max - (max - min) / 4;
    if (low < min || low > max) fail('default_low', `${low} is outside ${min}..${max}`);
    if (high < min || high > max) fail('default_high', `${high} is outside ${min}..${max}`);
    if (low > high) fail('default_low', `${low} is above default_high (${high})`);
    Object.assign(scheme, { min, max, step: k.step ?? 1, labels: [{ name: LOW }, { name: HIGH }] });
    Object.assign(scheme.extra, {
      default_low: low,
      default_high: high,
      show_values: k.show_values ?? true,
      left_label: k.left_label ?? '',
      right_label: k.right_label ?? '',
    });
  },
  storage: 'labels',
  accept,
  check,
  answer: asStored,
  fromAnswer: (scheme, answer) => fromFields(scheme, answer, accept, check),
  spacy: 'values',
  agreement: rangeMeasure,
  suggestable: false,
  shape: {
    stored: '"<scheme>:range_low" and "<scheme>:range_high" → numbers as text, low ≤ high',
    answer: z.object({ range_low: z.string(), range_high: z.string() }),
  },
  example: (scheme) => ({ [LOW]: String(scheme.extra.default_low), [HIGH]: String(scheme.extra.default_high) }),
};
