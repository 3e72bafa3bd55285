/**
 * The zod shapes of adjudication's bodies and answers, in Potato's field names, shared by its adjudicator and admin
 * routes.
 */
import { z } from 'zod';
import { CONFIDENCES } from '../../domain/adjudication/records.js';
import { answersByScheme } from '../answer-shapes.js';

export const status = z.enum(['pending', 'completed', 'skipped']);
const labelMap = z.lazy(() => z.record(z.string(), z.record(z.string(), z.string())));
const span = z.lazy(() =>
  z.object({
    id: z.string(),
    schema: z.string(),
    name: z.string(),
    start: z.number().int(),
    end: z.number().int(),
    value: z.string(),
  }),
);

export const item = z.object({
  instance_id: z.string(),
  annotations: z.record(z.string(), labelMap).describe('annotator → scheme → label → value, as stored'),
  answers: z.record(z.string(), answersByScheme()).describe('annotator → scheme → the answer as exports show it'),
  span_annotations: z.record(z.string(), z.array(span)),
  behavioral_data: z
    .record(z.string(), z.object({ total_time_ms: z.number(), visits: z.number().int() }))
    .describe(
      "annotator → their visible time on the item and visits, for those the page timed (Potato's total_time_ms)",
    ),
  agreement_scores: z
    .record(z.string(), z.number())
    .describe('scheme → share of annotator pairs who gave the same answer'),
  overall_agreement: z.number(),
  num_annotators: z.number().int(),
  annotators: z.array(z.string()),
  status,
  assigned_adjudicator: z.string().nullable(),
});

export const decision = z.lazy(() =>
  z.object({
    instance_id: z.string(),
    adjudicator_id: z.string(),
    timestamp: z.string(),
    label_decisions: labelMap,
    answers: z.record(z.string(), z.unknown()),
    span_decisions: z.array(span),
    source: z.record(z.string(), z.string()),
    confidence: z.enum(CONFIDENCES),
    notes: z.string(),
    error_taxonomy: z.array(z.string()),
    guideline_update_flag: z.boolean(),
    guideline_update_notes: z.string(),
    time_spent_ms: z.number(),
  }),
);

export const submitBody = z.lazy(() =>
  z.object({
    instance_id: z.union([z.string().min(1), z.number()], { message: 'instance_id is required' }).transform(String),
    label_decisions: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('scheme → the answer: a label, a list of labels, a value, or the stored label → value map'),
    span_decisions: z
      .array(z.object({ schema: z.string(), name: z.string(), start: z.number().int(), end: z.number().int() }))
      .max(10_000)
      .optional(),
    source: z
      .record(z.string(), z.string())
      .optional()
      .describe('scheme → "annotator:<name>", "adjudicator" or "merged"; inferred when left out'),
    confidence: z.enum(CONFIDENCES).optional(),
    notes: z.string().max(10_000).optional(),
    error_taxonomy: z.array(z.string()).max(50).optional(),
    guideline_update_flag: z.boolean().optional(),
    guideline_update_notes: z.string().max(10_000).optional(),
    time_spent_ms: z.number().min(0).optional(),
  }),
);

export const ok = z.lazy(() => z.object({ status: z.literal('ok'), instance_id: z.string() }));

export const stats = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  pending: z.number().int(),
  skipped: z.number().int(),
  in_progress: z.number().int(),
  completion_rate: z.number(),
  avg_agreement: z.number(),
  adjudicator_stats: z.record(z.string(), z.object({ completed: z.number().int(), total_time_ms: z.number() })),
});

/** An annotator's signals on one item (`server/domain/adjudication/annotator-signals.ts`). */
export const signals = z.lazy(() =>
  z.object({
    user_id: z.string(),
    instance_id: z.string(),
    flags: z.array(
      z.object({
        type: z.enum(['fast_decision', 'unusually_fast', 'excessive_changes', 'low_agreement']),
        severity: z.enum(['medium', 'high']),
        message: z.string(),
      }),
    ),
    metrics: z.object({
      total_time_ms: z.number(),
      annotation_changes: z.number(),
      speed_z_score: z.number().optional(),
      agreement_rate: z.number().optional(),
    }),
  }),
);
