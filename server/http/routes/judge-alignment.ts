/**
 * Judge alignment under Potato's paths: an admin runs the LLM judge over the answered items and reads its κ
 * against the annotators' majority, as JSON or as a page (?format=html). The report reads while it is off.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { sendReport } from '../report-page.js';

const comparison = z.lazy(() =>
  z.object({
    instance_id: z.string(),
    human: z.string(),
    judge: z.string(),
    confidence: z.number().nullable(),
    reasoning: z.string(),
  }),
);

const report = z.lazy(() =>
  z.object({
    enabled: z.boolean(),
    model: z.string().nullable(),
    per_schema: z.record(
      z.string(),
      z.object({
        prompt_version: z.string(),
        n_compared: z.number().int(),
        agreement_rate: z.number().nullable(),
        kappa: z.number().nullable().describe("Cohen's κ of the judge and the annotators' majority"),
        interpretation: z.string().describe('Landis–Koch'),
        confusion: z.object({ labels: z.array(z.string()), matrix: z.array(z.array(z.number().int())) }),
        disagreements: z.array(comparison),
      }),
    ),
    prompt_versions: z.array(
      z.object({
        prompt_version: z.string(),
        n_predictions: z.number().int(),
        first_at: z.string(),
        mean_kappa: z.number().nullable(),
      }),
    ),
  }),
);

export function judgeAlignmentRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/judge-alignment',
      summary:
        "The LLM judge against the annotators' majority per scheme: Cohen's κ, agreement, confusion, disagreements, and every prompt version's mean κ; ?format=html for a page",
      access: 'admin',
      query: z.lazy(() =>
        z.object({
          format: z.enum(['json', 'html'], { message: 'must be json or html' }).default('json'),
          prompt_version: z.string().min(1).max(64).optional(),
        }),
      ),
      response: report,
      responds: { types: ['application/json', 'text/html'] },
      handle({ query, ctx }) {
        const r = s.judgeAlignment.report(query.prompt_version);
        if (query.format === 'json') return r;
        return sendReport(ctx, {
          title: 'Judge Alignment',
          lines: [
            `The judge (${r.model ?? 'no model configured'}) against the annotators' majority on the items both labelled.`,
            "κ is Cohen's kappa of the two as two coders, read by Landis and Koch.",
          ],
          tables: [
            {
              heading: 'Schemes',
              empty: 'No judged scheme.',
              columns: ['Scheme', 'Prompt version', 'Compared', 'Agreement', 'κ', 'Reading'],
              rows: Object.entries(r.per_schema).map(([name, a]) => [
                name,
                a.prompt_version,
                a.n_compared,
                a.agreement_rate,
                a.kappa,
                a.interpretation,
              ]),
            },
            {
              heading: 'Disagreements',
              empty: 'The judge agrees with the annotators on every item compared.',
              columns: ['Scheme', 'Instance', 'Human', 'Judge', 'Confidence', 'Reasoning'],
              rows: Object.entries(r.per_schema).flatMap(([name, a]) =>
                a.disagreements.map((d) => [name, d.instance_id, d.human, d.judge, d.confidence, d.reasoning]),
              ),
            },
            {
              heading: 'Prompt versions',
              empty: 'The judge has not run yet.',
              columns: ['Version', 'Labels', 'First run', 'Mean κ'],
              rows: r.prompt_versions.map((v) => [v.prompt_version, v.n_predictions, v.first_at, v.mean_kappa]),
            },
          ],
        });
      },
    }),
    route({
      method: 'POST',
      path: '/admin/api/judge-alignment/run',
      summary:
        "Runs the judge over each judged scheme's answered items not yet judged under its prompt version (an edited rubric is a new version); 503 without a model, 502/504 when it fails before judging any",
      access: 'admin',
      body: z.lazy(() =>
        z.object({
          max_per_schema: z.number().int().min(1).max(100_000).default(200),
          rubrics: z.record(z.string(), z.string().max(20_000)).default({}),
        }),
      ),
      response: z.lazy(() =>
        z.object({
          judged: z.number().int(),
          failed: z.number().int(),
          by_schema: z.record(
            z.string(),
            z.object({ prompt_version: z.string(), judged: z.number().int(), skipped: z.number().int() }),
          ),
          error: z.string().optional(),
        }),
      ),
      handle: ({ body }) => s.judgeAlignment.run(body.max_per_schema, body.rubrics),
    }),
  ];
}
