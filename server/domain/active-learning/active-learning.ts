/**
 * Active learning: the embedded learner scores the unlabelled items by how unsure it is of them, and hand-outs
 * (Assignments.planFor) take the least certain first. The scoring runs in the background in slices of a few
 * milliseconds, started when the strategy is first consulted and again after every `update_frequency` new labels;
 * a hand-out only reads the last finished order. Nothing is stored: after a restart the learner re-reads the
 * annotations and the order is computed again from them (seeded by their number, so it comes out the same).
 *
 * Uncertainty is the margin between the two likeliest labels in log-odds (ln p1 − ln p2), the smallest first. For
 * two labels least confidence, margin and entropy order items alike; with more, the margin looks at the choice the
 * annotator actually has to make. It is read from the classifier's log scores because naive Bayes posteriors
 * round to 1.0 for most texts, which would tie them under any measure taken from probabilities.
 */
import type { Task } from '../task.js';
import { countingChanges, type SubmitHook } from '../annotation/submit-hooks.js';
import { hashString } from '../seeded-random.js';
import { sliceEach } from '../slices.js';
import type { ActiveLearningSettings } from './settings.js';
import { rankPositions } from './ranking.js';

/** What the ranking needs of the embedded learner (server/domain/ai/embedded.ts). */
interface UncertaintyLearner {
  whenReady(): Promise<void>;
  examples(scheme: string): { documents: number; labels: number } | undefined;
  margin(scheme: string, text: string): number | null;
}

export interface ActiveLearningDeps {
  task: Task;
  learner: UncertaintyLearner;
  annotatorCount(instanceId: string): number;
  totalAnnotations(): number;
  settings: ActiveLearningSettings;
  /** whether the project hands items out by active learning now (the strategy may change at run time) */
  active(): boolean;
  now(): string;
}

/** the least certain items ordered exactly; past them, items follow in task order until the next ranking */
const TOP = 2000;

export interface HandOutOrder {
  /** instance ids, best first; undefined until the learner has ranked (then: task order) */
  order?: readonly string[];
  /** a ranking is being computed: a hand-out that can wait should */
  pending: boolean;
}

export class ActiveLearning {
  private order: string[] | undefined;
  /** task size when the order was made: instances imported since follow it in task order */
  private orderedSize = 0;
  private sinceRanking = 0;
  private job: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private rankings = 0;
  private lastRankedAt: string | null = null;
  private rankedWith: string[] = [];
  private rankedItems = 0;

  constructor(private readonly deps: ActiveLearningDeps) {}

  /** The current hand-out order; starts a ranking if none was made yet. */
  handOutOrder(): HandOutOrder {
    if (!this.deps.active()) return { pending: false };
    if (!this.order && !this.job) this.kick();
    const { task } = this.deps;
    if (this.order && this.orderedSize < task.instances.length) {
      this.order = [...this.order, ...task.instances.slice(this.orderedSize).map((i) => i.id)];
      this.orderedSize = task.instances.length;
    }
    return { order: this.order, pending: this.job !== undefined };
  }

  /** Ranks at start when the project begins with active learning. */
  start(): void {
    if (this.deps.active()) this.kick();
  }

  stop(): Promise<void> {
    this.stopped = true;
    return this.job ?? Promise.resolve();
  }

  /**
   * Counts new labels, here or from another server process; every `update_frequency` of them (every one before the
   * first ranking) ranks again.
   */
  readonly hook: SubmitHook = countingChanges(() => this.counted());

  private counted(): void {
    if (!this.deps.active()) return;
    this.sinceRanking++;
    if (!this.order || this.sinceRanking >= this.deps.settings.updateFrequency) this.kick();
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.job) {
      this.again = true;
      return;
    }
    this.job = this.rank().finally(() => {
      this.job = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private ready(scheme: string): boolean {
    const stats = this.deps.learner.examples(scheme);
    return !!stats && stats.documents >= this.deps.settings.minInstances && stats.labels >= 2;
  }

  private async rank(): Promise<void> {
    const { task, learner, settings } = this.deps;
    await learner.whenReady();
    if (this.stopped) return;
    const schemes = settings.schemes.filter((s) => this.ready(s));
    if (!schemes.length) return;
    this.sinceRanking = 0;
    const seed = hashString(`active-learning/${this.deps.totalAnnotations()}`);
    const size = task.instances.length;
    const unlabelled: number[] = [];
    const labelled: number[] = [];
    if (
      !(await sliceEach(
        size,
        (p) => (this.deps.annotatorCount(task.instances[p].id) ? labelled : unlabelled).push(p),
        () => this.stopped,
      ))
    )
      return;
    const count = Math.min(unlabelled.length, settings.maxToReorder ?? Infinity);
    const margins = new Float64Array(count);
    const scoredOk = await sliceEach(
      count,
      (i) => {
        const text = task.instances[unlabelled[i]].text;
        let least = Infinity;
        for (const scheme of schemes) least = Math.min(least, learner.margin(scheme, text) ?? Infinity);
        margins[i] = least;
      },
      () => this.stopped,
    );
    if (!scoredOk) return;
    const positions = rankPositions({
      scored: Int32Array.from(unlabelled.slice(0, count)),
      margins,
      unlabelled: Int32Array.from(unlabelled),
      labelled: Int32Array.from(labelled),
      top: TOP,
      randomShare: settings.randomShare,
      seed,
    });
    this.order = Array.from(positions, (p) => task.instances[p].id);
    this.orderedSize = size;
    this.rankings++;
    this.lastRankedAt = this.deps.now();
    this.rankedWith = schemes;
    this.rankedItems = Math.min(count, TOP);
  }

  /** For admins (Potato's get_stats names where it has them). */
  stats() {
    const { settings } = this.deps;
    const active = this.deps.active();
    return {
      enabled: settings.enabled,
      active,
      state: !active
        ? ('off' as const)
        : this.job
          ? ('ranking' as const)
          : this.order
            ? ('ready' as const)
            : ('waiting for labels' as const),
      query_strategy: 'uncertainty' as const,
      uncertainty: 'margin' as const,
      schema_names: settings.schemes,
      labelled_examples: Object.fromEntries(
        settings.schemes.map((s) => [s, this.deps.learner.examples(s)?.documents ?? 0]),
      ),
      min_instances_for_training: settings.minInstances,
      update_frequency: settings.updateFrequency,
      max_instances_to_reorder: settings.maxToReorder,
      random_sample_percent: settings.randomShare,
      training_count: this.rankings,
      last_training_time: this.lastRankedAt,
      models_trained: this.rankedWith,
      ranked_items: this.rankedItems,
    };
  }
}
