/**
 * Potato's `active_learning` section, read for `assignment_strategy: active_learning`: which schemes drive it
 * (`schema_names`), when it starts (`min_instances_for_training`), how often it ranks again (`update_frequency`),
 * how many items it scores (`max_instances_to_reorder`) and the random share (`random_sample_percent`). Potato's
 * classifier, vectorizer, query strategies other than uncertainty, LLM and persistence keys need parts we do not
 * have: each is warned about with what happens instead. Bad values are refused by key, as Potato refuses them.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import type { Scheme } from '../../domain/task.js';
import { schemeModuleOf } from '../../domain/schemes/registry.js';
import { DEFAULT_ACTIVE_LEARNING, type ActiveLearningSettings } from '../../domain/active-learning/settings.js';

const positiveInt = looseUnsignedNumber.pipe(z.number().int('a whole number').min(1, 'at least 1'));

export const activeLearningSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    schema_names: z.union([z.string().transform((s) => [s]), z.array(z.string())]).optional(),
    min_instances_for_training: looseUnsignedNumber
      .pipe(z.number().int('a whole number').min(2, 'at least 2: a learner needs examples of two labels'))
      .optional(),
    min_annotations_per_instance: positiveInt.optional(),
    update_frequency: positiveInt.optional(),
    max_instances_to_reorder: positiveInt.optional(),
    random_sample_percent: looseUnsignedNumber
      .pipe(z.number().max(1, 'a fraction between 0 and 1 (0.2 for 20 %), as Potato reads it'))
      .optional(),
    query_strategy: z.enum(['uncertainty', 'diversity', 'badge', 'bald', 'hybrid']).optional(),
    resolution_strategy: z.enum(['majority_vote', 'random', 'consensus', 'weighted_average']).optional(),
    cold_start_strategy: z.enum(['random', 'llm']).optional(),
    confidence_method: z.enum(['logprobs', 'verbalized', 'consistency']).optional(),
    calibrate_probabilities: looseBoolean.optional(),
    classifier: z.unknown().optional(),
    vectorizer: z.unknown().optional(),
    classifier_params: z.record(z.string(), z.unknown()).optional(),
    vectorizer_params: z.record(z.string(), z.unknown()).optional(),
    hybrid_weights: z.record(z.string(), z.unknown()).optional(),
    bald_params: z.record(z.string(), z.unknown()).optional(),
    database: z.unknown().optional(),
    model_persistence: z.unknown().optional(),
    llm: z.unknown().optional(),
    use_icl_ensemble: looseBoolean.optional(),
    icl_ensemble_params: z.unknown().optional(),
    annotation_routing: looseBoolean.optional(),
    routing_thresholds: z.unknown().optional(),
  }),
);

export type RawActiveLearning = z.output<typeof activeLearningSchema>;

export class ActiveLearningConfigError extends Error {}

const LEARNER = 'the embedded naive Bayes learner over word uni- and bigrams ranks the items (docs/ai.md)';

/** The settings and the warnings for keys that change nothing here; throws naming the key for a bad scheme name. */
export function readActiveLearning(
  raw: RawActiveLearning | undefined,
  schemes: readonly Scheme[],
  strategy: string | undefined,
): { settings: ActiveLearningSettings; warnings: string[] } {
  const warnings: string[] = [];
  const choice = (s: Scheme) => schemeModuleOf(s).suggestable && s.annotation_type !== 'span';
  const names = raw?.schema_names ?? [];
  names.forEach((name, i) => {
    const scheme = schemes.find((s) => s.name === name);
    if (!scheme)
      throw new ActiveLearningConfigError(`active_learning.schema_names[${i}]: no scheme is named "${name}"`);
    if (!choice(scheme))
      throw new ActiveLearningConfigError(
        `active_learning.schema_names[${i}]: "${name}" is a ${scheme.annotation_type} scheme; active learning ranks by radio, select, likert or multiselect schemes`,
      );
  });
  const settings: ActiveLearningSettings = {
    enabled: raw?.enabled !== false,
    schemes: names.length
      ? names
      : schemes
          .filter(choice)
          .slice(0, 1)
          .map((s) => s.name),
    minInstances: raw?.min_instances_for_training ?? DEFAULT_ACTIVE_LEARNING.minInstances,
    updateFrequency: raw?.update_frequency ?? DEFAULT_ACTIVE_LEARNING.updateFrequency,
    maxToReorder: raw?.max_instances_to_reorder ?? DEFAULT_ACTIVE_LEARNING.maxToReorder,
    randomShare: raw?.random_sample_percent ?? DEFAULT_ACTIVE_LEARNING.randomShare,
  };
  const ours = strategy === 'active_learning';
  if (!ours) {
    if (raw && raw.enabled !== false)
      warnings.push(
        `active_learning is not acted on: assignment_strategy is "${strategy ?? 'fixed_order'}"; set assignment_strategy: active_learning to hand items out by it`,
      );
    return { settings, warnings };
  }
  if (!settings.enabled) {
    warnings.push(
      'assignment_strategy: active_learning with active_learning.enabled: false hands items out in task order, as Potato does',
    );
    return { settings, warnings };
  }
  if (!settings.schemes.length)
    warnings.push(
      'assignment_strategy: active_learning has no radio, select, likert or multiselect scheme to learn from: items are handed out in task order',
    );
  if (!raw) return { settings, warnings };
  const instead = (key: string, what: string) => warnings.push(`active_learning.${key} is not acted on: ${what}`);
  if (raw.query_strategy && raw.query_strategy !== 'uncertainty')
    instead('query_strategy', `"${raw.query_strategy}" is not available; uncertainty sampling (the margin) is used`);
  if (raw.hybrid_weights !== undefined || raw.bald_params !== undefined)
    instead('hybrid_weights/bald_params', 'uncertainty sampling (the margin) is used');
  for (const key of ['classifier', 'vectorizer', 'classifier_params', 'vectorizer_params'] as const)
    if (raw[key] !== undefined) instead(key, LEARNER);
  if (raw.calibrate_probabilities === false)
    instead('calibrate_probabilities', 'the ranking uses the log-odds margin, which calibration would not reorder');
  if (raw.min_annotations_per_instance !== undefined && raw.min_annotations_per_instance > 1)
    instead('min_annotations_per_instance', 'the learner learns every saved annotation as one example');
  if (raw.resolution_strategy !== undefined && raw.resolution_strategy !== 'majority_vote')
    instead(
      'resolution_strategy',
      'every saved annotation is one example, so where annotators differ the majority weighs most',
    );
  if (raw.cold_start_strategy !== undefined)
    instead(
      'cold_start_strategy',
      'until the learner has min_instances_for_training labels, items go out in task order',
    );
  for (const key of ['llm', 'confidence_method', 'use_icl_ensemble', 'icl_ensemble_params'] as const)
    if (raw[key] !== undefined && raw[key] !== false) instead(key, `no LLM takes part in the ranking; ${LEARNER}`);
  if (raw.annotation_routing || raw.routing_thresholds !== undefined)
    instead(
      'annotation_routing',
      'items are not routed to annotators by confidence; each gets the next of the ranking',
    );
  if (raw.database !== undefined || raw.model_persistence !== undefined)
    instead(
      'database/model_persistence',
      'nothing is saved: after a restart the learner reads the annotations again and the ranking is recomputed',
    );
  return { settings, warnings };
}
