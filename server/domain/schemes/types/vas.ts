/**
 * vas (visual analogue scale): one number on a plain line between two end labels, min_value..max_value (0..100),
 * as fine as `precision` decimals. Stored as Potato stores it, under the scheme's own name: "pain:pain" → "67.3".
 */
import { z } from 'zod';
import { numberish, valueType } from '../kinds.js';
import { endLabels, flag } from '../scales.js';

const config = z.looseObject({
  min_value: numberish.optional(),
  max_value: numberish.optional(),
  precision: numberish.pipe(z.number().int().min(0).max(6)).optional(),
  show_value: flag.optional(),
  ...endLabels,
});

export const vas = valueType({
  type: 'vas',
  numeric: true,
  fieldLabel: 'value',
  agreement: { level: 'interval', column: 'number' },
  config,
  keys: ['min_value', 'max_value', 'precision', 'show_value', 'left_label', 'right_label'],
  normalize(scheme, keys, fail) {
    const k = keys as z.infer<typeof config>;
    if (scheme.labels.length)
      fail(
        'labels',
        'a vas scheme has no labels: its value is stored under the scheme name (left_label and right_label name the ends)',
      );
    const min = k.min_value ?? 0;
    const max = k.max_value ?? 100;
    if (min >= max) fail('max_value', `${max} is not greater than min_value (${min})`);
    const precision = k.precision ?? 1;
    Object.assign(scheme, { min, max, step: 10 ** -precision, labels: [{ name: scheme.name }] });
    Object.assign(scheme.extra, {
      left_label: k.left_label ?? '',
      right_label: k.right_label ?? '',
      show_value: k.show_value ?? false,
      precision,
    });
  },
  shape: { stored: '"<scheme>:<scheme>" → the number as text', answer: z.string().describe('the number, as text') },
  example: (scheme) => ({ [scheme.name]: String(((scheme.min ?? 0) + (scheme.max ?? 100)) / 2) }),
});
