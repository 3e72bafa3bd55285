/** Inter-annotator agreement per scheme (docs/agreement.md). */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { sendReport } from '../report-page.js';
import { iaaPage } from '../iaa-page.js';

const schemeAgreement = z.object({
  krippendorff_alpha: z.number().nullable(),
  level: z
    .enum([
      'nominal',
      'ordinal',
      'interval',
      'jaccard',
      'nominal_per_character',
      'rank',
      'partition',
      'link_f1',
      'chain_muc',
      'event_f1',
      'edit_distance',
      'per_node',
      'range',
      'jensen_shannon',
      'token_f1',
      'error_span_f1',
      'event_ceaf',
    ])
    .nullable(),
  items_evaluated: z.number().int(),
  annotators: z.number().int(),
  interpretation: z.enum(['reliable', 'tentative', 'unreliable']).nullable(),
  reason: z.string().optional(),
  fleiss_kappa: z.number().nullable().optional(),
  cohen_kappa: z.number().nullable().optional(),
  pairwise: z
    .object({
      pairs: z.number().int(),
      mean_similarity: z
        .number()
        .nullable()
        .describe('1 − distance (an F1) averaged over pairs of answers to one instance'),
      exact_match: z.number().nullable().describe('the share of those pairs that match exactly'),
    })
    .optional()
    .describe('extractive_qa, error_span, multi_document_event: pairwise F1 and exact match beside alpha'),
});

/** Rating grids (multirate, semantic_differential) add alpha per row beside the figure over all rows. */
const gridAgreement = schemeAgreement.extend({
  by_row: z.record(z.string(), schemeAgreement).optional().describe('alpha of each row (option or pair) alone'),
});

const agreementResponse = z.lazy(() =>
  z.object({
    overall: z.object({ average_krippendorff_alpha: z.number().nullable(), schemas_evaluated: z.number().int() }),
    by_schema: z.record(z.string(), gridAgreement),
  }),
);

export function agreementRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/api/agreement',
      summary: "Krippendorff's alpha per scheme over instances with two or more annotators",
      access: 'admin',
      query: z.object({
        fresh: z
          .enum(['true', 'false'], { message: 'fresh must be true or false' })
          .optional()
          .describe('true: compute now, even on a large project where reports are reused for a few seconds'),
      }),
      response: agreementResponse,
      handle: ({ query }) => s.agreement.report({ fresh: query.fresh === 'true' }),
    }),
    route({
      method: 'GET',
      path: '/admin/iaa',
      summary:
        "Potato's agreement read-out: the same report as /admin/api/agreement; ?format=html for a page in the project's language (ui_language)",
      access: 'admin',
      query: z.object({
        format: z.enum(['json', 'html'], { message: 'must be json or html' }).default('json'),
      }),
      response: agreementResponse,
      responds: { types: ['text/html'] },
      handle({ query, ctx }) {
        const report = s.agreement.report();
        return query.format === 'json' ? report : sendReport(ctx, iaaPage(report, s.config.uiLanguage));
      },
    }),
  ];
}
