/**
 * Adjudication under Potato's paths and field names (`/adjudicate/api/...`): for adjudicators and admin users
 * with a session (401 without one, 404 while adjudication is off, 403 for others). Admin read-outs under
 * `/admin/api/adjudication` (`adjudication-admin.ts`); the gold answers are exported with
 * `GET /admin/api/export?view=gold`.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { sessionUser } from '../guards.js';
import { route, type RouteSpec } from '../route.js';
import { adjudicationAdminRoutes } from './adjudication-admin.js';
import { decision, item, ok, signals, stats, status, submitBody } from './adjudication-shapes.js';
import { escapeHtml } from '../../domain/display/sanitize.js';
import { schemeShape } from './scheme-shape.js';
import { schemesAnswer } from './schemes.js';

export function adjudicationRoutes(s: Services): RouteSpec[] {
  return [...adjudicatorRoutes(s), ...adjudicationAdminRoutes(s)];
}

function adjudicatorRoutes(s: Services): RouteSpec[] {
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
      response: z.lazy(() =>
        z.object({
          show_annotator_names: z.boolean(),
          show_agreement_scores: z.boolean(),
          show_timing_data: z.boolean(),
          fast_decision_warning_ms: z.number(),
          require_confidence: z.boolean(),
          require_notes_on_override: z.boolean(),
          error_taxonomy: z.array(z.string()),
          agreement_threshold: z.number(),
          show_all_items: z.boolean(),
        }),
      ),
      handle({ username }) {
        s.adjudication.authorize(username);
        const c = s.adjudication.settings;
        return {
          show_annotator_names: c.showAnnotatorNames,
          show_agreement_scores: c.showAgreementScores,
          show_timing_data: c.showTimingData,
          fast_decision_warning_ms: c.fastDecisionWarningMs,
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
      path: '/adjudicate/api/schemas',
      summary:
        "Every scheme of the project by name, as /api/schemas gives them: when cohorts bind schemes, the union of theirs, since an adjudicator reviews every cohort's answers",
      access: 'user',
      response: z.lazy(() => z.record(z.string(), schemeShape)),
      handle({ username }) {
        s.adjudication.authorize(username);
        return schemesAnswer(s.task.schemes);
      },
    }),
    route({
      method: 'GET',
      path: '/adjudicate/api/queue',
      summary: 'Items to adjudicate: pending first, lowest agreement first; filterable by status, scheme and agreement',
      access: 'user',
      query: z.lazy(() =>
        z.object({
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
      ),
      response: z.lazy(() => z.object({ items: z.array(item), total: z.number().int() })),
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
      response: z.lazy(() =>
        z.object({
          item,
          item_text: z.string(),
          item_data: z.record(z.string(), z.unknown()),
          decision: decision.nullable(),
          annotator_signals: z
            .record(z.string(), signals)
            .describe('per annotator (keyed as in `item.annotators`): their time, answer changes and flags'),
          similar_items: z.array(z.unknown()),
          mace_predictions: z
            .record(z.string(), z.union([z.string(), z.array(z.string())]))
            .optional()
            .describe("with MACE enabled: each estimated scheme's predicted label for the item (docs/mace.md)"),
        }),
      ),
      handle({ username, params }) {
        s.adjudication.authorize(username);
        const view = s.adjudication.item(params.instance_id);
        return s.mace.enabled ? { ...view, mace_predictions: s.mace.predictedFor(params.instance_id) } : view;
      },
    }),
    route({
      method: 'GET',
      path: '/adjudicate/api/similar/:instance_id',
      summary:
        "Potato's similar items of an item: none, as similarity is not computed here (enabled false, as on a Potato without similarity)",
      access: 'user',
      response: z.lazy(() =>
        z.object({
          enabled: z.literal(false),
          instance_id: z.string(),
          similar_items: z.array(z.unknown()).max(0),
          count: z.literal(0),
        }),
      ),
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
      response: z.lazy(() =>
        z.object({
          item: item.nullable(),
          item_text: z.string().optional(),
          item_data: z.record(z.string(), z.unknown()).optional(),
          message: z.string().optional(),
        }),
      ),
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
  ];
}
