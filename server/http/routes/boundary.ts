/**
 * The boundary lab under Potato's paths (`/boundary/...`): annotators ask for the probes of their label and
 * answer them; admins read the sensitivity, consistency and flips (JSON or a page) and download the contrast set
 * as JSON lines. 503 while boundary probing is off.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { VERDICTS, type BoundaryStats } from '../../domain/boundary/boundary-stats.js';
import { PROBE_SOURCES } from '../../domain/boundary/probe-plan.js';
import { NOTE_MAX } from '../../domain/annotation/item-notes.js';
import { route, type RouteSpec } from '../route.js';
import { sendReport, type Report } from '../report-page.js';
import { download } from '../download.js';

const name = z.string().min(1).max(256);
const rate = z.number().nullable();

const probe = z.lazy(() =>
  z.object({
    probe_id: z.string(),
    text: z.string(),
    kind: z.enum(['flip', 'invariance']),
    edit_hint: z.string(),
    source: z.enum(PROBE_SOURCES),
  }),
);

const stats = z.object({
  schema: z.string(),
  totals: z.object({
    probes_generated: z.number().int(),
    probes_answered: z.number().int(),
    holds: z.number().int(),
    flips: z.number().int(),
    unsure: z.number().int(),
  }),
  by_label: z
    .record(
      z.string(),
      z.object({ flip_probes_answered: z.number().int(), flipped: z.number().int(), flip_rate: rate }),
    )
    .describe('label → of the flip probes answered on it (unsure left out), the share that flipped'),
  annotators: z.record(
    z.string(),
    z.object({
      answered: z.number().int(),
      invariance_answered: z.number().int(),
      invariance_held: z.number().int(),
      consistency: rate.describe('share of paraphrase probes on which they held their label'),
      flagged: z.boolean().describe('consistency below 60%'),
    }),
  ),
  flips: z.array(
    z.object({
      instance_id: z.string(),
      original_text: z.string(),
      counterfactual_text: z.string(),
      original_label: z.string(),
      new_label: z.string().nullable(),
      kind: z.enum(['flip', 'invariance']),
      rationale: z.string(),
      annotator: z.string(),
    }),
  ),
});

export function boundaryRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'POST',
      path: '/boundary/api/probe',
      summary:
        "The probes of a label on an instance in the caller's list (made at the first ask, then shared by every annotator), with the caller's answers to them",
      access: 'user',
      body: z.object({ instance_id: name, schema: name, label: name }),
      response: z.lazy(() =>
        z.object({
          instance_id: z.string(),
          schema: z.string(),
          original_label: z.string(),
          original_text: z.string(),
          labels: z.array(z.string()),
          probes: z.array(probe),
          responses: z.record(
            z.string(),
            z.object({ verdict: z.enum(VERDICTS), new_label: z.string().nullable(), rationale: z.string() }),
          ),
          rationale_on_flip: z.boolean(),
        }),
      ),
      handle: ({ username, body }) => s.boundary.probe(username, body.instance_id, body.schema, body.label),
    }),
    route({
      method: 'POST',
      path: '/boundary/api/respond',
      summary:
        'Records whether the caller’s label holds on a probe, flips (naming the new label, with an optional rationale) or is unsure; a later answer replaces it',
      access: 'user',
      body: z.lazy(() =>
        z.object({
          probe_id: name,
          instance_id: name.optional(),
          verdict: z.enum(VERDICTS, { message: `must be ${VERDICTS.join(', ')}` }),
          new_label: name.optional(),
          rationale: z.string().max(NOTE_MAX).optional(),
        }),
      ),
      response: z.lazy(() =>
        z.object({
          success: z.literal(true),
          response: z.object({
            probe_id: z.string(),
            instance_id: z.string(),
            annotator: z.string(),
            verdict: z.enum(VERDICTS),
            new_label: z.string().nullable(),
            rationale: z.string(),
            at: z.string(),
          }),
        }),
      ),
      async handle({ username, body }) {
        return { success: true as const, response: await s.boundary.respond(username, body) };
      },
    }),
    route({
      method: 'GET',
      path: '/boundary/api/stats',
      summary:
        'Boundary sensitivity per label, invariance consistency per annotator, and every flip with its rationale',
      access: 'admin',
      response: stats,
      handle: () => s.boundary.stats(),
    }),
    route({
      method: 'GET',
      path: '/boundary/api/export',
      summary:
        'The contrast set as JSON lines: one labelled (original, counterfactual) pair per answered probe, unsure answers left out',
      access: 'admin',
      responds: { types: ['application/x-ndjson'] },
      handle({ ctx }) {
        const rows = s.boundary.contrastSet();
        const jsonl = rows.map((r) => JSON.stringify(r) + '\n').join('');
        return download(ctx, 'application/x-ndjson', 'contrast_set.jsonl', jsonl);
      },
    }),
    route({
      method: 'GET',
      path: '/boundary/dashboard',
      summary: 'The boundary lab read-out as a page: sensitivity by label, annotator consistency, where labels flip',
      access: 'admin',
      responds: { types: ['text/html'] },
      handle: ({ ctx }) => sendReport(ctx, dashboard(s.boundary.stats())),
    }),
  ];
}

function dashboard(st: BoundaryStats & { schema: string }): Report {
  const t = st.totals;
  return {
    title: 'Boundary Lab',
    lines: [
      `Scheme ${st.schema}: ${t.probes_generated} probes made, ${t.probes_answered} answers (${t.holds} hold, ${t.flips} flip, ${t.unsure} unsure).`,
    ],
    tables: [
      {
        heading: 'Boundary sensitivity by label',
        empty: 'No labels.',
        columns: ['Label', 'Flip probes answered', 'Flipped', 'Flip rate'],
        rows: Object.entries(st.by_label).map(([l, b]) => [l, b.flip_probes_answered, b.flipped, b.flip_rate]),
      },
      {
        heading: 'Annotator invariance consistency',
        empty: 'No answers yet.',
        columns: ['Annotator', 'Answers', 'Paraphrases answered', 'Held', 'Consistency', 'Flagged (< 60%)'],
        rows: Object.entries(st.annotators).map(([n, a]) => [
          n,
          a.answered,
          a.invariance_answered,
          a.invariance_held,
          a.consistency,
          a.flagged,
        ]),
      },
      {
        heading: 'Where labels flip',
        empty: 'No flips yet.',
        columns: ['Instance', 'Original', 'Edited', 'From', 'To', 'Why', 'Annotator'],
        rows: st.flips.map((f) => [
          f.instance_id,
          f.original_text.slice(0, 200),
          f.counterfactual_text.slice(0, 200),
          f.original_label,
          f.new_label,
          f.rationale,
          f.annotator,
        ]),
      },
    ],
  };
}
