/**
 * Pieces the rating and measurement types share (multirate, semantic_differential, confidence, vas,
 * range_slider, soft_label, constant_sum): YAML's loose booleans, numbers checked against a range, and the
 * answer shape they all use, Potato's stored one: field label → value string.
 */
import { z } from 'zod';
import type { Scheme } from '../task.js';
import { AnswerError, type AnswerValue } from './module.js';

/** YAML writes `True`, `yes`, `"true"`; Potato accepts them all. */
export const flag = z.lazy(() =>
  z.union([
    z.boolean(),
    z
      .enum(['true', 'false', 'True', 'False', 'yes', 'no'])
      .transform((v) => v === 'true' || v === 'True' || v === 'yes'),
  ]),
);

/** A number within min..max (either end open when undefined); the refusal names the value and the range. */
export function outOfRange(value: string, min: number | undefined, max: number | undefined): AnswerError | null {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) return new AnswerError(`"${value.slice(0, 40)}" is not a number`);
  if ((min !== undefined && n < min) || (max !== undefined && n > max))
    return new AnswerError(`${n} is outside ${min ?? '-∞'}..${max ?? '∞'}`);
  return null;
}

/** A whole number within min..max. */
export function notWhole(value: string, min: number, max: number): AnswerError | null {
  const problem = outOfRange(value, min, max);
  if (problem) return problem;
  return Number.isInteger(Number(value)) ? null : new AnswerError(`"${value.slice(0, 40)}" is not a whole number`);
}

/** The stored answer as it is: field label → value. */
export const asStored = (_scheme: Scheme, chosen: Readonly<Record<string, string>>): AnswerValue => ({ ...chosen });

/**
 * An exported answer (field → value, values strings or numbers) back into stored form, each value checked by
 * `accept` as a submission's would be, then the whole by `check`.
 */
export function fromFields(
  scheme: Scheme,
  answer: unknown,
  accept: (scheme: Scheme, label: string, value: string) => string | null | AnswerError,
  check?: (scheme: Scheme, chosen: Record<string, string>) => AnswerError | null,
): Record<string, string> | AnswerError {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    return new AnswerError(`expected an object of field → value for ${scheme.annotation_type}`);
  const chosen: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer)) {
    if (!scheme.labels.some((l) => l.name === name))
      return new AnswerError(`scheme "${scheme.name}" has no field "${name}"`);
    if (typeof value !== 'string' && typeof value !== 'number')
      return new AnswerError(`"${name}": expected a string or a number`);
    const stored = accept(scheme, name, String(value));
    if (stored instanceof AnswerError) return new AnswerError(`"${name}": ${stored.message}`);
    if (stored !== null) chosen[name] = stored;
  }
  return check?.(scheme, chosen) ?? chosen;
}

/** Keys that only shape how the field looks, passed on to the renderer as they are. */
export const endLabels = {
  left_label: z.union([z.string(), z.number()]).transform(String).optional(),
  right_label: z.union([z.string(), z.number()]).transform(String).optional(),
};
