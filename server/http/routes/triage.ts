/**
 * Potato's triage queue page and report (`GET /admin/triage-queue`, `?format=html` for the page): the items
 * still needing annotators in the order the priority strategy hands them out, with why each is flagged.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { requiredAnnotators } from '../../domain/task.js';
import { route, type RouteSpec } from '../route.js';
import { sendReport } from '../report-page.js';

export function triageRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/triage-queue',
      summary:
        'The items still needing annotators, highest triage priority first (as the priority strategy hands them out), with the rule that flagged each; ?format=html for a page',
      access: 'admin',
      query: z.lazy(() =>
        z.object({
          format: z.enum(['json', 'html'], { message: 'must be json or html' }).default('json'),
          limit: z.coerce.number().int().min(1).max(100_000).default(1000),
        }),
      ),
      response: z.lazy(() =>
        z.object({
          enabled: z.boolean(),
          strategy: z.string().describe('the assignment strategy in force: priority hands items out in this order'),
          order: z.enum(['desc', 'asc']),
          n_items: z.number().int().describe('items still needing annotators'),
          n_flagged: z.number().int().describe('of them, those a rule matched'),
          items: z.array(
            z.object({
              id: z.string(),
              priority: z.number(),
              reason: z.string().nullable(),
              badge: z.string().nullable(),
              flagged: z.boolean(),
              text: z.string(),
              annotations: z.number().int(),
              assigned: z.boolean().describe("in at least one annotator's list"),
            }),
          ),
        }),
      ),
      responds: { types: ['text/html'] },
      handle({ query, ctx }) {
        const queue = s.triage.queue(
          (id) => s.annotations.annotatorCount(id),
          (id) => s.assignments.holders(id),
          requiredAnnotators(s.settings.get()),
        );
        const items = queue.slice(0, query.limit).map((i) => ({ ...i, text: i.text.slice(0, 300) }));
        const report = {
          enabled: s.triage.settings.enabled,
          strategy: s.settings.get().assignment_strategy,
          order: s.triage.settings.order,
          n_items: queue.length,
          n_flagged: queue.filter((i) => i.flagged).length,
          items,
        };
        if (query.format === 'json') return report;
        return sendReport(ctx, {
          title: 'Triage Queue',
          lines: [
            `${report.n_items} items still need annotators, ${report.n_flagged} of them flagged by a rule; assignment strategy ${report.strategy}${report.enabled ? '' : ' (triage is not enabled: every item has the default priority)'}.`,
          ],
          tables: [
            {
              heading: 'Queue',
              empty: 'Every item has its annotators.',
              columns: ['#', 'Item', 'Priority', 'Reason', 'Annotations', 'Assigned', 'Text'],
              rows: items.map((i, n) => [
                n + 1,
                i.id,
                i.priority,
                i.reason,
                i.annotations,
                i.assigned,
                i.text.slice(0, 160),
              ]),
            },
          ],
        });
      },
    }),
  ];
}
