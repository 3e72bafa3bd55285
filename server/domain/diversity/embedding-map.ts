/**
 * Potato's embedding map, offline: a sample of the items (every annotated one with include_all_annotated, then a
 * seeded draw of the rest up to sample_size) placed in 2D from their TF-IDF vectors, each with its cluster and
 * label. The projection is kept until the clusters or the sample change, or a refresh.
 */
import { hashString, seededRandom } from '../seeded-random.js';
import type { DiversityClusters } from './diversity-clusters.js';
import { project2d } from './projection.js';

export interface EmbeddingMapSettings {
  enabled: boolean;
  sampleSize: number;
  includeAllAnnotated: boolean;
  labelSource: 'mace' | 'majority';
}

export interface MapPoint {
  instance_id: string;
  x: number;
  y: number;
  cluster: number;
  annotation_count: number;
}

export class EmbeddingMap {
  private cached: { key: string; points: MapPoint[] } | undefined;

  constructor(
    private readonly clusters: DiversityClusters,
    readonly settings: EmbeddingMapSettings,
    private readonly annotationCount: (id: string) => number,
  ) {}

  /** Whether a projection is computed for the current clusters. */
  cacheValid(): boolean {
    return (
      !!this.cached && this.clusters.ready() && this.cached.key.startsWith(`${this.clusters.current().computedAt}:`)
    );
  }

  refresh(): void {
    this.cached = undefined;
    this.clusters.refresh();
  }

  points(): MapPoint[] {
    const c = this.clusters.current();
    const sample = this.sample(c.ids);
    const key = `${c.computedAt}:${hashString(sample.join('\n'))}`;
    if (this.cached?.key === key)
      return this.cached.points.map((p) => ({ ...p, annotation_count: this.annotationCount(p.instance_id) }));
    const at = sample.map((id) => c.position.get(id)!);
    const xy = project2d(
      at.map((i) => c.vectors[i]),
      c.dimensions,
    );
    const points = sample.map((id, n) => ({
      instance_id: id,
      x: xy[n][0],
      y: xy[n][1],
      cluster: c.assignments[at[n]],
      annotation_count: this.annotationCount(id),
    }));
    this.cached = { key, points };
    return points;
  }

  private sample(ids: readonly string[]): string[] {
    const size = this.settings.sampleSize;
    if (ids.length <= size) return ids.slice();
    const annotated = this.settings.includeAllAnnotated ? ids.filter((id) => this.annotationCount(id) > 0) : [];
    const taken = new Set(annotated);
    const rest = ids.filter((id) => !taken.has(id));
    const random = seededRandom(42);
    // a partial Fisher–Yates: the first (size - annotated) of a seeded shuffle
    const want = Math.max(0, size - annotated.length);
    for (let i = 0; i < Math.min(want, rest.length); i++) {
      const j = i + Math.floor(random() * (rest.length - i));
      [rest[i], rest[j]] = [rest[j], rest[i]];
    }
    const chosen = new Set([...annotated, ...rest.slice(0, want)]);
    return ids.filter((id) => chosen.has(id));
  }
}
