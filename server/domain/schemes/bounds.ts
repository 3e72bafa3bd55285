/** The bounds keys number and slider share: min/max (or Potato's min_value/max_value), step, starting_value. */
import { z } from 'zod';
import type { Scheme } from '../task.js';
import { numberish } from './kinds.js';

export const boundsConfig = z.lazy(() =>
  z.looseObject({
    min: numberish.optional(),
    max: numberish.optional(),
    step: numberish.pipe(z.number().positive()).optional(),
    min_value: numberish.optional(),
    max_value: numberish.optional(),
    starting_value: numberish.optional(),
  }),
);
export const BOUNDS_KEYS = ['min', 'max', 'step', 'min_value', 'max_value', 'starting_value'];

export function normalizeBounds(
  scheme: Scheme,
  keys: z.infer<typeof boundsConfig>,
  defaults: { min?: number; max?: number; step?: number },
  fail: (key: string, reason: string) => never,
  fieldLabel: string,
): void {
  const min = keys.min ?? keys.min_value ?? defaults.min;
  const max = keys.max ?? keys.max_value ?? defaults.max;
  if (min !== undefined && max !== undefined && min > max) fail('', `min (${min}) is greater than max (${max})`);
  const starting = keys.starting_value;
  if (starting !== undefined && ((min !== undefined && starting < min) || (max !== undefined && starting > max)))
    fail('starting_value', `${starting} is outside ${min}..${max}`);
  Object.assign(scheme, { min, max, step: keys.step ?? defaults.step, starting_value: starting });
  if (!scheme.labels.length) scheme.labels = [{ name: fieldLabel }];
}
