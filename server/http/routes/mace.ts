/**
 * MACE under Potato's paths and field names (docs/potato-dialect.md): annotator competence, predicted labels and
 * their entropy per categorical scheme, and a run on request. Admin only, as our other admin endpoints.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';

const run = z.object({
  schemas: z.array(z.string()).describe('schemes estimated'),
  skipped: z.record(z.string(), z.string()).describe('scheme → why it was not estimated (too few items answered)'),
  finished_at: z.string(),
});

const overview = z.lazy(() =>
  z.object({
    enabled: z.boolean(),
    has_results: z.boolean(),
    running: z.boolean().describe('a run is under way'),
    schemas: z.array(
      z.object({
        schema_name: z.string(),
        annotation_type: z.string(),
        num_annotators: z.number().int(),
        num_instances: z.number().int().describe('items estimated: answered by min_annotations_per_item or more'),
        labels: z.array(z.string()),
      }),
    ),
    annotator_competence: z
      .record(z.string(), z.object({ average: z.number(), per_schema: z.record(z.string(), z.number()) }))
      .describe('annotator → the probability (0–1) that they answer what they know rather than guess'),
    total_annotations: z.number().int(),
    annotations_until_next_run: z.number().int().nullable().describe('null when MACE is not enabled'),
    last_run: run.nullable(),
    config: z.object({
      trigger_every_n: z.number().int(),
      min_annotations_per_item: z.number().int(),
      min_items: z.number().int(),
      num_restarts: z.number().int(),
      num_iters: z.number().int(),
      alpha: z.number(),
      beta: z.number(),
    }),
  }),
);

/** a label, or for multiselect the options predicted ticked */
const predicted = z.lazy(() => z.union([z.string(), z.array(z.string())]));

const predictions = z.lazy(() =>
  z.union([
    z.object({
      schema: z.string(),
      predicted_labels: z.record(z.string(), predicted).describe('instance id → predicted label'),
      label_entropy: z.record(z.string(), z.number()).describe('instance id → entropy of its label, in nats'),
    }),
    z.object({ schema: z.string(), instance_id: z.string(), predicted_label: predicted, entropy: z.number() }),
  ]),
);

export function maceRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/api/mace/overview',
      summary: 'MACE: whether it ran, each annotator’s competence (average and per scheme), the schemes and settings',
      access: 'admin',
      response: overview,
      handle: () => s.mace.overview(),
    }),
    route({
      method: 'GET',
      path: '/admin/api/mace/predictions',
      summary:
        'MACE: a scheme’s predicted label and its entropy for every estimated item, or for one (404 when none yet)',
      access: 'admin',
      query: z.lazy(() => z.object({ schema: z.string().min(1), instance_id: z.string().min(1).optional() })),
      response: predictions,
      handle: ({ query }) => s.mace.predictions(query.schema, query.instance_id),
    }),
    route({
      method: 'POST',
      path: '/admin/api/mace/trigger',
      summary: 'MACE: runs now over every answer and answers when done (400 when mace is not enabled)',
      access: 'admin',
      response: run.extend({ status: z.literal('success'), schemas_processed: z.number().int() }),
      async handle() {
        const done = await s.mace.trigger();
        return { status: 'success' as const, schemas_processed: done.schemas.length, ...done };
      },
    }),
  ];
}
