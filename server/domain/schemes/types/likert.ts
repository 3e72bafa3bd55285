/** likert: one point of an ordered scale of `size` points (labels "1".."size" unless given), with end labels. */
import { z } from 'zod';
import { choiceType, numberish } from '../kinds.js';

const config = z.looseObject({
  size: numberish.pipe(z.number().int().min(2).max(100)).optional(),
  min_label: z.string().optional(),
  max_label: z.string().optional(),
});

export const likert = choiceType({
  type: 'likert',
  single: true,
  agreement: { level: 'ordinal', column: 'position' },
  config,
  keys: ['size', 'min_label', 'max_label'],
  normalize(scheme, keys, fail) {
    const { size: given, min_label, max_label } = keys as z.infer<typeof config>;
    const labels = scheme.labels;
    const size = given ?? (labels.length || undefined);
    if (!size) return fail('size', 'a likert scheme needs a size (or labels)');
    if (labels.length && labels.length !== size)
      fail('size', `${size} points but ${labels.length} labels; give one label per point or leave the labels out`);
    Object.assign(scheme, {
      size,
      min_label: min_label ?? '',
      max_label: max_label ?? '',
      labels: labels.length ? labels : Array.from({ length: size }, (_, i) => ({ name: String(i + 1) })),
    });
  },
});
