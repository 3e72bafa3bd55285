/** Visible time and visits per item, reported by the annotate page; the dashboard's time figures. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { FAST_SHARE, MAX_REPORT_MS, MIN_ITEMS } from '../../domain/history/item-time.js';
import { route, type RouteSpec } from '../route.js';
import { actionType, changeTrail } from '../../domain/history/change-trail.js';
import { invalid, notFound } from '../../domain/errors.js';
import { saveSubmission } from './annotation.js';
import { PHASE_PAGE_ID } from './potato-phase-pages.js';

const report = z.lazy(() =>
  z.object({
    median_ms: z.number().describe('median visible time over every annotator–item pair with time'),
    annotators: z.array(
      z.object({
        username: z.string(),
        items: z.number().int().describe('items with visible time'),
        median_ms: z.number(),
        total_ms: z.number(),
        visits: z.number().int(),
        changes: z.number().int().describe('answer changes saved'),
      }),
    ),
    slowest_items: z
      .array(z.object({ instance_id: z.string(), annotators: z.number().int(), median_ms: z.number() }))
      .describe('by median visible time, slowest first, at most 20'),
    fast_annotators: z
      .array(
        z.object({
          username: z.string(),
          items: z.number().int(),
          median_ms: z.number(),
          share: z.number().describe("their median as a share of the project's"),
        }),
      )
      .describe(`at least ${MIN_ITEMS} timed items and a median under ${FAST_SHARE} of the project's`),
  }),
);

/** A visible-time report's figures, here and in the step that carries the left item's time. */
export const timeFields = z.object({
  visible_ms: z
    .number({ message: 'visible_ms must be a number of milliseconds' })
    .min(0, 'visible_ms must not be negative')
    .max(MAX_REPORT_MS, `visible_ms: at most ${MAX_REPORT_MS} in one report`),
  visit: z.boolean({ message: 'visit must be true or false' }).default(false),
  report_id: z
    .string({ message: 'report_id must be a string' })
    .min(1, 'report_id must not be empty')
    .max(64, 'report_id: at most 64 characters')
    .optional()
    .describe(
      "the page's id for this report: a report (or a step) sent again with an id the item's row already holds adds nothing",
    ),
});

