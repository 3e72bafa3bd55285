/**
 * Potato's `adjudication` section: who settles disagreements (`adjudicator_users`), which items reach their
 * queue (`min_annotations`, `agreement_threshold`, `show_all_items`, `require_fully_annotated`) and what a
 * decision carries (`error_taxonomy`, `require_confidence`, `require_notes_on_override`), what the adjudicator is
 * shown (`show_annotator_names`, `show_agreement_scores`, `show_timing_data`, `fast_decision_warning_ms`). Keys
 * that need features we do not have (embedding similarity, Potato's own output folder) are warned about.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import type { AdjudicationSettings } from '../../domain/adjudication/records.js';

const bool = looseBoolean;
const numberish = looseUnsignedNumber;

const DEFAULT_ERROR_TAXONOMY = [
  'ambiguous_text',
  'guideline_gap',
  'annotator_error',
  'edge_case',
  'subjective_disagreement',
  'other',
];

export const adjudicationSchema = z.lazy(() =>
  z.looseObject({
    enabled: bool.optional(),
    adjudicator_users: z.array(z.union([z.string(), z.number()]).transform(String)).optional(),
    min_annotations: numberish
      .pipe(z.number().int().min(2, 'at least 2: one answer has nothing to disagree with'))
      .optional(),
    require_fully_annotated: bool.optional(),
    agreement_threshold: numberish.pipe(z.number().min(0).max(1)).optional(),
    show_all_items: bool.optional(),
    show_annotator_names: bool.optional(),
    show_timing_data: bool.optional(),
    show_agreement_scores: bool.optional(),
    fast_decision_warning_ms: numberish.pipe(z.number().min(0)).optional(),
    require_confidence: bool.optional(),
    require_notes_on_override: bool.optional(),
    error_taxonomy: z.array(z.union([z.string(), z.number()]).transform(String)).optional(),
    similarity: z
      .looseObject({
        enabled: bool.optional(),
        model: z.string().optional(),
        top_k: numberish.optional(),
        precompute_on_start: bool.optional(),
      })
      .optional(),
    output_subdir: z.string().optional(),
  }),
);

export type RawAdjudication = z.output<typeof adjudicationSchema>;

/** The settings, and warnings for the keys that change nothing here. */
export function readAdjudication(raw: RawAdjudication | undefined): {
  settings: AdjudicationSettings;
  warnings: string[];
} {
  const warnings: string[] = [];
  const settings: AdjudicationSettings = {
    enabled: raw?.enabled === true,
    adjudicators: raw?.adjudicator_users ?? [],
    minAnnotations: raw?.min_annotations ?? 2,
    requireFullyAnnotated: raw?.require_fully_annotated ?? false,
    agreementThreshold: raw?.agreement_threshold ?? 0.75,
    showAllItems: raw?.show_all_items ?? false,
    showAnnotatorNames: raw?.show_annotator_names ?? true,
    showAgreementScores: raw?.show_agreement_scores ?? true,
    showTimingData: raw?.show_timing_data ?? true,
    fastDecisionWarningMs: raw?.fast_decision_warning_ms ?? 2000,
    requireConfidence: raw?.require_confidence ?? true,
    requireNotesOnOverride: raw?.require_notes_on_override ?? false,
    errorTaxonomy: raw?.error_taxonomy ?? DEFAULT_ERROR_TAXONOMY,
  };
  if (!raw || !settings.enabled) return { settings, warnings };
  if (!settings.adjudicators.length)
    warnings.push('adjudication.adjudicator_users is empty: only admin users can adjudicate');
  if (raw.similarity?.enabled)
    warnings.push(
      'adjudication.similarity is not acted on: similar items are not looked up (no embedding model is bundled)',
    );
  if (raw.output_subdir !== undefined)
    warnings.push(
      'adjudication.output_subdir is not acted on: decisions are kept in the data folder; export them with GET /admin/api/export?view=gold',
    );
  return { settings, warnings };
}
