/**
 * Potato's `diversity_ordering` and `embedding_visualization` sections. Items are clustered by their words
 * (TF-IDF, server/domain/diversity/), not by a sentence-transformer, so the keys about the model, its batches and
 * its cache are warned about; the clusters are computed once for the whole corpus at the first plan.
 */
import { z } from 'zod';
import { looseBoolean, looseNumber } from '../loose-values.js';
import type { DiversitySettings } from '../../domain/diversity/diversity-clusters.js';
import type { EmbeddingMapSettings } from '../../domain/diversity/embedding-map.js';

const positive = looseNumber.pipe(z.number().int('a whole number').min(1, 'at least 1'));

export const diversityOrderingSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    model_name: z.string().optional(),
    num_clusters: positive.optional(),
    items_per_cluster: positive.optional(),
    auto_clusters: looseBoolean.optional(),
    prefill_count: looseNumber.optional(),
    batch_size: looseNumber.optional(),
    recluster_threshold: looseNumber.optional(),
    preserve_visited: looseBoolean.optional(),
    trigger_ai_prefetch: looseBoolean.optional(),
    cache_dir: z.string().nullable().optional(),
  }),
);

export const embeddingVisualizationSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    sample_size: positive.optional(),
    include_all_annotated: looseBoolean.optional(),
    embedding_model: z.string().optional(),
    label_source: z.enum(['mace', 'majority']).optional(),
    umap: z
      .looseObject({
        n_neighbors: positive.optional(),
        min_dist: looseNumber.pipe(z.number().min(0).max(1)).optional(),
        metric: z.enum(['cosine', 'euclidean', 'manhattan', 'correlation']).optional(),
      })
      .optional(),
  }),
);

export function readDiversity(
  raw: z.output<typeof diversityOrderingSchema> | undefined,
  viz: z.output<typeof embeddingVisualizationSchema> | undefined,
  strategy: string | undefined,
  warn: (m: string) => void,
): { diversity: DiversitySettings; embeddingMap: EmbeddingMapSettings } {
  // as Potato: the strategy turns the clustering on even without diversity_ordering.enabled
  const enabled = strategy === 'diversity_clustering' || raw?.enabled === true;
  const autoClusters = raw?.auto_clusters !== false;
  const diversity: DiversitySettings = {
    enabled,
    clusters: { autoClusters, numClusters: raw?.num_clusters ?? 10, itemsPerCluster: raw?.items_per_cluster ?? 20 },
  };
  if (raw && enabled) {
    const model = raw.model_name ?? 'all-MiniLM-L6-v2';
    warn(
      `diversity_ordering: items are clustered by their words (TF-IDF), not by ${model}, which this project does not run`,
    );
    if (autoClusters && raw.num_clusters !== undefined)
      warn('diversity_ordering.num_clusters is not acted on while auto_clusters is true (items / items_per_cluster)');
    const noEffect: [string, string][] = [
      ['prefill_count', 'every item is vectorised at the first plan'],
      ['batch_size', 'there is no model to batch for'],
      [
        'recluster_threshold',
        'the corpus is clustered once (again when items are added); each list cycles through every cluster',
      ],
      ['cache_dir', 'the vectors are computed from the texts, nothing is cached on disk'],
      ['trigger_ai_prefetch', 'AI hints are asked for when an item is shown'],
    ];
    for (const [key, instead] of noEffect)
      if (raw[key] !== undefined) warn(`diversity_ordering.${key} is not acted on: ${instead}`);
    if (raw.preserve_visited === false)
      warn('diversity_ordering.preserve_visited: false is not acted on: items already in a list keep their place');
  } else if (raw && !enabled && Object.keys(raw).some((k) => k !== 'enabled'))
    warn('diversity_ordering is not acted on without enabled: true or assignment_strategy: diversity_clustering');

  const umap = viz?.umap;
  const embeddingMap: EmbeddingMapSettings = {
    enabled: enabled && viz?.enabled !== false,
    sampleSize: viz?.sample_size ?? 1000,
    includeAllAnnotated: viz?.include_all_annotated !== false,
    labelSource: viz?.label_source ?? 'mace',
  };
  if (umap && enabled)
    warn('embedding_visualization.umap is not acted on: the map is a seeded PCA projection of the TF-IDF vectors');
  if (viz?.embedding_model !== undefined)
    warn(`embedding_visualization.embedding_model is not acted on: the map is drawn from the items' TF-IDF vectors`);
  if (viz && viz.enabled !== false && !enabled)
    warn(
      'embedding_visualization needs diversity_ordering.enabled: true (or diversity_clustering); its API answers 400 until then',
    );
  return { diversity, embeddingMap };
}
