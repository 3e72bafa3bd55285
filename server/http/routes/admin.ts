/** Admin endpoints (docs/api.md "Admin endpoints"), all but webhooks and agreement, which live with their features. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { invalid } from '../../domain/errors.js';
import { INSTANCE_ORDERS, INSTANCE_STATUSES } from '../../domain/admin/progress.js';
import { effectiveConfig, SETTING_NAMES, toSettings, type SettingName } from '../../domain/admin/config-view.js';
import { ASSIGNMENT_STRATEGIES } from '../../domain/task.js';
import { INSTANCE_SORTS, type InstanceSort } from '../../domain/admin/potato-dashboard.js';
import {
  annotatorsShape,
  effectiveConfigShape,
  instancesShape,
  overviewShape,
  qualityShape,
  settingsChanged,
  timelineShape,
} from './admin-shapes.js';

const count = z.coerce.number().int();

/** Potato's older names of settings, as its scripts post them. */
const SETTING_ALIASES: Record<string, SettingName> = { max_annotations_per_item: 'num_annotators_per_item' };

const instancesQuery = z.lazy(() =>
  z.object({
    status: z.enum(INSTANCE_STATUSES, { message: `status must be one of ${INSTANCE_STATUSES.join(', ')}` }).optional(),
    q: z.string().max(200).optional().describe('keeps the instances whose id or text contains this, in any case'),
    order: z
      .enum(INSTANCE_ORDERS, { message: `order must be one of ${INSTANCE_ORDERS.join(', ')}` })
      .default('task')
      .describe("the task's order, by id or by number of annotations; a leading - reverses"),
    limit: count.min(1, 'limit must be at least 1').max(1000, 'limit may be at most 1000').default(100),
    offset: count.min(0, 'offset may not be negative').default(0),
    // Potato's paging and sorting; any of them switches to Potato's order (most annotated first)
    page: count.min(1, 'page must be at least 1').optional(),
    page_size: count.min(1, 'page_size must be at least 1').max(1000, 'page_size may be at most 1000').optional(),
    sort_by: z
      .enum(INSTANCE_SORTS as [string, ...string[]], { message: `sort_by must be one of ${INSTANCE_SORTS.join(', ')}` })
      .optional(),
    sort_order: z.enum(['asc', 'desc'], { message: 'sort_order must be asc or desc' }).optional(),
    filter_completion: z
      .enum(['completed', 'incomplete', 'all'], { message: 'filter_completion must be completed, incomplete or all' })
      .optional(),
  }),
);

const positiveOrNull = z.lazy(() => z.union([z.number().int().min(1), z.null()]));
/** One schema per changeable setting; anything else is refused by name. */
const settingSchemas: Record<SettingName, z.ZodType> = {
  annotation_task_name: z.string().trim().min(1).max(200),
  num_annotators_per_item: positiveOrNull,
  max_annotations_per_user: positiveOrNull,
  assignment_strategy: z.enum(ASSIGNMENT_STRATEGIES as [string, ...string[]]),
  'webhooks.enabled': z.boolean(),
  'ai_support.enabled': z.boolean(),
};

/** `{"webhooks": {"enabled": false}}` is read as `{"webhooks.enabled": false}`. */
function flatten(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value)) out[`${key}.${inner}`] = v;
    } else out[key] = value;
  }
  return out;
}

