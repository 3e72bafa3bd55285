/**
 * Potato's automation read-outs: the rules with their counters, and the latest action outcomes. Admin only.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { ACTION_TYPES } from '../../domain/automation/automation.js';
import { route, type RouteSpec } from '../route.js';

const status = z.lazy(() =>
  z.object({
    enabled: z.boolean(),
    rules: z.array(
      z.object({
        name: z.string(),
        when: z.array(z.object({ field: z.string(), operator: z.string(), value: z.unknown() })),
        sample_rate: z.number(),
        actions: z.array(z.looseObject({ type: z.enum(ACTION_TYPES) })),
        fired: z.number().int().describe('items this rule fired on, kept in the store'),
        errors: z.number().int().describe("this rule's actions that failed, kept in the store"),
      }),
    ),
    counters: z.object({
      items_processed: z
        .number()
        .int()
        .describe('items this process has run the rules over (every item of the project, once it has started)'),
      rules_fired: z
        .number()
        .int()
        .describe('rules that fired on an item, kept in the store (the same after a restart, and in every process)'),
      actions: z
        .record(z.string(), z.record(z.string(), z.number().int()))
        .describe('per action type, its outcomes by status, kept in the store'),
    }),
  }),
);

const outcome = z.object({
  rule: z.string(),
  action: z.enum(ACTION_TYPES),
  item_id: z.string(),
  status: z.enum(['ok', 'error', 'skipped']),
  detail: z.string().describe('what the action did, or why it failed or was skipped'),
  at: z.string(),
});

const outcomesQuery = z.lazy(() =>
  z.object({ limit: z.coerce.number().int().min(1).max(1000).default(50).describe('how many, newest first') }),
);

export function automationRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/automation/status',
      summary: 'The automation rules, whether automation is on, and its counters',
      access: 'admin',
      response: status,
      handle: () => s.automation.status(),
    }),
    route({
      method: 'GET',
      path: '/admin/automation/outcomes',
      summary: "The automation actions' latest outcomes, newest first (kept over restarts)",
      access: 'admin',
      query: outcomesQuery,
      response: z.object({ outcomes: z.array(outcome) }),
      handle: ({ query }) => ({ outcomes: s.automation.outcomes(query.limit) }),
    }),
  ];
}
