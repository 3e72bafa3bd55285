/**
 * Adjudication under Potato's paths and field names (`/adjudicate/api/...`): for adjudicators and admin users
 * with a session (401 without one, 404 while adjudication is off, 403 for others). Admin read-outs under
 * `/admin/api/adjudication`; the gold answers are exported with `GET /admin/api/export?view=gold`.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { CONFIDENCES } from '../../domain/adjudication/records.js';
import { sessionUser } from '../guards.js';
import { answersByScheme } from '../answer-shapes.js';
import { route, type RouteSpec } from '../route.js';

const status = z.enum(['pending', 'completed', 'skipped']);
const labelMap = z.record(z.string(), z.record(z.string(), z.string()));
const span = z.object({
  id: z.string(),
  schema: z.string(),
  name: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  value: z.string(),
});

const item = z.object({
  instance_id: z.string(),
  annotations: z.record(z.string(), labelMap).describe('annotator → scheme → label → value, as stored'),
  answers: z.record(z.string(), answersByScheme()).describe('annotator → scheme → the answer as exports show it'),
  span_annotations: z.record(z.string(), z.array(span)),
  behavioral_data: z.record(z.string(), z.unknown()),
  agreement_scores: z
    .record(z.string(), z.number())
    .describe('scheme → share of annotator pairs who gave the same answer'),
  overall_agreement: z.number(),
  num_annotators: z.number().int(),
  annotators: z.array(z.string()),
  status,
  assigned_adjudicator: z.string().nullable(),
});

const decision = z.object({
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
});

const submitBody = z.object({
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
});

const ok = z.object({ status: z.literal('ok'), instance_id: z.string() });

const stats = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  pending: z.number().int(),
  skipped: z.number().int(),
  in_progress: z.number().int(),
  completion_rate: z.number(),
  avg_agreement: z.number(),
  adjudicator_stats: z.record(z.string(), z.object({ completed: z.number().int(), total_time_ms: z.number() })),
});

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function adjudicationRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/adjudicate',
      summary: "Potato's adjudication page: leads an adjudicator to the Adjudicate screen, anyone else to the UI",
      access: 'public',
      responds: { types: ['text/html'], redirect: 302 },
      handle({ ctx }) {
        ctx.set('Cache-Control', 'no-store');
        const username = sessionUser(ctx);
        if (!username || !s.adjudication.mayAdjudicate(username)) {
          ctx.status = 302;
          ctx.redirect('/');
          return undefined;
        }
        const title = `Adjudication — ${s.settings.get().annotation_task_name}`;
        ctx.type = 'html';
        ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
        ctx.body = `<!doctype html><html lang="en"><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/#/adjudicate"><title>${escapeHtml(title)}</title><body style="font-family:system-ui,sans-serif"><p><a href="/#/adjudicate">Open the Adjudication screen</a></p></body></html>`;
        return undefined;
      },
    }),
    route({
      method: 'GET',
      path: '/adjudicate/api/config',
      summary:
        'The adjudication settings the Adjudicate screen follows (error taxonomy, whether confidence and override notes are required)',
      access: 'user',
      response: z.object({
        show_annotator_names: z.boolean(),
        show_agreement_scores: z.boolean(),
        require_confidence: z.boolean(),
        require_notes_on_override: z.boolean(),
        error_taxonomy: z.array(z.string()),
        agreement_threshold: z.number(),
        show_all_items: z.boolean(),
      }),
      handle({ username }) {
        s.adjudication.authorize(username);
        const c = s.adjudication.settings;
        return {
          show_annotator_names: c.showAnnotatorNames,
          show_agreement_scores: c.showAgreementScores,
          require_confidence: c.requireConfidence,
          require_notes_on_override: c.requireNotesOnOverride,
          error_taxonomy: c.errorTaxonomy,
          agreement_threshold: c.agreementThreshold,
          show_all_items: c.showAllItems,
        };
      },
    }),
    route({
      method: 'GET',
      path: '/adjudicate/api/queue',
      summary: 'Items to adjudicate: pending first, lowest agreement first; filterable by status, scheme and agreement',
      access: 'user',
      query: z.object({
        status: status.optional(),
        schema: z.string().min(1).optional().describe('only items where this scheme could be compared'),
        scope: z
          .enum(['disagreements', 'all'])
          .optional()
          .describe(
            'disagreements: below agreement_threshold (the default unless show_all_items); all: every item with enough annotators',
          ),
        max_agreement: z.coerce
          .number({ message: 'max_agreement must be a number' })
          .min(0)
          .max(1)
          .optional()
          .describe("only items whose agreement (the scheme's when schema is given) is at most this"),
      }),
      response: z.object({ items: z.array(item), total: z.number().int() }),
      handle({ username, query }) {
        s.adjudication.authorize(username);
        return s.adjudication.queue(query);
      },
    }),
    route({
      method: 'GET',
      path: '/adjudicate/api/item/:instance_id',
      summary: "One item's annotations side by side, its text and data, and the decision if there is one",
      access: 'user',
      response: z.object({
        item,
        item_text: z.string(),
        item_data: z.record(z.string(), z.unknown()),
        decision: decision.nullable(),
        annotator_signals: z.record(z.string(), z.unknown()),
        similar_items: z.array(z.unknown()),
      }),
      handle({ username, params }) {
        s.adjudication.authorize(username);
        return s.adjudication.item(params.instance_id);
      },
    }),
    route({
      method: 'GET',
      path: '/adjudicate/api/similar/:instance_id',
      summary:
        "Potato's similar items of an item: none, as similarity is not computed here (enabled false, as on a Potato without similarity)",
      access: 'user',
      response: z.object({
        enabled: z.literal(false),
        instance_id: z.string(),
        similar_items: z.array(z.unknown()).max(0),
        count: z.literal(0),
      }),
      handle({ username, params }) {
        s.adjudication.authorize(username);
        return { enabled: false as const, instance_id: params.instance_id, similar_items: [], count: 0 as const };
      },
    }),
    route({
      method: 'GET',
      path: '/adjudicate/api/next',
      summary: 'The next pending item (lowest agreement first), or item null when none is left',
      access: 'user',
      response: z.object({
        item: item.nullable(),
        item_text: z.string().optional(),
        item_data: z.record(z.string(), z.unknown()).optional(),
        message: z.string().optional(),
      }),
      handle({ username }) {
        s.adjudication.authorize(username);
        return s.adjudication.next();
      },
    }),
    route({
      method: 'POST',
      path: '/adjudicate/api/submit',
      summary: "Record a decision as the item's gold answer, with who decided and why; fires item.adjudicated",
      access: 'user',
      body: submitBody,
      response: ok,
      handle({ username, body }) {
        s.adjudication.authorize(username);
        return s.adjudication.decide(username, body);
      },
    }),
    route({
      method: 'POST',
      path: '/adjudicate/api/skip/:instance_id',
      summary: 'Set an item aside (it stays in the queue as skipped until decided)',
      access: 'user',
      response: ok,
      handle({ username, params }) {
        s.adjudication.authorize(username);
        return s.adjudication.skip(username, params.instance_id);
      },
    }),
    route({
      method: 'GET',
      path: '/adjudicate/api/stats',
      summary: 'Adjudication progress: items queued, decided, pending, skipped; decisions per adjudicator',
      access: 'user',
      response: stats,
      handle({ username }) {
        s.adjudication.authorize(username);
        return s.adjudication.stats();
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/adjudication',
      summary: 'Adjudication overview for the dashboard (enabled false when the config does not turn it on)',
      access: 'admin',
      response: z.union([
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
          error_taxonomy_counts: z.record(z.string(), z.number().int()).describe('decisions per error tag, most first'),
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
      response: z.object({
        adjudicated_items: z.number().int(),
        by_annotator: z.record(
          z.string(),
          z.record(z.string(), z.object({ items: z.number().int(), matched: z.number().int(), share: z.number() })),
        ),
      }),
      handle: () => s.adjudication.agreementWithGold(),
    }),
  ];
}
