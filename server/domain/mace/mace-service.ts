/**
 * MACE over the project's answers (Potato's `mace` section): each categorical scheme's annotator competences and
 * predicted labels, estimated in the background after every `trigger_every_n` new or changed answers, at start
 * when answers exist, and on an admin's request. Runs read the answers and iterate in slices of a few
 * milliseconds, so requests are served meanwhile. Nothing is stored: the results derive from the answers and are
 * computed again after a restart, with seeds taken from the data, so they come out the same.
 */
import { hashString } from '../seeded-random.js';
import { countingChanges, type SubmitHook } from '../annotation/submit-hooks.js';
import { invalid, notFound } from '../errors.js';
import { driveSteps } from '../slices.js';
import type { Scheme } from '../task.js';
import { collectAnswers, MACE_TYPES, type AnswerSource, type SchemeAnswers } from './answers.js';
import { maceSteps, type MaceResult } from './mace.js';
import type { MaceSettings } from './settings.js';

export interface MaceDeps {
  schemes: readonly Scheme[];
  answers: AnswerSource;
  totalAnnotations(): number;
  settings: MaceSettings;
  now(): string;
}

/** One scheme's estimate. */
export interface SchemeEstimate {
  schema_name: string;
  annotation_type: string;
  labels: string[];
  annotators: string[];
  /** per annotator (same order); for multiselect the mean over its options */
  competence: number[];
  instances: string[];
  /** instance id → its place in `instances` */
  position: Map<string, number>;
  /** per instance: the label, or for multiselect the options predicted ticked */
  predicted: (string | string[])[];
  /** per instance, in nats; for multiselect the sum over its options (they are estimated independently) */
  entropy: number[];
}

export interface MaceRun {
  schemas: string[];
  /** schemes MACE applies to that were not estimated, each with why */
  skipped: Record<string, string>;
  finished_at: string;
}

export class MaceService {
  private estimates = new Map<string, SchemeEstimate>();
  private last: MaceRun | null = null;
  private sinceRun = 0;
  private job: Promise<MaceRun> | undefined;
  private queued: Promise<MaceRun> | undefined;
  private stopped = false;

  constructor(private readonly deps: MaceDeps) {}

  get enabled(): boolean {
    return this.deps.settings.enabled;
  }

  /** Estimates at start when answers are already stored. */
  start(): void {
    if (this.enabled && this.deps.totalAnnotations() > 0) void this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([this.job, this.queued]);
  }

  /** Counts changed answers, here or from another server process; every `trigger_every_n` of them starts a run. */
  readonly hook: SubmitHook = countingChanges(() => this.counted());

  private counted(): void {
    if (!this.enabled) return;
    if (++this.sinceRun >= this.deps.settings.triggerEveryN) void this.kick();
  }

  /** An admin's run: waits for it (a run under way is followed by a fresh one, which sees every answer). */
  trigger(): Promise<MaceRun> {
    if (!this.enabled)
      throw invalid('mace.enabled: MACE is not enabled in this project; set mace: {enabled: true} in its config');
    return this.kick();
  }

