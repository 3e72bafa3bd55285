/** Quality-control sections of the config: attention checks and gold standards (docs/quality-and-phases.md). */
import { z } from 'zod';

const numberish = z.lazy(() =>
  z.union([
    z.number(),
    z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ]),
);
const bool = z.lazy(() => z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]));

/**
 * How often a check is mixed in: an integer n ≥ 1 is "one after every n real items"; a fraction 0 < f < 1 is
 * "this share of items" (Potato writes both), turned into the nearest n.
 */
const frequency = numberish
  .pipe(z.number().positive('frequency must be positive'))
  .transform((f) => (f < 1 ? Math.max(1, Math.round(1 / f)) : Math.round(f)));

export const attentionChecksSchema = z.lazy(() =>
  z.looseObject({
    enabled: bool.default(true),
    items_file: z.string().min(1),
    frequency: frequency.default(10),
    failure_handling: z
      .looseObject({
        warn_threshold: numberish.pipe(z.number().int().min(1)).default(2),
        block_threshold: numberish.pipe(z.number().int().min(1)).default(3),
      })
      .default({ warn_threshold: 2, block_threshold: 3 }),
  }),
);
export type AttentionChecksConfig = z.infer<typeof attentionChecksSchema>;

export const goldStandardsSchema = z.lazy(() =>
  z.looseObject({
    enabled: bool.default(true),
    items_file: z.string().min(1),
    frequency: frequency.default(10),
  }),
);
export type GoldStandardsConfig = z.infer<typeof goldStandardsSchema>;
