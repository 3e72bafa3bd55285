/**
 * semantic_differential: each bipolar pair ([left, right]) rated on 1..scale_points (7), stored as Potato stores
 * it: "scheme:Left__Right" → "6" (1 is the left pole).
 */
import { z } from 'zod';
import { numberish } from '../kinds.js';
import type { SchemeTypeModule } from '../module.js';
import { asStored, fromFields, notWhole } from '../scales.js';
import { GRID_INTERVAL } from '../value-agreement.js';
import { byField } from '../answer-shape.js';

const pole = z.lazy(() => z.union([z.string().min(1), z.number()]).transform(String));
const config = z.looseObject({
  pairs: z.array(z.tuple([pole, pole], { error: 'each pair is a list of two adjectives, [left, right]' })).min(1),
  scale_points: numberish.pipe(z.number().int().min(2).max(11)).optional(),
});

const accept: SchemeTypeModule['accept'] = (scheme, _label, value) =>
  value === '' ? null : (notWhole(value, 1, scheme.size!) ?? value);

export const semanticDifferential: SchemeTypeModule = {
  type: 'semantic_differential',
  config,
  keys: ['pairs', 'scale_points'],
  normalize(scheme, keys, fail) {
    const { pairs, scale_points } = keys as z.infer<typeof config>;
    if (scheme.labels.length) fail('labels', 'a semantic_differential scheme has no labels: give its scales as pairs');
    const size = scale_points ?? 7;
    scheme.size = size;
    scheme.labels = pairs.map(([left, right]) => ({ name: `${left}__${right}` }));
    Object.assign(scheme.extra, { pairs, scale_points: size });
  },
  storage: 'labels',
  accept,
  answer: asStored,
  fromAnswer: (scheme, answer) => fromFields(scheme, answer, accept),
  spacy: 'values',
  agreement: GRID_INTERVAL,
  suggestable: false,
  shape: {
    stored: '"<scheme>:<left>__<right>" → the point 1..scale_points, one key per pair',
    answer: byField.describe('pair → point'),
  },
  example: (scheme) => Object.fromEntries(scheme.labels.map((l) => [l.name, String(Math.ceil(scheme.size! / 2))])),
};
