/**
 * Psychometrics under Potato's paths (`/psychometrics/...`), admin only: the model's read-out (abilities,
 * labels with error bars, difficulty, codebook flags, savings), the enriched export, the study designer and the
 * read-out as a page. 503 while psychometrics is off; the designer answers either way.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { designStudy } from '../../domain/psychometrics/design.js';
import { route, type RouteSpec } from '../route.js';
import { sendReport } from '../report-page.js';

const nullable = z.number().nullable();
const annotator = z.lazy(() =>
  z.object({
    annotator: z.string(),
    theta: z.number().describe('ability: 1 the prior, 0 no information, below 0 systematically wrong'),
    se: z.number().describe('its standard error (Fisher information at the mode)'),
    n_labels: z.number().int(),
  }),
);
const item = z.object({
  instance_id: z.string(),
  text: z.string(),
  label: z.string().describe("the model's label"),
  prob: z.number().describe('its posterior probability'),
  prob_lo: z.number().describe('the posterior with every ability one standard error lower or higher: the band'),
  prob_hi: z.number(),
  posterior: z.record(z.string(), z.number()),
  n_annotators: z.number().int(),
  difficulty: z.number(),
  discrimination: nullable.describe("correlation of annotators' ability with agreeing with the model's label"),
  codebook_flag: z.boolean().describe('discrimination below discrimination_flag_threshold'),
  resolved: z.boolean().describe('prob ≥ confidence_threshold with min_annotators_per_item annotators'),
  labels_given: z.record(z.string(), z.string()).describe('annotator → label'),
});
const report = z.lazy(() =>
  z.object({
    schema: z.string(),
    adaptive_routing: z.boolean().describe('the assignment strategy in force is psychometric'),
    fitted: z.boolean().describe('min_observations labels from two or more annotators, of two or more labels'),
    n_observations: z.number().int(),
    n_annotators: z.number().int(),
    n_items: z.number().int(),
    min_observations: z.number().int(),
    annotators: z.array(annotator),
    items: z.array(item),
    summary: z.object({
      target_annotators_per_item: nullable,
      raw_alpha: nullable.describe("Krippendorff's alpha (nominal) of the labels as given"),
      resolved_items: z.number().int(),
      saved_judgments: nullable.describe('judgments the resolved items need no more, against the target'),
      saved_cost: nullable,
      codebook_flags: z.number().int(),
    }),
  }),
);

const num = (field: string, min: number, max: number, whole = false) =>
  z.coerce
    .number({ message: 'must be a number' })
    .refine((v) => v >= min && v <= max && (!whole || Number.isInteger(v)), {
      message: `must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}`,
      path: [],
    })
    .describe(field);

export function psychometricsRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/psychometrics/api/stats',
      summary:
        'The item-response model fitted now: annotator abilities with standard errors, item labels with probability bands, difficulty, codebook flags, savings',
      access: 'admin',
      response: report,
      handle: () => s.psychometrics.report(),
    }),
    route({
      method: 'GET',
      path: '/psychometrics/api/export',
      summary: 'Every modelled item with its posterior over the labels and its band, and the abilities',
      access: 'admin',
      response: report,
      handle: () => s.psychometrics.report(),
    }),
    route({
      method: 'GET',
      path: '/psychometrics/api/design',
      summary:
        "The study designer: per annotators-per-item count, the simulated Krippendorff's alpha with its 95% interval, majority accuracy, judgments and cost; the smallest count whose interval is narrower than target_ci is recommended",
      access: 'admin',
      query: z.object({
        items: num('items per study', 2, 2000, true).default(200),
        accuracy: num('chance an annotator gives the true label', 0, 1).default(0.75),
        classes: num('labels', 2, 20, true).default(2),
        target_ci: num('widest acceptable 95% interval of alpha', 0.001, 2).default(0.1),
        max_annotators: num('largest count tried', 2, 10, true).default(6),
        sims: num('simulated studies per count', 2, 100, true).default(30),
        cost: num('cost per judgment (default: cost_per_judgment)', 0, 1e6).optional(),
      }),
      response: z.lazy(() =>
        z.object({
          rows: z.array(
            z.object({
              annotators_per_item: z.number().int(),
              alpha: nullable,
              alpha_lo: nullable,
              alpha_hi: nullable,
              width: nullable,
              majority_accuracy: z.number(),
              judgments: z.number().int(),
              cost: z.number(),
              recommended: z.boolean(),
            }),
          ),
          recommended: nullable.describe('annotators per item; null when no count tried is precise enough'),
        }),
      ),
      handle: ({ query }) =>
        designStudy({
          items: query.items,
          accuracy: query.accuracy,
          classes: query.classes,
          targetCi: query.target_ci,
          maxAnnotators: query.max_annotators,
          sims: query.sims,
          cost: query.cost ?? s.psychometrics.settings.costPerJudgment ?? 0,
        }),
    }),
    route({
      method: 'GET',
      path: '/psychometrics/dashboard',
      summary: 'The psychometrics read-out as a page',
      access: 'admin',
      responds: { types: ['text/html'] },
      handle({ ctx }) {
        const r = s.psychometrics.report();
        const sum = r.summary;
        return sendReport(ctx, {
          title: 'Psychometrics',
          lines: [
            r.fitted
              ? `Scheme ${r.schema}: ${r.n_observations} labels from ${r.n_annotators} annotators on ${r.n_items} items. Raw alpha ${sum.raw_alpha?.toFixed(3) ?? '—'}; ${sum.resolved_items} items resolved${sum.saved_judgments === null ? '' : `, ${sum.saved_judgments} judgments saved`}.`
              : `Warming up: ${r.n_observations} of ${r.min_observations} labels (from two or more annotators, of two or more labels) before the model is fitted.`,
          ],
          tables: [
            {
              heading: 'Annotator ability',
              empty: 'No fit yet.',
              columns: ['Annotator', 'Ability θ', '± SE', 'Labels'],
              rows: r.annotators.map((a) => [a.annotator, a.theta, a.se, a.n_labels]),
            },
            {
              heading: 'Likely codebook bugs',
              empty: 'No item is flagged.',
              columns: ['Instance', 'Text', 'Label', 'Discrimination'],
              rows: r.items
                .filter((i) => i.codebook_flag)
                .map((i) => [i.instance_id, i.text, i.label, i.discrimination]),
            },
            {
              heading: 'Labels with error bars',
              empty: 'No fit yet.',
              columns: ['Instance', 'Label', 'p', 'Low', 'High', 'Annotators', 'Difficulty', 'Resolved'],
              rows: r.items.map((i) => [
                i.instance_id,
                i.label,
                i.prob,
                i.prob_lo,
                i.prob_hi,
                i.n_annotators,
                i.difficulty,
                i.resolved,
              ]),
            },
          ],
        });
      },
    }),
  ];
}
