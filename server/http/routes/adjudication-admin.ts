/**
 * Adjudication's read-outs for the admin dashboard: the overview, and each annotator's agreement with the gold answers.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { stats } from './adjudication-shapes.js';

export function adjudicationAdminRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/api/adjudication',
      summary: 'Adjudication overview for the dashboard (enabled false when the config does not turn it on)',
      access: 'admin',
      response: z.lazy(() =>
        z.union([
          stats.extend({
            enabled: z.literal(true),
            adjudicators: z.array(z.string()),
            agreement_threshold: z.number(),
            min_annotations: z.number().int(),
            queue_stats: stats.describe("the figures above, under Potato's name"),
            adjudicator_details: z.record(
              z.string(),
              z.object({ completed: z.number().int(), total_time_ms: z.number(), avg_time_ms: z.number() }),
            ),
            error_taxonomy_counts: z
              .record(z.string(), z.number().int())
              .describe('decisions per error tag, most first'),
            guideline_flag_count: z.number().int().describe('decisions flagged for a guideline update'),
            disagreement_patterns: z
              .array(z.object({ schema: z.string(), avg_agreement: z.number(), num_items: z.number().int() }))
              .describe('per scheme, the mean agreement of the queued items, worst first'),
            similarity_stats: z
              .object({})
              .describe('empty: similar items are not computed here (adjudication.similarity is warned about)'),
          }),
          z.object({ enabled: z.literal(false), message: z.string() }),
        ]),
      ),
      handle() {
        if (!s.adjudication.settings.enabled)
          return { enabled: false as const, message: 'Adjudication not configured' };
        return s.adjudication.overview();
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/adjudication/agreement',
      summary:
        "Each annotator's answers read against the adjudicated gold answers: per scheme, items compared and the share that matched",
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          adjudicated_items: z.number().int(),
          by_annotator: z.record(
            z.string(),
            z.record(z.string(), z.object({ items: z.number().int(), matched: z.number().int(), share: z.number() })),
          ),
        }),
      ),
      handle: () => s.adjudication.agreementWithGold(),
    }),
  ];
}
