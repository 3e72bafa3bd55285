/**
 * confidence: how sure the annotator is of another scheme's answer (`target_schema`), on a likert scale of
 * `scale_points` (5) or a slider. Stored as Potato stores it: a likert point as "scheme:3" → "3" (the point's
 * text travels in `point_labels`), a slider value as "scheme:confidence_level" → "75".
 */
import { z } from 'zod';
import { numberish } from '../kinds.js';
import { AnswerError, type SchemeTypeModule } from '../module.js';
import { endLabels, outOfRange } from '../scales.js';

const DEFAULT_POINTS = ['Guessing', 'Somewhat confident', 'Fairly confident', 'Confident', 'Certain'];
const SLIDER_FIELD = 'confidence_level';

const config = z.looseObject({
  target_schema: z.string().optional(),
  scale_type: z.enum(['likert', 'slider']).optional(),
  scale_points: numberish.pipe(z.number().int().min(2).max(11)).optional(),
  // Potato's documentation says slider_min / slider_max, its code reads min_value / max_value: both work
  slider_min: numberish.optional(),
  slider_max: numberish.optional(),
  min_value: numberish.optional(),
  max_value: numberish.optional(),
  step: numberish.pipe(z.number().positive()).optional(),
  ...endLabels,
});

const isSlider = (scheme: { extra: Record<string, unknown> }) => scheme.extra.scale_type === 'slider';

const accept: SchemeTypeModule['accept'] = (scheme, label, value) => {
  if (isSlider(scheme)) return value === '' ? null : (outOfRange(value, scheme.min, scheme.max) ?? value);
  // a likert point is stored as its own number, whatever marks it chosen ("true", the number itself)
  return value === '' || value === 'false' || value === '0' ? null : label;
};

export const confidence: SchemeTypeModule = {
  type: 'confidence',
  single: true,
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, keys, fail) {
    const k = keys as z.infer<typeof config>;
    const scaleType = k.scale_type ?? 'likert';
    if (scaleType === 'slider') {
      const min = k.min_value ?? k.slider_min ?? 0;
      const max = k.max_value ?? k.slider_max ?? 100;
      if (min >= max)
        fail(k.max_value !== undefined ? 'max_value' : 'slider_max', `${max} is not greater than the minimum (${min})`);
      Object.assign(scheme, { min, max, step: k.step ?? 1, labels: [{ name: SLIDER_FIELD }] });
      Object.assign(scheme.extra, {
        left_label: k.left_label ?? 'Not confident',
        right_label: k.right_label ?? 'Very confident',
      });
    } else {
      const given = scheme.labels.map((l) => l.name);
      const points = given.length ? given : DEFAULT_POINTS.slice(0, k.scale_points ?? 5);
      while (points.length < (k.scale_points ?? 5)) points.push(`Level ${points.length + 1}`);
      scheme.size = points.length;
      scheme.labels = points.map((_, i) => ({ name: String(i + 1) }));
      scheme.extra.point_labels = points;
    }
    Object.assign(scheme.extra, { scale_type: scaleType, target_schema: k.target_schema ?? null });
  },
  storage: 'labels',
  accept,
  answer: (scheme, chosen) => {
    for (const label in chosen) return isSlider(scheme) ? chosen[label] : label;
    return null;
  },
  fromAnswer(scheme, answer) {
    if (typeof answer !== 'string' && typeof answer !== 'number')
      return new AnswerError('expected a likert point or a slider value');
    const value = String(answer);
    if (isSlider(scheme)) return outOfRange(value, scheme.min, scheme.max) ?? { [SLIDER_FIELD]: value };
    return scheme.labels.some((l) => l.name === value)
      ? { [value]: value }
      : new AnswerError(`"${value.slice(0, 40)}" is not a point of 1..${scheme.size}`);
  },
  spacy: 'values',
  // likert points are stored as their numbers, so one interval reading serves both scales
  agreement: { level: 'interval', column: 'number' },
  suggestable: false,
  shape: {
    stored: 'likert: "<scheme>:<point>" → the point ("3"); slider: "<scheme>:confidence_level" → the value',
    answer: z.string().describe('the point or the slider value'),
  },
  example: (scheme): Record<string, string> =>
    isSlider(scheme) ? { [SLIDER_FIELD]: String(scheme.max) } : { '1': '1' },
};
