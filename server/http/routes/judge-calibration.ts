/**
 * Judge calibration under Potato's paths (`/judge_calibration/...`): the status, a page for the admin, a run started
 * in the background and followed by its progress, the report built over the blind human sample and read as JSON or
 * as a page. Every path is the admin's (401 without credentials, 403 with wrong ones).
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { sendReport } from '../report-page.js';
import type { CalibrationReport } from '../../domain/judges/calibration.js';

const phase = z.enum(['setup', 'generating', 'human-calibration', 'completed']);

const progress = z.object({
  phase,
  generating: z.boolean(),
  done: z.number().int().describe('(judge, scheme, item) labellings done in this run'),
  total: z.number().int(),
  failed_samples: z.number().int().describe('samples whose model call failed (kept as no answer)'),
  sample_size: z.number().int().describe('items drawn for the annotators to label blind'),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});

const kappa = z.number().nullable();
const report = z.object({
  built_at: z.string(),
  gold: z.enum(['single', 'majority']),
  sample_size: z.number().int(),
  models: z.array(z.string()),
  schemas: z.record(
    z.string(),
    z.object({
      n_gold: z.number().int(),
      models: z.record(
        z.string(),
        z.object({
          n: z.number().int(),
          accuracy: z.number().nullable(),
          ece: z.number().nullable().describe('expected calibration error of the vote-share confidence'),
          brier: z.number().nullable(),
          bins: z.array(
            z.object({
              low: z.number(),
              high: z.number(),
              n: z.number().int(),
              mean_confidence: z.number().nullable(),
              accuracy: z.number().nullable(),
            }),
          ),
          kappa: kappa.describe("Cohen's κ of the judge's modal label and the human gold"),
          interpretation: z.string(),
          confusion: z.object({ labels: z.array(z.string()), matrix: z.array(z.array(z.number().int())) }),
        }),
      ),
      llm_llm_kappa: z.array(z.object({ a: z.string(), b: z.string(), kappa })),
      human_human_kappa: kappa,
      human_human_interpretation: z.string(),
    }),
  ),
});

export function judgeCalibrationRoutes(s: Services): RouteSpec[] {
  const c = s.judgeCalibration;
  return [
    route({
      method: 'GET',
      path: '/judge_calibration/status',
      summary: 'Judge calibration: on or off, the judges, k, the evaluated schemes, the phase and the labels kept',
      access: 'admin',
      response: z.object({
        enabled: z.boolean(),
        models: z.array(z.string()),
        k_samples: z.number().int(),
        schemas: z.array(z.string()),
        phase,
        n_labels: z.number().int(),
      }),
      handle: () => c.status(),
    }),
    route({
      method: 'GET',
      path: '/judge_calibration/admin',
      summary: "Judge calibration's admin page: the settings, the run's progress and what to do next",
      access: 'admin',
      responds: { types: ['text/html'] },
      handle({ ctx }) {
        const st = c.status();
        const p = c.progress();
        return sendReport(ctx, {
          title: 'Judge Calibration',
          lines: [
            st.enabled
              ? `Phase: ${p.phase}${p.generating ? ` (${p.done} of ${p.total} labellings)` : ''}.`
              : 'Judge calibration is off: judge_calibration: {enabled: true} turns it on.',
            'POST /judge_calibration/run starts generation; when it is done the sample is labelled blind on the annotate page, then POST /judge_calibration/report builds the report, read at /judge_calibration/report.',
          ],
          tables: [
            {
              heading: 'Settings',
              empty: '',
              columns: ['Judges', 'Samples per item', 'Schemes'],
              rows: [[st.models.join(', ') || 'none', st.k_samples, st.schemas.join(', ')]],
            },
          ],
        });
      },
    }),
    route({
      method: 'POST',
      path: '/judge_calibration/run',
      summary:
        'Starts generation in the background: each judge labels the items k times; 409 while a run generates, 503 while off',
      access: 'admin',
      body: z.object({}).loose(),
      response: z.object({ started: z.literal(true), total: z.number().int() }),
      async handle() {
        const { started, total } = await c.start();
        return { started, total };
      },
    }),
    route({
      method: 'GET',
      path: '/judge_calibration/progress',
      summary: "The run's phase and progress: generating, then human-calibration once the blind sample is drawn",
      access: 'admin',
      response: progress,
      handle: () => c.progress(),
    }),
    route({
      method: 'POST',
      path: '/judge_calibration/report',
      summary:
        'Builds the report over the blind sample (each judge against the human gold: accuracy, κ, confusion, ECE, Brier, reliability bins) and keeps it; 409 before generation has finished',
      access: 'admin',
      response: z.object({ report }),
      handle: async () => ({ report: await c.build() }),
    }),
    route({
      method: 'GET',
      path: '/judge_calibration/report',
      summary: 'The last report built, as a page (default) or ?format=json; 404 before one is built',
      access: 'admin',
      query: z.object({ format: z.enum(['json', 'html'], { message: 'must be json or html' }).default('html') }),
      response: report,
      responds: { types: ['application/json', 'text/html'] },
      handle({ query, ctx }) {
        const r = c.report();
        return query.format === 'json' ? r : sendReport(ctx, page(r));
      },
    }),
  ];
}

function page(r: CalibrationReport) {
  const schemes = Object.entries(r.schemas);
  return {
    title: 'Judge Calibration Report',
    lines: [
      `Built ${r.built_at} over ${r.sample_size} sample items; the human gold is ${r.gold === 'single' ? 'one annotator' : "the annotators' majority"}.`,
      "Each judge's label is its modal answer over k samples; its confidence is the share of samples agreeing (ECE and Brier say how well that tracks correctness).",
    ],
    tables: [
      {
        heading: 'Judges against the human gold',
        empty: 'No evaluated scheme.',
        columns: ['Scheme', 'Judge', 'Compared', 'Accuracy', 'κ', 'Reading', 'ECE', 'Brier'],
        rows: schemes.flatMap(([name, sc]) =>
          Object.entries(sc.models).map(([m, j]) => [
            name,
            m,
            j.n,
            j.accuracy,
            j.kappa,
            j.interpretation,
            j.ece,
            j.brier,
          ]),
        ),
      },
      {
        heading: 'Agreement between raters',
        empty: 'No pair of judges or annotators to compare.',
        columns: ['Scheme', 'Between', 'κ'],
        rows: schemes.flatMap(([name, sc]) => [
          ...sc.llm_llm_kappa.map((p) => [name, `${p.a} and ${p.b}`, p.kappa]),
          [name, 'annotators (mean over pairs)', sc.human_human_kappa],
        ]),
      },
      {
        heading: 'Reliability',
        empty: 'Nothing compared yet.',
        columns: ['Scheme', 'Judge', 'Confidence bin', 'Items', 'Mean confidence', 'Accuracy'],
        rows: schemes.flatMap(([name, sc]) =>
          Object.entries(sc.models).flatMap(([m, j]) =>
            j.bins.filter((b) => b.n).map((b) => [name, m, `${b.low}–${b.high}`, b.n, b.mean_confidence, b.accuracy]),
          ),
        ),
      },
    ],
  };
}
