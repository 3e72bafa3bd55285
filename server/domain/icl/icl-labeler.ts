/**
 * Potato's ICL labelling: the annotators' agreed items become a model's in-context examples, the model labels items
 * nobody has answered yet (an admin's trigger, in batches under the limits), and a share of its labels is set aside
 * for blind verification: the annotator who answers such an item is never shown the model's label, and their answer
 * is compared with it through the submit hook. Labels are kept one per (scheme, item) in the store; examples and
 * accuracy are derived on each read, so they are never stale and a restart loses nothing.
 */
import { conflict, invalid, notFound, unavailable } from '../errors.js';
import type { Clock, Store, StoreOp } from '../ports.js';
import type { Scheme, Task } from '../task.js';
import type { SubmitContext, SubmitHook } from '../annotation/submit-hooks.js';
import { parseReply, type LlmClient } from '../ai/llm.js';
import { chosenOf, suggestTarget } from '../ai/provider.js';
import { humanLabels, selectExamples, type AnswerReader, type IclExample } from './icl-examples.js';
import { iclPrompt } from './icl-prompt.js';
import {
  accuracyOf,
  capacity,
  newPrediction,
  pickForVerification,
  statusOf,
  verifiedBy,
  type IclAccuracy,
  type IclPrediction,
  type VerificationStatus,
} from './icl-predictions.js';
import type { IclSettings } from './icl-settings.js';

/** Verified labels needed before a low accuracy pauses labelling: below it one wrong label would stop it. */
const MIN_VERIFIED_FOR_PAUSE = 5;

interface IclRun {
  schema_name: string;
  at: string;
  labelled: number;
}

declare module '../ports.js' {
  interface Tables {
    /** `<scheme>\u0001<instance id>` → the model's label of the item */
    icl_predictions: IclPrediction;
    /** scheme → its last batch */
    icl_runs: IclRun;
  }
}

export interface IclDeps {
  store: Store;
  task: Task;
  clock: Clock;
  settings: IclSettings;
  answers: AnswerReader;
  /** the configured model; undefined when settings.modelMissing says why there is none */
  client: LlmClient | undefined;
  taskName: () => string;
}

const OFF =
  'ICL labelling is not enabled in this project: the project owner turns it on with icl_labeling: {enabled: true}';
const key = (schema: string, instanceId: string) => `${schema}\u0001${instanceId}`;

export class IclLabeler implements SubmitHook {
  private readonly running = new Set<string>();

  constructor(private readonly d: IclDeps) {}

  get enabled() {
    return this.d.settings.enabled;
  }

  /** The single-choice schemes the model may label; a turn-level one has no suggest target, so it is never one. */
  schemes(): Scheme[] {
    return this.d.task.schemes.filter((s) => {
      const t = suggestTarget(s);
      return t?.kind === 'labels' && !t.multi;
    });
  }

  /** A scheme by name for a read or a trigger: 404 when there is none, 400 when it is not single-choice. */
  scheme(name: string, field: string): Scheme {
    const scheme = this.d.task.schemes.find((s) => s.name === name);
    if (!scheme) throw notFound(`${field}: no annotation scheme is named "${name}"`);
    if (scheme.turn_level)
      throw invalid(
        `${field}: "${name}" is asked per turn (turn_level); ICL labelling gives one label per item, so it labels whole-item schemes`,
      );
    if (!this.schemes().includes(scheme))
      throw invalid(
        `${field}: "${name}" is a ${scheme.annotation_type} scheme; ICL labelling labels single-choice schemes (radio, select, likert)`,
      );
    return scheme;
  }

  private humanLabels(scheme: Scheme, id: string): string[] {
    return humanLabels(this.d.answers, scheme, id);
  }

  examples(scheme: Scheme): IclExample[] {
    const items = this.d.task.instances.map((i) => ({
      instance_id: i.id,
      text: i.text,
      labels: this.humanLabels(scheme, i.id),
    }));
    return selectExamples(items, this.d.settings.examples);
  }

  /** Every kept label, in task order; of one scheme, or of one verification status, when asked. */
  predictions(schema?: string, status?: VerificationStatus): IclPrediction[] {
    const position = (id: string) => this.d.task.positionById.get(id) ?? Infinity;
    return [...this.d.store.entries('icl_predictions')]
      .map(([, p]) => p)
      .filter((p) => (schema === undefined || p.schema_name === schema) && (!status || statusOf(p) === status))
      .sort((a, b) => position(a.instance_id) - position(b.instance_id) || a.schema_name.localeCompare(b.schema_name));
  }

