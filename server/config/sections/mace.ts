/**
 * Potato's `mace` section: whether annotator competence is estimated (`enabled`), how often
 * (`trigger_every_n` new answers), on which items and schemes (`min_annotations_per_item`, `min_items`) and with
 * what effort and priors (`num_restarts`, `num_iters`, `alpha`, `beta`). Bad values are refused by key.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import { MACE_DEFAULTS, type MaceSettings } from '../../domain/mace/settings.js';
import { MACE_TYPES } from '../../domain/mace/answers.js';

const wholeFrom = (min: number, why: string) =>
  looseUnsignedNumber.pipe(z.number().int('a whole number').min(min, why));
const positive = looseUnsignedNumber.pipe(z.number().positive('above 0'));

export const maceSchema = z.looseObject({
  enabled: looseBoolean.optional(),
  trigger_every_n: wholeFrom(1, 'at least 1').optional(),
  min_annotations_per_item: wholeFrom(2, 'at least 2: one answer has no one to be compared with').optional(),
  min_items: wholeFrom(1, 'at least 1').optional(),
  num_restarts: wholeFrom(1, 'at least 1').optional(),
  num_iters: wholeFrom(1, 'at least 1').optional(),
  alpha: positive.optional(),
  beta: positive.optional(),
});

export type RawMace = z.output<typeof maceSchema>;

/** The settings, and a warning when MACE is on but has no scheme to estimate. */
export function readMace(
  raw: RawMace | undefined,
  schemes: readonly { name: string; annotation_type: string }[],
): { settings: MaceSettings; warnings: string[] } {
  const d = MACE_DEFAULTS;
  const settings: MaceSettings = {
    enabled: raw?.enabled === true,
    triggerEveryN: raw?.trigger_every_n ?? d.triggerEveryN,
    minAnnotationsPerItem: raw?.min_annotations_per_item ?? d.minAnnotationsPerItem,
    minItems: raw?.min_items ?? d.minItems,
    numRestarts: raw?.num_restarts ?? d.numRestarts,
    numIters: raw?.num_iters ?? d.numIters,
    alpha: raw?.alpha ?? d.alpha,
    beta: raw?.beta ?? d.beta,
  };
  const warnings =
    settings.enabled && !schemes.some((s) => MACE_TYPES.has(s.annotation_type))
      ? ['mace is enabled but no scheme is radio, likert, select or multiselect: nothing is estimated']
      : [];
  return { settings, warnings };
}
