/**
 * Potato's `psychometrics` section: `enabled`, the modelled `schema` (default: the first radio or likert scheme),
 * `min_observations` before a fit is reported, `min_annotators_per_item` and `confidence_threshold` (when an item
 * counts as resolved), `cost_per_judgment` (savings and the designer's cost) and `discrimination_flag_threshold`.
 * `refit_interval` is how many new labels adaptive routing (`assignment_strategy: psychometric`) waits before it
 * fits again; the read-outs fit afresh on every read.
 */
import { z } from 'zod';
import { looseBoolean, looseNumber } from '../loose-values.js';
import type { PsychometricsSettings } from '../../domain/psychometrics/psychometrics.js';
import { singleChoiceScheme } from './truth-serum.js';

const whole = looseNumber.pipe(z.number().int('a whole number').min(0, 'at least 0'));

export const psychometricsSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    schema: z.string().min(1).optional(),
    refit_interval: whole.optional(),
    min_observations: whole.optional(),
    min_annotators_per_item: whole.optional(),
    confidence_threshold: looseNumber.pipe(z.number().gt(0, 'above 0').max(1, 'at most 1')).optional(),
    cost_per_judgment: looseNumber.pipe(z.number().min(0, 'at least 0')).optional(),
    discrimination_flag_threshold: looseNumber.pipe(z.number().min(-1).max(1)).optional(),
  }),
);

export function readPsychometrics(
  raw: z.output<typeof psychometricsSchema> | undefined,
  schemes: readonly { name: string; annotation_type: string; turn_level?: unknown }[],
  strategy: string | undefined,
  warn: (m: string) => void,
  fail: (m: string) => never,
): PsychometricsSettings {
  const settings = {
    minObservations: raw?.min_observations ?? 20,
    minAnnotatorsPerItem: raw?.min_annotators_per_item ?? 2,
    confidenceThreshold: raw?.confidence_threshold ?? 0.95,
    costPerJudgment: raw?.cost_per_judgment ?? null,
    discriminationFlagThreshold: raw?.discrimination_flag_threshold ?? -0.2,
    refitInterval: raw?.refit_interval ?? 5,
  };
  if (raw?.enabled !== true) {
    if (strategy === 'psychometric')
      warn(
        'assignment_strategy: psychometric needs psychometrics.enabled: true; until then items are handed out at random',
      );
    return { ...settings, enabled: false, schema: '' };
  }
  const firstChoice = schemes.find(
    (s) => (s.annotation_type === 'radio' || s.annotation_type === 'likert') && !s.turn_level,
  );
  const schema = singleChoiceScheme('psychometrics', raw.schema ?? firstChoice?.name, schemes, fail);
  if (raw.refit_interval !== undefined && strategy !== 'psychometric')
    warn(
      'psychometrics.refit_interval is not acted on without assignment_strategy: psychometric (the read-outs fit afresh on every read)',
    );
  return { ...settings, enabled: true, schema };
}
