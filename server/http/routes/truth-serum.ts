/**
 * Truth serum under Potato's paths (`/truth_serum/...`): annotators post their label and predicted share, admins
 * read the verdicts, the calibration and the raw predictions, as JSON or as a page. 503 while it is off.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import type { TruthSerumStats } from '../../domain/truth-serum/truth-serum.js';
import { route, type RouteSpec } from '../route.js';
import { sendReport, type Report } from '../report-page.js';

const instanceId = z.string().min(1).max(256);

const prediction = z.object({
  instance_id: z.string(),
  annotator: z.string(),
  schema: z.string(),
  label: z.string(),
  predicted_pct: z.number(),
  at: z.string(),
});

const pct = z.number();
const stats = z.object({
  schema: z.string(),
  min_annotators: z.number().int(),
  n_predictions: z.number().int(),
  n_items: z.number().int(),
  n_verdicts: z.number().int().describe('items with at least min_annotators predictions'),
  n_disagreements: z.number().int().describe('items whose surprisingly-popular label is not the majority label'),
  items: z.array(
    z.object({
      instance_id: z.string(),
      text: z.string(),
      n_predictions: z.number().int(),
      labels: z.array(
        z.object({
          label: z.string(),
          votes: z.number().int(),
          actual_pct: pct,
          predicted_pct: pct.describe('the mean prediction of those who chose the label'),
          surprise: pct.describe('actual minus predicted'),
        }),
      ),
      majority_label: z.string(),
      sp_label: z.string().nullable().describe('the surprisingly-popular label; null below min_annotators'),
      disagrees: z.boolean(),
    }),
  ),
  annotators: z.record(
    z.string(),
    z.object({
      n_predictions: z.number().int(),
      calibration_error: pct.nullable().describe("mean |prediction − the other annotators' agreement|, 0–100"),
      bias: pct.nullable().describe('mean signed difference: above 0 expects more agreement than found'),
      sp_alignment: z.number().nullable().describe('share (0–1) of their labels matching the verdict'),
    }),
  ),
});

export function truthSerumRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'POST',
      path: '/truth_serum/api/predict',
      summary:
        "Records the caller's label on an instance of their list and the share (0–100) of other annotators they predict will choose it; a later one replaces it",
      access: 'user',
      body: z.lazy(() =>
        z.object({
          instance_id: instanceId,
          label: z.string().min(1).max(256),
          predicted_pct: z.number().min(0).max(100),
        }),
      ),
      response: z.lazy(() => z.object({ success: z.literal(true), prediction })),
      async handle({ username, body }) {
        const p = await s.truthSerum.predict(username, body.instance_id, body.label, body.predicted_pct);
        return { success: true as const, prediction: p };
      },
    }),
    route({
      method: 'GET',
      path: '/truth_serum/api/mine',
      summary: "The caller's prediction on an instance (null if none), with the question and the scheme it is about",
      access: 'user',
      query: z.object({ instance_id: instanceId }),
      response: z.lazy(() => z.object({ prediction: prediction.nullable(), schema: z.string(), question: z.string() })),
      handle({ username, query }) {
        const { schema, question } = s.truthSerum.settings;
        return { prediction: s.truthSerum.mine(username, query.instance_id), schema, question };
      },
    }),
    route({
      method: 'GET',
      path: '/truth_serum/api/stats',
      summary:
        'Per item: votes, actual and predicted shares, the majority and surprisingly-popular labels (items where they differ first); per annotator: calibration and alignment',
      access: 'admin',
      response: stats,
      handle: () => s.truthSerum.stats(),
    }),
    route({
      method: 'GET',
      path: '/truth_serum/api/export',
      summary: 'The read-out of /truth_serum/api/stats with every raw prediction',
      access: 'admin',
      response: stats.extend({ predictions: z.array(prediction) }),
      handle: () => ({ ...s.truthSerum.stats(), predictions: s.truthSerum.predictions() }),
    }),
    route({
      method: 'GET',
      path: '/truth_serum/dashboard',
      summary: 'The truth serum read-out as a page: where the crowd is likely wrong, and annotator calibration',
      access: 'admin',
      responds: { types: ['text/html'] },
      handle: ({ ctx }) => sendReport(ctx, dashboard(s.truthSerum.stats())),
    }),
  ];
}

function dashboard(st: TruthSerumStats): Report {
  const split = (v: TruthSerumStats['items'][number]) =>
    v.labels.map((l) => `${l.label}: ${l.votes} (${l.actual_pct.toFixed(0)}% vs ${l.predicted_pct.toFixed(0)}%)`);
  return {
    title: 'Truth Serum',
    lines: [
      `Scheme ${st.schema}: ${st.n_predictions} predictions on ${st.n_items} items; ${st.n_verdicts} items have ${st.min_annotators} or more and a verdict, ${st.n_disagreements} of them disagree with the majority.`,
      "A label's surprise is its actual share minus the mean share its choosers predicted; the verdict is the most surprising label.",
    ],
    tables: [
      {
        heading: 'Where the crowd is likely wrong',
        empty: 'No item has a surprisingly-popular label other than its majority label.',
        columns: ['Instance', 'Text', 'Majority', 'Surprisingly popular', 'Votes (actual vs predicted share)'],
        rows: st.items
          .filter((i) => i.disagrees)
          .map((i) => [i.instance_id, i.text.slice(0, 200), i.majority_label, i.sp_label, split(i).join('; ')]),
      },
      {
        heading: 'Annotator calibration',
        empty: 'No predictions yet.',
        columns: ['Annotator', 'Predictions', 'Calibration error', 'Bias', 'Agrees with verdict'],
        rows: Object.entries(st.annotators).map(([name, a]) => [
          name,
          a.n_predictions,
          a.calibration_error,
          a.bias,
          a.sp_alignment,
        ]),
      },
    ],
  };
}