export function adminRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/health',
      summary:
        'Health check: version, uptime, storage and webhook backlog ("healthy" is Potato\'s word for a healthy server; ' +
        '"degraded" while the storage cannot write, still a 200 so the dashboard opens to show it)',
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          status: z.enum(['healthy', 'degraded']),
          timestamp: z.string().describe('the server clock, ISO 8601'),
          version: z.string(),
          uptime_seconds: z.number().int(),
          storage: z.string().describe('"ok", or why a write would fail now (a full disk, the database out of reach)'),
          pending_webhook_retries: z.number().int(),
          managers: z
            .object({ user_state_manager: z.literal('available'), item_state_manager: z.literal('available') })
            .describe("Potato's field: its state managers, always available here"),
          config: z.object({ debug_mode: z.boolean(), annotation_task_name: z.string() }),
        }),
      ),
      handle: async () => {
        const trouble = await s.store.writeTrouble();
        return {
          status: trouble ? ('degraded' as const) : ('healthy' as const),
          timestamp: new Date(s.clock.now()).toISOString(),
          version: s.version,
          uptime_seconds: Math.round((s.clock.now() - s.startedAt) / 1000),
          storage: trouble ?? 'ok',
          pending_webhook_retries: s.outbox.pendingRetries(),
          managers: { user_state_manager: 'available', item_state_manager: 'available' },
          config: { debug_mode: s.config.debug, annotation_task_name: s.settings.get().annotation_task_name },
        };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/overview',
      summary: "Items, annotations, users and completion rate; Potato's `overview` and `config` objects beside them",
      access: 'admin',
      response: overviewShape,
      handle: () => {
        const ours = s.progress.overview();
        const potato = s.potatoDashboard.overview();
        // one literal, not two spreads merged: the merged copy reached the old generation on every request, so a
        // polled overview grew the heap until the next full collection (docs/performance.md)
        return {
          total_items: ours.total_items,
          total_annotations: ours.total_annotations,
          total_users: ours.total_users,
          completion_rate: ours.completion_rate,
          completed_items: ours.completed_items,
          per_annotator: ours.per_annotator,
          overview: potato.overview,
          config: potato.config,
        };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/timeline',
      summary:
        'Annotations and completed items over time, cumulative per minute in the first 90 minutes, then per hour (per day for long projects)',
      access: 'admin',
      response: timelineShape,
      handle: () => s.timeline.report(),
    }),
    route({
      method: 'GET',
      path: '/admin/api/annotators',
      summary:
        "Each annotator with progress and quality-control standing, and Potato's fields for each (timing fields null: not measured)",
      access: 'admin',
      response: annotatorsShape,
      handle: () => {
        const names = s.progress.annotatorNames();
        return {
          annotators: names.map((name) => ({
            ...s.potatoDashboard.annotator(name),
            ...s.progress.annotator(name),
            ...s.quality.standingOf(name),
          })),
          ...s.potatoDashboard.annotatorsSummary(names.length),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/instances',
      summary:
        "Instances with their annotation counts, filtered by status and text (q), ordered (order) and paged; Potato's fields, `pagination` and `summary` beside ours, and its `page`, `page_size`, `sort_by`, `sort_order`, `filter_completion`",
      access: 'admin',
      query: instancesQuery,
      response: instancesShape,
      handle: ({ query }) => {
        const { page, page_size, sort_by, sort_order, filter_completion } = query;
        if (page === undefined && page_size === undefined && !sort_by && !sort_order && !filter_completion) {
          const ours = s.progress.instances(query);
          return {
            ...ours,
            instances: ours.instances.map((row) => ({ ...s.potatoDashboard.row(row.instance_id), ...row })),
            ...s.potatoDashboard.pageOf(query.offset, query.limit, ours.total),
          };
        }
        const potato = s.potatoDashboard.instances({
          page: page ?? 1,
          page_size: page_size ?? 25,
          sort_by: (sort_by ?? 'annotation_count') as InstanceSort,
          sort_order: sort_order ?? 'desc',
          filter_completion,
        });
        return {
          total: potato.pagination.total_instances,
          ...potato,
          // rows of task instances
          instances: potato.instances.map((row) => ({ ...row, ...s.progress.instanceRow(row.id)! })),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/config',
      summary: 'The effective configuration, secrets shown as "***"',
      access: 'admin',
      response: effectiveConfigShape,
      handle: () => effectiveConfig(s.config.raw as Record<string, unknown>, s.settings.get()),
    }),
    route({
      method: 'POST',
      path: '/admin/api/config',
      summary: 'Change runtime settings; they take effect at once and persist',
      access: 'admin',
      body: z.lazy(() => z.record(z.string(), z.unknown())),
      response: settingsChanged,
      async handle({ body }) {
        const changes = flatten(body);
        if (!Object.keys(changes).length)
          throw invalid(`send at least one setting: ${Object.keys(SETTING_NAMES).join(', ')}`);
        const parsed: Partial<Record<SettingName, unknown>> = {};
        for (const [name, value] of Object.entries(changes)) {
          const setting = (SETTING_ALIASES[name] ?? name) as SettingName;
          const schema = settingSchemas[setting];
          if (!schema)
            throw invalid(
              `${name}: not a setting that can be changed here (changeable: ${Object.keys(SETTING_NAMES).join(', ')})`,
            );
          const result = schema.safeParse(value);
          if (!result.success) throw invalid(`${name}: ${result.error.issues[0].message}`);
          parsed[setting] = result.data;
        }
        const cohorts = s.config.cohorts;
        // batch hands out nothing without cohorts: everyone would be left without work
        if (parsed.assignment_strategy === 'batch' && !cohorts.groups.length && cohorts.annotatorKey === null)
          throw invalid(
            'assignment_strategy: batch needs a batch_assignment section with groups or an annotator_key in the config',
          );
        await s.store.write([s.settings.updateOp(toSettings(parsed))]);
        // updated_fields: Potato's field, the names as they were sent
        return { status: 'success', updated: Object.keys(parsed), updated_fields: Object.keys(changes) };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/quality_control',
      summary: 'Attention-check and gold-standard statistics',
      access: 'admin',
      response: qualityShape,
      handle: () => s.quality.report(),
    }),
  ];
}