  readonly statusOf = statusOf;

  accuracy(schema?: string): IclAccuracy {
    return accuracyOf(this.predictions(schema));
  }

  /** Why labelling of the scheme is paused, or null: too low an accuracy over enough verified labels. */
  pauseReason(schema?: string): string | null {
    const l = this.d.settings.labeling;
    if (!l.pauseOnLowAccuracy) return null;
    const a = this.accuracy(schema);
    if (a.total_verified < MIN_VERIFIED_FOR_PAUSE || a.accuracy === null || a.accuracy >= l.minAccuracy) return null;
    return `the model's verified accuracy ${a.accuracy} is below llm_labeling.min_accuracy_threshold ${l.minAccuracy} (${a.total_verified} labels verified)`;
  }

  status() {
    const s = this.d.settings;
    const byScheme = Object.fromEntries(
      this.schemes().map((sc) => [sc.name, this.enabled ? this.examples(sc).length : 0]),
    );
    const all = this.predictions();
    const runs = [...this.d.store.entries('icl_runs')].map(([, r]) => r.at).sort();
    const remaining = this.schemes().reduce(
      (n, sc) => n + capacity({ ...s.labeling, batchSize: Infinity }, this.counts(sc).counts),
      0,
    );
    const pause = this.pauseReason();
    return {
      enabled: this.enabled,
      model: this.d.client ? `${this.d.client.name}/${this.d.client.model}` : null,
      model_missing: this.d.client ? null : s.modelMissing,
      schemas: this.schemes().map((sc) => sc.name),
      total_examples: Object.values(byScheme).reduce((a, b) => a + b, 0),
      examples_by_schema: byScheme,
      total_predictions: all.length,
      labeled_instances: new Set(all.map((p) => p.instance_id)).size,
      verification_queue_size: all.filter((p) => statusOf(p) === 'pending').length,
      accuracy_metrics: accuracyOf(all),
      labeling_paused: pause !== null,
      pause_reason: pause ?? '',
      last_batch_run: runs.at(-1) ?? null,
      remaining_label_capacity: this.enabled ? remaining : 0,
      trigger_threshold: s.labeling.triggerThreshold,
      max_total_labels: s.labeling.maxTotal,
      max_unlabeled_ratio: s.labeling.maxUnlabeledRatio,
      min_accuracy_threshold: s.labeling.minAccuracy,
    };
  }

  /** The scheme's labels, the items nobody has answered for it, and the counts the limits read. */
  private counts(scheme: Scheme) {
    const done = this.predictions(scheme.name);
    const open = this.d.task.instances.filter((i) => this.humanLabels(scheme, i.id).length === 0);
    const openIds = new Set(open.map((i) => i.id));
    const predictedUnlabelled = done.filter((p) => openIds.has(p.instance_id)).length;
    return { done, open, counts: { predicted: done.length, unlabelled: open.length, predictedUnlabelled } };
  }

