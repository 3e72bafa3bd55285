/**
 * Potato's integrity read-outs over the answers: the per-annotator integrity report (correlated agreement and the
 * share of flagged typing and telemetry sessions) and the soft-label (perspectivist) view of each item's answers.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { invalid } from '../../domain/errors.js';
import { CATEGORICAL } from '../../domain/telemetry/process-logs.js';
import { perspectives, softLabels } from '../../domain/telemetry/soft-labels.js';
import { sendReport } from '../report-page.js';
import { INTEGRITY_CAVEAT, integrityPage } from '../integrity-page.js';

export function integrityRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/annotation-integrity',
      summary:
        "Per-annotator integrity report without gold answers: correlated agreement with peers on the categorical schemes (near zero for random answers), and the share of the annotator's typing and telemetry sessions each screening rule flagged; the most suspicious first",
      access: 'admin',
      query: z.object({
        format: z.enum(['json', 'html'], { message: 'must be json or html' }).default('json'),
      }),
      response: z.lazy(() =>
        z.object({
          n_annotators: z.number().int(),
          used_llm_labels: z.literal(false).describe('no reference model labels are kept here'),
          reports: z.array(
            z.object({
              annotator: z.string(),
              n_items: z.number().int(),
              ca_score: z.number().nullable(),
              llm_alignment: z.null(),
              residual_agreement: z.null(),
              process_sessions: z.number().int(),
              process_flag_rates: z.record(z.string(), z.number()),
              suspicion: z.number().min(0).max(1),
              flags: z.array(z.string()),
            }),
          ),
          caveat: z.string(),
        }),
      ),
      responds: { types: ['text/html'] },
      handle({ query, ctx }) {
        const reports = s.processLogs.integrity(s.task.schemes);
        if (query.format === 'html') return sendReport(ctx, integrityPage(reports, s.config.uiLanguage));
        return { n_annotators: reports.length, used_llm_labels: false as const, reports, caveat: INTEGRITY_CAVEAT };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/perspectivist',
      summary:
        "Soft labels: per item and categorical scheme the distribution of the annotators' answers, the most common one, how contested it is (entropy normalized to 0–1; ambiguous at or above the threshold) and who said what, the most contested first; per annotator how often they side with the most common answer",
      access: 'admin',
      query: z.lazy(() =>
        z.object({
          schema: z.string().min(1).max(256).optional(),
          ambiguity_threshold: z.coerce
            .number({ message: 'ambiguity_threshold: a number between 0 and 1' })
            .min(0, 'ambiguity_threshold: a number between 0 and 1')
            .max(1, 'ambiguity_threshold: a number between 0 and 1')
            .default(0.5),
        }),
      ),
      response: z.lazy(() =>
        z.object({
          items: z.array(
            z.object({
              item: z.string().describe('`instance_id::scheme`'),
              distribution: z.record(z.string(), z.number()),
              hard_label: z.string().nullable(),
              entropy: z.number(),
              n_annotators: z.number().int(),
              ambiguous: z.boolean(),
              annotators: z.record(z.string(), z.string()),
            }),
          ),
          n_items: z.number().int(),
          n_ambiguous: z.number().int(),
          perspectives: z.record(
            z.string(),
            z.object({
              n: z.number().int(),
              majority_rate: z.number().nullable(),
              minority_rate: z.number().nullable(),
            }),
          ),
        }),
      ),
      handle({ query }) {
        let schemes = s.task.schemes.filter((x) => CATEGORICAL.has(x.annotation_type));
        if (query.schema !== undefined) {
          schemes = schemes.filter((x) => x.name === query.schema);
          if (!schemes.length)
            throw invalid(
              `schema: "${query.schema}" is not a scheme of one choice or a set of choices (radio, multiselect, likert, select) of this task`,
            );
        }
        const obs = s.processLogs.observations(schemes);
        const items = softLabels(obs, query.ambiguity_threshold);
        return {
          items,
          n_items: items.length,
          n_ambiguous: items.filter((i) => i.ambiguous).length,
          perspectives: perspectives(obs, items),
        };
      },
    }),
  ];
}