  /** Starts a run, or when one is under way, one after it (shared by everyone who asks meanwhile). */
  private kick(): Promise<MaceRun> {
    if (!this.job) {
      this.job = this.run().finally(() => (this.job = undefined));
      return this.job;
    }
    this.queued ??= this.job
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.kick();
      });
    return this.queued;
  }

  private async run(): Promise<MaceRun> {
    const { settings, schemes, answers } = this.deps;
    this.sinceRun = 0;
    // a run kicked by a submission's hook starts after that submission's write, so it reads the answer too
    await new Promise((resolve) => setImmediate(resolve));
    const read = await driveSteps(collectAnswers(schemes, answers, settings.minAnnotationsPerItem), () => this.stopped);
    const estimates = new Map<string, SchemeEstimate>();
    const skipped: Record<string, string> = {};
    for (const input of read ?? []) {
      const name = input.scheme.name;
      if (input.instances.length < settings.minItems) {
        const n = input.instances.length;
        skipped[name] =
          `only ${n} ${n === 1 ? 'item has' : 'items have'} answers from ${settings.minAnnotationsPerItem} or more ` +
          `annotators; mace.min_items is ${settings.minItems}`;
        continue;
      }
      const results: MaceResult[] = [];
      for (const [option, data] of input.data.entries()) {
        const seed = hashString(`mace/${name}/${option}/${data.item.length}`);
        const options = {
          restarts: settings.numRestarts,
          iterations: settings.numIters,
          seed,
          priors: { alpha: settings.alpha, beta: settings.beta },
        };
        const result = await driveSteps(maceSteps(data, options), () => this.stopped);
        if (!result) break;
        results.push(result);
      }
      if (results.length === input.data.length) estimates.set(name, estimateOf(input, results));
    }
    if (!this.stopped) this.estimates = estimates;
    const run = { schemas: [...estimates.keys()], skipped, finished_at: this.deps.now() };
    if (!this.stopped) this.last = run;
    return run;
  }

  /** Potato's overview: status, every annotator's competence (mean over schemes and per scheme), the settings. */
  overview() {
    const { settings } = this.deps;
    const competence: Record<string, { average: number; per_schema: Record<string, number> }> = {};
    for (const e of this.estimates.values()) {
      e.annotators.forEach((user, j) => {
        (competence[user] ??= { average: 0, per_schema: {} }).per_schema[e.schema_name] = e.competence[j];
      });
    }
    for (const entry of Object.values(competence)) {
      const values = Object.values(entry.per_schema);
      entry.average = values.reduce((a, b) => a + b, 0) / values.length;
    }
    return {
      enabled: settings.enabled,
      has_results: this.estimates.size > 0,
      running: this.job !== undefined,
      schemas: [...this.estimates.values()].map((e) => ({
        schema_name: e.schema_name,
        annotation_type: e.annotation_type,
        num_annotators: e.annotators.length,
        num_instances: e.instances.length,
        labels: e.labels,
      })),
      annotator_competence: competence,
      total_annotations: this.deps.totalAnnotations(),
      annotations_until_next_run: settings.enabled ? Math.max(0, settings.triggerEveryN - this.sinceRun) : null,
      last_run: this.last,
      config: {
        trigger_every_n: settings.triggerEveryN,
        min_annotations_per_item: settings.minAnnotationsPerItem,
        min_items: settings.minItems,
        num_restarts: settings.numRestarts,
        num_iters: settings.numIters,
        alpha: settings.alpha,
        beta: settings.beta,
      },
    };
  }

  /** One scheme's predicted labels and entropies, all items or one. */
  /** Each estimated scheme's predicted label for one item (Potato's `mace_predictions` of an adjudication item). */
  predictedFor(instanceId: string): Record<string, string | string[]> {
    const labels: Record<string, string | string[]> = {};
    for (const e of this.estimates.values()) {
      const i = e.position.get(instanceId);
      if (i !== undefined) labels[e.schema_name] = e.predicted[i];
    }
    return labels;
  }

  predictions(schemeName: string, instanceId?: string) {
    const estimate = this.estimates.get(schemeName);
    if (!estimate) {
      const scheme = this.deps.schemes.find((s) => s.name === schemeName);
      if (!scheme) throw notFound(`schema: no scheme is named "${schemeName}"`);
      if (!MACE_TYPES.has(scheme.annotation_type))
        throw invalid(
          `schema: "${schemeName}" is a ${scheme.annotation_type} scheme; MACE estimates radio, likert, select and multiselect schemes`,
        );
      throw notFound(
        `schema: no MACE results for "${schemeName}" yet: ` +
          (this.last?.skipped[schemeName] ?? (this.enabled ? 'none has run' : 'MACE is not enabled in this project')),
      );
    }
    if (instanceId !== undefined) {
      const i = estimate.position.get(instanceId);
      if (i === undefined)
        throw notFound(
          `instance_id: "${instanceId}" has no MACE estimate for "${schemeName}" (not an item, or fewer than ${this.deps.settings.minAnnotationsPerItem} annotators answered it)`,
        );
      return {
        schema: schemeName,
        instance_id: instanceId,
        predicted_label: estimate.predicted[i],
        entropy: estimate.entropy[i],
      };
    }
    return {
      schema: schemeName,
      predicted_labels: Object.fromEntries(estimate.instances.map((id, i) => [id, estimate.predicted[i]])),
      label_entropy: Object.fromEntries(estimate.instances.map((id, i) => [id, estimate.entropy[i]])),
    };
  }
}

function estimateOf(input: SchemeAnswers, results: MaceResult[]): SchemeEstimate {
  const { scheme, labels, annotators, instances, multi } = input;
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return {
    schema_name: scheme.name,
    annotation_type: scheme.annotation_type,
    labels,
    annotators,
    competence: annotators.map((_, j) => round(mean(results.map((r) => r.competence[j])))),
    instances,
    position: new Map(instances.map((id, i) => [id, i])),
    predicted: instances.map((_, i) =>
      multi ? labels.filter((_, option) => results[option].predicted[i] === 1) : labels[results[0].predicted[i]],
    ),
    entropy: instances.map((_, i) => round(results.reduce((sum, r) => sum + r.entropy[i], 0))),
  };
}