  /**
   * Labels the next batch of the scheme's unanswered items. Waiting for examples or paused is an answer, not an
   * error; no model is a 503 naming ai_support. A model failure stops the batch: the labels made before it are
   * kept whole, and when there are none the failure is the answer (502/504), with nothing stored.
   */
  async trigger(schemaName: string) {
    this.on();
    const scheme = this.scheme(schemaName, 'schema_name');
    const base = { schema_name: scheme.name, predictions_count: 0, predictions: [] as IclPrediction[] };
    const pause = this.pauseReason(scheme.name);
    if (pause) return { ...base, message: `labelling is paused: ${pause}` };
    const examples = this.examples(scheme);
    const threshold = this.d.settings.labeling.triggerThreshold;
    if (examples.length < threshold)
      return {
        ...base,
        message: `waiting for examples: ${scheme.name} has ${examples.length} of the ${threshold} agreed items (llm_labeling.trigger_threshold) the model needs before it labels anything`,
      };
    const client = this.d.client;
    if (!client) throw unavailable(`ICL labelling needs a model: ${this.d.settings.modelMissing}`);
    if (this.running.has(scheme.name)) throw conflict(`schema_name: a batch for ${scheme.name} is already running`);
    this.running.add(scheme.name);
    try {
      const { done, open, counts } = this.counts(scheme);
      const labelled = new Set(done.map((p) => p.instance_id));
      const room = capacity(this.d.settings.labeling, counts);
      const batch = open.filter((i) => !labelled.has(i.id)).slice(0, room);
      if (!batch.length)
        return {
          ...base,
          message: `nothing to label: ${scheme.name} has no unanswered item the limits leave room for`,
        };
      const made: IclPrediction[] = [];
      let failure: Error | undefined;
      for (const instance of batch) {
        try {
          const reply = await client.complete(iclPrompt(instance, scheme, this.d.taskName(), examples));
          const s = parseReply(reply, scheme, instance.text, client.name);
          const label = {
            instance_id: instance.id,
            schema_name: scheme.name,
            predicted_label: s.label!,
            confidence: s.confidence,
            reasoning: s.rationale,
            model_name: client.model,
            examples_used: examples.map((e) => e.instance_id),
          };
          const at = new Date(this.d.clock.now()).toISOString();
          made.push(newPrediction(label, this.d.settings.labeling.confidenceThreshold, at));
        } catch (e) {
          failure = e as Error;
          break;
        }
      }
      if (!made.length) throw failure!;
      const v = this.d.settings.verification;
      const chosen = v.enabled
        ? pickForVerification(
            made.map((p) => p.confidence),
            v.sampleRate,
            v.strategy,
            done.length + 1,
          )
        : new Set<number>();
      const kept = made.map((p, i) => ({ ...p, selected_for_verification: chosen.has(i) }));
      const at = new Date(this.d.clock.now()).toISOString();
      await this.d.store.write([
        ...kept.map((p) => ({ table: 'icl_predictions' as const, key: key(p.schema_name, p.instance_id), value: p })),
        { table: 'icl_runs', key: scheme.name, value: { schema_name: scheme.name, at, labelled: kept.length } },
      ]);
      return {
        ...base,
        message: `labelled ${kept.length} of ${batch.length} items of ${scheme.name}${failure ? `; the batch stopped: ${failure.message}` : ''}`,
        predictions_count: kept.length,
        predictions: kept,
        ...(failure ? { error: failure.message } : {}),
      };
    } finally {
      this.running.delete(scheme.name);
    }
  }

  /** An explicit verification (Potato's record_verification): a human's label for a model-labelled item. */
  async recordVerification(username: string, instanceId: string, schemaName: string, humanLabel: string) {
    this.on();
    const scheme = this.scheme(schemaName, 'schema_name');
    const prediction = this.d.store.get('icl_predictions', key(scheme.name, instanceId));
    if (!prediction) throw notFound(`instance_id: the model has not labelled "${instanceId}" for ${scheme.name}`);
    if (!scheme.labels.some((l) => l.name === humanLabel))
      throw invalid(
        `human_label: "${humanLabel}" is not a label of ${scheme.name} (${scheme.labels.map((l) => l.name).join(', ')})`,
      );
    const value = this.verified(prediction, username, humanLabel);
    await this.d.store.write([{ table: 'icl_predictions', key: key(scheme.name, instanceId), value }]);
    return { success: true as const, prediction: value, status: statusOf(value) };
  }

  private verified(p: IclPrediction, by: string, humanLabel: string): IclPrediction {
    return verifiedBy(p, by, humanLabel, new Date(this.d.clock.now()).toISOString());
  }

  /**
   * A human's saved answer on a model-labelled item verifies the label, in the same write: the first annotator's
   * answer, or a change of it by that annotator. Later annotators' answers do not replace it.
   */
  after(ctx: SubmitContext): { ops?: StoreOp[] } | undefined {
    if (!this.enabled || !ctx.changed) return undefined;
    const ops: StoreOp[] = [];
    for (const scheme of this.schemes()) {
      const k = key(scheme.name, ctx.instance.id);
      const p = this.d.store.get('icl_predictions', k);
      if (!p || (p.verification && p.verification.by !== ctx.username)) continue;
      const label = chosenOf(suggestTarget(scheme)!, ctx.after.labels[scheme.name])[0];
      if (label === undefined || label === p.verification?.human_label) continue;
      ops.push({ table: 'icl_predictions', key: k, value: this.verified(p, ctx.username, label) });
    }
    return ops.length ? { ops } : undefined;
  }

  private on() {
    if (!this.enabled) throw unavailable(OFF);
  }
}
