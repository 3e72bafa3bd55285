/**
 * Potato's embedding map API under its paths and field names (`/admin/api/embedding_viz/…`): the map's points
 * with their cluster and label, its stats, a refresh, and the reorder that puts selected items first in the
 * diversity strategy's plans. Admin only. The positions come from the items' TF-IDF vectors (docs/diversity.md).
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { invalid } from '../../domain/errors.js';
import { majorityAnswer } from '../../domain/adjudication/item-agreement.js';
import { priorityQueue } from '../../domain/diversity/round-robin.js';
import { route, type RouteSpec } from '../route.js';

const PREVIEW = 200;

const config = z.object({
  sample_size: z.number().int(),
  include_all_annotated: z.boolean(),
  label_source: z.enum(['mace', 'majority']),
  projection: z.literal('pca').describe('how points are placed: PCA of TF-IDF vectors (Potato: UMAP of embeddings)'),
});

const stats = z.lazy(() =>
  z.object({
    enabled: z.boolean(),
    error: z.string().optional(),
    umap_available: z.boolean().describe('a projection can be computed (here by PCA, always)'),
    numpy_available: z.boolean().describe("Potato's field; always true here"),
    embeddings_available: z.boolean().describe('item vectors are computed'),
    embedding_count: z.number().int(),
    cluster_count: z.number().int(),
    cache_valid: z.boolean().describe('a projection of the current vectors is kept'),
    config,
  }),
);

const point = z.object({
  instance_id: z.string(),
  x: z.number(),
  y: z.number(),
  cluster: z.number().int(),
  label: z.string().nullable().describe('the item’s label by label_source; null when unannotated'),
  label_source: z.enum(['mace', 'majority']).nullable(),
  preview: z.string().describe('the start of the item’s text, as text'),
  preview_type: z.literal('text'),
  annotated: z.boolean(),
  annotation_count: z.number().int(),
});

const data = z.lazy(() =>
  z.object({
    points: z.array(point),
    labels: z.array(z.string().nullable()),
    stats: z.object({
      total_instances: z.number().int(),
      visualized_instances: z.number().int(),
      annotated_instances: z.number().int(),
      unannotated_instances: z.number().int(),
    }),
  }),
);

const reorderBody = z.lazy(() =>
  z.object({
    selections: z
      .array(
        z.object({
          instance_ids: z.array(z.string().min(1).max(256)).max(100_000),
          priority: z.number().int().default(1),
        }),
      )
      .max(1000),
    interleave: z.boolean().default(true),
  }),
);

export function embeddingVizRoutes(s: Services): RouteSpec[] {
  const map = s.embeddingMap;
  const on = () => {
    if (!map.settings.enabled)
      throw invalid(
        'Embedding visualization not available: diversity ordering is not enabled (diversity_ordering.enabled: true or assignment_strategy: diversity_clustering)',
      );
  };
  const schemes = s.config.task.schemes;
  const labelOf = (id: string): { label: string | null; source: 'mace' | 'majority' | null } => {
    if (map.settings.labelSource === 'mace') {
      const predicted = Object.values(s.mace.predictedFor(id))[0];
      if (predicted !== undefined) return { label: String(predicted), source: 'mace' };
    }
    const names = [...s.annotations.annotatorsOf(id)].sort();
    if (!names.length) return { label: null, source: null };
    const majority = majorityAnswer(s.config.task, names.map((u) => s.annotations.get(u, id)!).filter(Boolean));
    for (const scheme of schemes) {
      const answer = majority.labels[scheme.name];
      if (answer) return { label: Object.keys(answer).join(', '), source: 'majority' };
    }
    return { label: null, source: null };
  };
  const configOut = () => ({
    sample_size: map.settings.sampleSize,
    include_all_annotated: map.settings.includeAllAnnotated,
    label_source: map.settings.labelSource,
    projection: 'pca' as const,
  });
  return [
    route({
      method: 'GET',
      path: '/admin/api/embedding_viz/stats',
      summary: 'The embedding map: whether it is on, how many items have vectors, whether a projection is kept',
      access: 'admin',
      response: stats,
      handle() {
        const enabled = map.settings.enabled;
        const ready = enabled && s.diversity.ready();
        return {
          enabled,
          ...(enabled ? {} : { error: 'diversity ordering is not enabled' }),
          umap_available: enabled,
          numpy_available: true,
          embeddings_available: ready,
          embedding_count: ready ? s.diversity.current().ids.length : 0,
          cluster_count: ready ? s.diversity.current().k : 0,
          cache_valid: enabled && map.cacheValid(),
          config: configOut(),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/embedding_viz/data',
      summary: 'The embedding map’s points: 2D position, cluster, label and a text preview of each sampled item',
      access: 'admin',
      query: z.lazy(() => z.object({ force_refresh: z.enum(['true', 'false']).optional() })),
      response: data,
      async handle({ query }) {
        on();
        if (query.force_refresh === 'true') map.refresh();
        // computed between requests, not on this one's turn
        await s.diversity.whenReady();
        const points = map.points().map((p) => {
          const { label, source } = labelOf(p.instance_id);
          const text = s.config.task.instanceById.get(p.instance_id)?.text ?? '';
          return {
            ...p,
            label,
            label_source: source,
            preview: text.slice(0, PREVIEW),
            preview_type: 'text' as const,
            annotated: p.annotation_count > 0,
          };
        });
        const annotated = points.filter((p) => p.annotated).length;
        return {
          points,
          labels: [...new Set(points.map((p) => p.label))],
          stats: {
            total_instances: s.config.task.instances.length,
            visualized_instances: points.length,
            annotated_instances: annotated,
            unannotated_instances: points.length - annotated,
          },
        };
      },
    }),
    route({
      method: 'POST',
      path: '/admin/api/embedding_viz/reorder',
      summary:
        'Puts the selected items first in every later diversity plan (new lists, and lists growing under an overlap limit), interleaved by priority unless interleave is false',
      access: 'admin',
      body: reorderBody,
      response: z.object({
        success: z.boolean(),
        reordered_count: z.number().int(),
        new_order_preview: z.array(z.string()),
      }),
      async handle({ body }) {
        on();
        const order = priorityQueue(body.selections, body.interleave);
        const unknown = order.find((id) => !s.config.task.positionById.has(id));
        if (unknown !== undefined) throw invalid(`selections: no instance "${unknown}"`);
        await s.diversity.prioritise(order);
        return { success: true, reordered_count: order.length, new_order_preview: order.slice(0, 20) };
      },
    }),
    route({
      method: 'POST',
      path: '/admin/api/embedding_viz/refresh',
      summary: 'Computes the item vectors, clusters and projection again',
      access: 'admin',
      body: z.lazy(() => z.object({ force_recompute: z.boolean().optional() }).loose()),
      response: z.object({ success: z.boolean(), embedding_count: z.number().int(), cluster_count: z.number().int() }),
      async handle() {
        on();
        map.refresh();
        const c = await s.diversity.whenReady();
        return { success: true, embedding_count: c.ids.length, cluster_count: c.k };
      },
    }),
  ];
}
