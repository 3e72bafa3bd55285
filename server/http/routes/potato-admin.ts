/**
 * Potato's admin read-outs under Potato's paths and field names (docs/potato-dialect.md). Access follows our
 * admin rule: 401 without credentials, 403 with wrong ones.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';

const item = z.object({ id: z.string(), text: z.string(), displayed_text: z.string() });
/** `scheme:label` → value, and each span as `scheme:label[start:end]` → its value */
const answers = z.lazy(() => z.record(z.string(), z.string()));
const phase = z.string().describe('UserPhase.ANNOTATION, UserPhase.CONSENT, …, UserPhase.DONE');

const userState = z.lazy(() =>
  z.object({
    user_id: z.string(),
    phase,
    current_instance: item.nullable(),
    max_assignments: z.number().int().nullable(),
    assignments: z.object({
      total: z.number().int(),
      annotated: z.number().int(),
      remaining: z.number().int(),
      items: z.array(item.extend({ has_annotation: z.boolean() })),
    }),
    annotations: z.object({ total_count: z.number().int(), by_instance: z.record(z.string(), answers) }),
    hints: z.object({ cached_hints: z.array(z.string()) }),
  }),
);

const systemState = z.lazy(() =>
  z.object({
    system_state: z.object({
      total_users: z.number().int(),
      total_items: z.number().int(),
      total_annotations: z.number().int(),
      items_with_annotations: z.number().int(),
      items_by_annotator_count: z
        .record(z.string(), z.number().int())
        .describe('annotator count → number of items with that many'),
    }),
    users: z.record(
      z.string(),
      z.object({
        phase,
        annotations_count: z.number().int(),
        has_assignments: z.boolean(),
        remaining_assignments: z.boolean(),
      }),
    ),
    config: z.object({
      debug_mode: z.boolean(),
      annotation_task_name: z.string(),
      max_annotations_per_user: z.union([z.number().int(), z.literal('Unlimited')]),
      annotation_schemes: z.unknown(),
      ui: z.unknown(),
    }),
  }),
);

const allInstances = z.lazy(() => z.object({ total_items: z.number().int(), items: z.array(item) }));

const itemStates = z.lazy(() =>
  z.object({
    total_items: z.number().int(),
    items: z.array(item.extend({ annotators: z.array(z.string()), annotation_count: z.number().int() })),
    summary: z.object({
      items_with_annotations: z.number().int(),
      items_without_annotations: z.number().int(),
      average_annotations_per_item: z.number(),
    }),
  }),
);

const itemState = z.lazy(() =>
  z.object({
    item_id: z.string(),
    text: z.string(),
    displayed_text: z.string(),
    annotators: z.array(z.string()),
    annotation_count: z.number().int(),
    annotations: z.record(z.string(), answers).describe("annotator → that annotator's answers"),
  }),
);

export function potatoAdminRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/user_state/:user_id',
      summary: "Potato's per-user state: phase, current instance, assignments and annotations by instance",
      access: 'admin',
      response: userState,
      handle: ({ params }) => s.potatoState.userState(params.user_id),
    }),
    route({
      method: 'GET',
      path: '/admin/system_state',
      summary: "Potato's system state: totals, items by annotator count, each user's phase and progress",
      access: 'admin',
      response: systemState,
      handle: () => s.potatoState.systemState(),
    }),
    route({
      method: 'GET',
      path: '/admin/all_instances',
      summary: "Potato's list of every instance with its text",
      access: 'admin',
      response: allInstances,
      handle: () => s.potatoState.allInstances(),
    }),
    route({
      method: 'GET',
      path: '/admin/item_state',
      summary: "Potato's item state: each instance with its annotators, most annotated first",
      access: 'admin',
      response: itemStates,
      handle: () => s.potatoState.itemStates(),
    }),
    route({
      method: 'GET',
      path: '/admin/item_state/:item_id',
      summary: "Potato's state of one item: its annotators and each one's answers",
      access: 'admin',
      response: itemState,
      handle: ({ params }) => s.potatoState.itemState(params.item_id),
    }),
  ];
}