export function itemTimeRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'POST',
      path: '/api/annotate/time',
      summary:
        "Adds visible time on an item (the page counts only while its tab is visible) and, with visit, one visit; answers the caller's totals",
      access: 'user',
      body: timeFields.extend({
        instance_id: z.string({ message: 'instance_id: give the item shown' }).min(1).max(256),
      }),
      response: z.lazy(() => z.object({ instance_id: z.string(), visible_ms: z.number(), visits: z.number().int() })),
      async handle({ username, body }) {
        const instance = await s.annotations.instanceFor(username, body.instance_id);
        const totals = await s.itemTimes.report(username, instance.id, body.visible_ms, body.visit, body.report_id);
        return { instance_id: instance.id, ...totals };
      },
    }),
    route({
      method: 'GET',
      path: '/api/behavioral_data/:instance_id',
      summary:
        "Potato's behavioral data of the caller on an item: visible time and every saved answer change (annotation_changes, a replaced label with its old one); on `__phase_page__`, the changes saved on phase pages with their phase and page",
      access: 'user',
      response: z.lazy(() =>
        z.object({
          instance_id: z.string(),
          total_time_ms: z.number().describe('visible time on the item'),
          visits: z.number().int(),
          annotation_changes: z.array(
            z.object({
              timestamp: z.string(),
              schema_name: z.string(),
              label_name: z.string().describe('the label, or for a span `label[start:end]`'),
              old_label: z.string().nullable(),
              old_value: z.string().nullable(),
              new_value: z.string().nullable(),
              action: z.enum(['select', 'deselect']),
              source: z.literal('user'),
              phase: z
                .string()
                .describe('annotation, or on __phase_page__ the type of the phase (consent, prestudy, …)'),
              page: z.string().nullable().describe("on __phase_page__ the phase page's name (a training item: name#n)"),
            }),
          ),
        }),
      ),
      async handle({ username, params }) {
        if (params.instance_id === PHASE_PAGE_ID && !s.task.instanceById.has(PHASE_PAGE_ID))
          return {
            instance_id: PHASE_PAGE_ID,
            total_time_ms: 0,
            visits: 0,
            annotation_changes: s.phases.trail(username),
          };
        const instance = await s.annotations.instanceFor(username, params.instance_id);
        const row = s.itemTimes.get(username, instance.id);
        return {
          instance_id: instance.id,
          total_time_ms: row?.ms ?? 0,
          visits: row?.visits ?? 0,
          annotation_changes: changeTrail(row?.changes ?? []),
        };
      },
    }),
    route({
      method: 'POST',
      path: '/api/track_annotation_change',
      summary:
        "Potato's report of one answer change from its page, saved as that change ({type, schema, state} merged into what is stored, on an item or on __phase_page__), so the trail records it as any save",
      access: 'user',
      body: z.lazy(() =>
        z.object({
          instance_id: z.union([z.string().min(1).max(256), z.number()]).transform(String),
          schema_name: z.string({ message: 'schema_name: name the scheme or question changed' }).min(1).max(256),
          label_name: z.string().min(1).max(256).nullish(),
          action: z.enum(['select', 'deselect', 'update', 'clear'], {
            message: 'must be select, deselect, update or clear',
          }),
          new_value: z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()]).optional(),
          old_value: z.unknown().optional(),
          old_label: z.unknown().optional(),
          source: z.string().max(64).optional(),
        }),
      ),
      response: z.lazy(() => z.object({ status: z.literal('ok') })),
      async handle({ username, body }) {
        // Potato logs such a report without saving it, and its page never sends one for a span; here the report is
        // saved, and a span cannot be without its offsets, which the report does not carry
        if (body.instance_id !== PHASE_PAGE_ID && s.task.schemeByName.get(body.schema_name)?.annotation_type === 'span')
          throw invalid(
            `schema_name: "${body.schema_name}" marks spans, and a change report carries no offsets to save one by; send the span to POST /updateinstance (span_annotations, or a state entry with start and end)`,
          );
        const cleared = body.action === 'deselect' || body.action === 'clear';
        await saveSubmission(s, username, {
          instance_id: body.instance_id,
          type: 'label',
          schema: body.schema_name,
          state: [
            {
              name: body.label_name ?? body.schema_name,
              value: cleared ? null : (body.new_value ?? body.label_name ?? true),
            },
          ],
        });
        return { status: 'ok' as const };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/annotation_history',
      summary:
        "Potato's annotation history: every saved answer change (of one annotator, on one item, in the last minutes), the latest 100, and counts by kind",
      access: 'admin',
      query: z.lazy(() =>
        z.object({
          user_id: z.string().min(1).max(64).optional(),
          instance_id: z.string().min(1).max(256).optional(),
          minutes: z.coerce.number({ message: 'minutes must be a number' }).positive().optional(),
        }),
      ),
      response: z.lazy(() =>
        z.object({
          context: z.string().describe('the annotator asked for, or all_users'),
          total_actions: z.number().int(),
          actions: z.array(
            z.object({
              timestamp: z.string(),
              user_id: z.string(),
              instance_id: z.string(),
              action_type: z.enum(['add_label', 'update_label', 'delete_label', 'add_span', 'delete_span']),
              schema_name: z.string(),
              label_name: z.string(),
              old_value: z.string().nullable(),
              new_value: z.string().nullable(),
            }),
          ),
          summary: z.object({
            action_types: z.record(z.string(), z.number().int()),
            annotators: z.number().int(),
            instances: z.number().int(),
          }),
        }),
      ),
      handle({ query }) {
        if (query.user_id !== undefined && !s.accounts.get(query.user_id))
          throw notFound(`user_id: no annotator is named "${query.user_id}"`);
        const since = query.minutes === undefined ? -Infinity : s.clock.now() - query.minutes * 60_000;
        const actions = [...s.itemTimes.rows()]
          .filter((r) => (query.user_id ?? r.username) === r.username)
          .filter((r) => (query.instance_id ?? r.instance_id) === r.instance_id)
          .flatMap((r) =>
            changeTrail(r.changes).map((c) => ({
              timestamp: c.timestamp,
              user_id: r.username,
              instance_id: r.instance_id,
              action_type: actionType(c) as 'add_label',
              schema_name: c.schema_name,
              label_name: c.label_name,
              old_value: c.old_value,
              new_value: c.new_value,
            })),
          )
          .filter((a) => Date.parse(a.timestamp) >= since)
          .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
        const types: Record<string, number> = {};
        for (const a of actions) types[a.action_type] = (types[a.action_type] ?? 0) + 1;
        return {
          context: query.user_id ?? 'all_users',
          total_actions: actions.length,
          actions: actions.slice(-100),
          summary: {
            action_types: types,
            annotators: new Set(actions.map((a) => a.user_id)).size,
            instances: new Set(actions.map((a) => a.instance_id)).size,
          },
        };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/suspicious_activity',
      summary:
        "Potato's suspicious-activity read-out: the annotators the time report finds fast (their median time on an item under a quarter of the project's)",
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          total_users_with_suspicious_activity: z.number().int(),
          suspicious_activity: z.array(
            z.object({
              user_id: z.string(),
              reason: z.literal('fast'),
              timed_items: z.number().int(),
              median_ms: z.number(),
              share: z.number().describe("the annotator's median over the project's"),
              suspicious_actions_count: z.literal(0),
              suspicious_actions: z
                .array(z.never())
                .describe("always empty: single actions are not judged here, the annotator's pace is"),
            }),
          ),
        }),
      ),
      handle() {
        const fast = s.itemTimes.summary().fast_annotators;
        return {
          total_users_with_suspicious_activity: fast.length,
          suspicious_activity: fast.map((a) => ({
            user_id: a.username,
            reason: 'fast' as const,
            timed_items: a.items,
            median_ms: a.median_ms,
            share: a.share,
            suspicious_actions_count: 0 as const,
            suspicious_actions: [],
          })),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/time',
      summary:
        'Visible time per annotator and item: each annotator’s median per item, the slowest items, annotators much faster than the project',
      access: 'admin',
      response: report,
      handle: () => s.itemTimes.summary(),
    }),
  ];
}
