/**
 * The corpus's clusters for diversity ordering and the embedding map, computed at the first need (the first plan
 * or map read), so a project that does not use them pays nothing; computed again when the task grows (an import)
 * or on refresh. Also the admin's priority queue from the map, put before the round-robin in every later plan; it
 * is kept in the store, so a restart (or another server process) keeps the admin's choice.
 */
import type { Store } from '../ports.js';
import type { Task } from '../task.js';
import { driveSteps, runToEnd } from '../slices.js';
import { kMeansSteps } from './kmeans.js';
import { clusterCount, roundRobin, type ClusterCount } from './round-robin.js';
import { textVectorSteps, type SparseVector } from './text-vectors.js';

export interface DiversitySettings {
  /** Potato's diversity manager is on: assignment_strategy diversity_clustering or diversity_ordering.enabled */
  enabled: boolean;
  clusters: ClusterCount;
}

export interface Clustering {
  /** the task's size when computed */
  size: number;
  ids: readonly string[];
  vectors: readonly SparseVector[];
  dimensions: number;
  assignments: Int32Array;
  k: number;
  position: ReadonlyMap<string, number>;
  computedAt: number;
}

const SEED = 42;
const PRIORITY_KEY = 'queue';

declare module '../ports.js' {
  interface Tables {
    /** the embedding map's reorder: the items every later plan takes first */
    diversity_priority: { ids: string[]; set_at: string };
  }
}

export class DiversityClusters {
  private clustering: Clustering | undefined;
  /** the computation under way between requests, and the task size it is for */
  private computing: { size: number; done: Promise<Clustering> } | undefined;

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    readonly settings: DiversitySettings,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The clusters as they stand, computed at once if the task changed size since: for callers that cannot wait.
   * A server waits for `whenReady` first, so this only reads.
   */
  current(): Clustering {
    if (this.ready()) return this.clustering!;
    // one under way between requests stops, and its waiters get this one
    this.computing = undefined;
    return this.keep(runToEnd(this.steps()));
  }

  /**
   * The clusters, computed in slices between other requests when not current (seconds on a large corpus, which
   * would otherwise hold every annotator's request): the same steps as `current`, so the same clusters.
   */
  whenReady(): Promise<Clustering> {
    if (this.ready()) return Promise.resolve(this.clustering!);
    const size = this.task.instances.length;
    if (this.computing?.size === size) return this.computing.done;
    const computing = { size, done: Promise.resolve(undefined as unknown as Clustering) };
    this.computing = computing;
    // stopped by a refresh or a larger task: the newer computation answers
    computing.done = driveSteps(this.steps(), () => this.computing !== computing).then(
      (c): Promise<Clustering> | Clustering => (c && this.computing === computing ? this.keep(c) : this.whenReady()),
    );
    const clear = () => {
      if (this.computing === computing) this.computing = undefined;
    };
    computing.done.then(clear, clear);
    return computing.done;
  }

  private keep(c: Clustering): Clustering {
    // one computed meanwhile at once (a caller that could not wait) is the same; the first kept stays
    if (this.ready()) return this.clustering!;
    this.clustering = c;
    return c;
  }

  private *steps(): Generator<void, Clustering> {
    const instances = this.task.instances;
    const ids = instances.map((i) => i.id);
    const { vectors, dimensions } = yield* textVectorSteps(instances.map((i) => i.text));
    const { assignments, k } = yield* kMeansSteps(
      vectors,
      dimensions,
      clusterCount(ids.length, this.settings.clusters),
      SEED,
    );
    return {
      size: ids.length,
      ids,
      vectors,
      dimensions,
      assignments,
      k,
      position: new Map(ids.map((id, n) => [id, n])),
      computedAt: this.clock(),
    };
  }

  /** Whether the clusters are computed and current. */
  ready(): boolean {
    return this.clustering?.size === this.task.instances.length;
  }

  /** Forgets the clusters; the next use computes them again. */
  refresh(): void {
    this.clustering = undefined;
    this.computing = undefined;
  }

  clusterOf(id: string): number | undefined {
    const c = this.current();
    const at = c.position.get(id);
    return at === undefined ? undefined : c.assignments[at];
  }

  /** The admin's selected items, first in every plan from now on (replacing an earlier one); durable on return. */
  async prioritise(ids: readonly string[]): Promise<void> {
    const value = { ids: [...ids], set_at: new Date(this.clock()).toISOString() };
    await this.store.write([{ table: 'diversity_priority', key: PRIORITY_KEY, value }]);
  }

  prioritised(): readonly string[] {
    return this.store.get('diversity_priority', PRIORITY_KEY)?.ids ?? [];
  }

  /** The task's items in the order this annotator takes them: the admin's priority first, then round-robin. */
  orderFor(username: string): string[] {
    const c = this.current();
    const first = this.prioritised().filter((id) => this.task.positionById.has(id));
    const put = new Set(first);
    const rest = c.ids.filter((id) => !put.has(id));
    return [...first, ...roundRobin(rest, (id) => c.assignments[c.position.get(id)!], c.k, username)];
  }
}
