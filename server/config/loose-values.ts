/**
 * Config values as Potato's YAML (and hand-edited configs) give them: booleans as true/false/yes/no in either
 * case Potato accepts, and numbers written as strings. One module so schema.ts and its sections share them
 * without importing each other.
 */
import { z } from 'zod';

export const looseBoolean = z.lazy(() =>
  z.union([
    z.boolean(),
    z
      .enum(['true', 'false', 'True', 'False', 'yes', 'no'])
      .transform((v) => v === 'true' || v === 'True' || v === 'yes'),
  ]),
);

/** a number, or a string of digits with an optional fraction (not negative) */
export const looseUnsignedNumber = z.lazy(() =>
  z.union([
    z.number(),
    z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ]),
);

/** a number, or a string of digits with an optional sign and fraction */
export const looseNumber = z.lazy(() =>
  z.union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/, 'a number')
      .transform(Number),
  ]),
);
