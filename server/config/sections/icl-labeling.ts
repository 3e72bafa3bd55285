/**
 * Potato's `icl_labeling` section: `example_selection` (agreement, annotators, examples per scheme),
 * `llm_labeling` (batch size, trigger threshold, confidence, the total and ratio caps, the pause on low accuracy),
 * `verification` (sample rate, selection strategy). The model is ai_support's. Keys whose behaviour is not built
 * (automatic batch runs and example refreshes on a timer, verification items mixed into hand-outs, a predictions
 * file) are warned about with what happens instead.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import type { IclSettings } from '../../domain/icl/icl-settings.js';
import { llmMissing, type RawAiSupport } from './ai.js';

const share = looseUnsignedNumber.pipe(z.number().min(0).max(1, 'a share from 0 to 1'));
const count = looseUnsignedNumber.pipe(z.number().int('a whole number').min(1));

export const iclLabelingSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    example_selection: z
      .looseObject({
        min_agreement_threshold: share.optional(),
        min_annotators_per_instance: count.optional(),
        max_examples_per_schema: count.optional(),
        refresh_interval_seconds: looseUnsignedNumber.optional(),
      })
      .optional(),
    llm_labeling: z
      .looseObject({
        batch_size: count.optional(),
        trigger_threshold: looseUnsignedNumber.pipe(z.number().int('a whole number')).optional(),
        confidence_threshold: share.optional(),
        batch_interval_seconds: looseUnsignedNumber.optional(),
        max_total_labels: count.nullable().optional(),
        max_unlabeled_ratio: share.optional(),
        pause_on_low_accuracy: looseBoolean.optional(),
        min_accuracy_threshold: share.optional(),
      })
      .optional(),
    verification: z
      .looseObject({
        enabled: looseBoolean.optional(),
        sample_rate: share.optional(),
        selection_strategy: z.enum(['low_confidence', 'random', 'mixed']).optional(),
        mix_with_regular_assignments: looseBoolean.optional(),
        assignment_mix_rate: share.optional(),
      })
      .optional(),
    persistence: z.looseObject({ predictions_file: z.string().optional() }).optional(),
  }),
);

export function readIclLabeling(
  raw: z.output<typeof iclLabelingSchema> | undefined,
  ai: RawAiSupport | undefined,
  warn: (m: string) => void,
): IclSettings {
  const e = raw?.example_selection ?? {};
  const l = raw?.llm_labeling ?? {};
  const v = raw?.verification ?? {};
  const settings: IclSettings = {
    enabled: raw?.enabled === true,
    modelMissing: llmMissing(ai),
    examples: {
      minAgreement: e.min_agreement_threshold ?? 0.8,
      minAnnotators: e.min_annotators_per_instance ?? 2,
      maxExamples: e.max_examples_per_schema ?? 10,
    },
    labeling: {
      batchSize: l.batch_size ?? 20,
      triggerThreshold: l.trigger_threshold ?? 5,
      confidenceThreshold: l.confidence_threshold ?? 0.7,
      maxTotal: l.max_total_labels ?? null,
      maxUnlabeledRatio: l.max_unlabeled_ratio ?? 0.5,
      pauseOnLowAccuracy: l.pause_on_low_accuracy ?? true,
      minAccuracy: l.min_accuracy_threshold ?? 0.7,
    },
    verification: {
      enabled: v.enabled ?? true,
      sampleRate: v.sample_rate ?? 0.2,
      strategy: v.selection_strategy ?? 'low_confidence',
    },
  };
  if (!settings.enabled) {
    if (raw && Object.keys(raw).some((k) => k !== 'enabled'))
      warn('icl_labeling: its keys are not acted on while enabled is not true');
    return settings;
  }
  if (settings.modelMissing)
    warn(
      `icl_labeling: ${settings.modelMissing}; until then examples, labels and verifications are read, and a trigger answers 503`,
    );
  if (e.refresh_interval_seconds !== undefined)
    warn(
      'icl_labeling.example_selection.refresh_interval_seconds: examples are read afresh on every use; the interval is not needed',
    );
  if (l.batch_interval_seconds !== undefined)
    warn(
      'icl_labeling.llm_labeling.batch_interval_seconds: batches are not run on a timer; an admin runs one with POST /admin/api/icl/trigger',
    );
  if (v.mix_with_regular_assignments !== undefined || v.assignment_mix_rate !== undefined)
    warn(
      "icl_labeling.verification.mix_with_regular_assignments, assignment_mix_rate: model-labelled items are handed out as every item is (they have no human answer yet), not mixed in at a rate; the first annotator's blind answer verifies the label",
    );
  if (raw?.persistence?.predictions_file !== undefined)
    warn(
      'icl_labeling.persistence.predictions_file: the labels are kept in the data store, not a file; GET /admin/api/icl/predictions gives them',
    );
  return settings;
}
