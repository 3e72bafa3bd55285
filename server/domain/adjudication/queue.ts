/**
 * The adjudication queue: which items several annotators answered (those who disagree, or all of them), their
 * agreement and status, in the order an adjudicator works through them. Derived from the annotations on each
 * read, so it never goes stale.
 */
import { invalid, notFound } from '../errors.js';
import type { EventOutbox } from '../events.js';
import type { Clock, Store } from '../ports.js';
import type { Instance, Task } from '../task.js';
import type { AnnotationRecord } from '../annotation/records.js';
import { answerByScheme, spanPayload } from '../annotation/payloads.js';
import { itemAgreement, overallAgreement } from './item-agreement.js';
import type { AdjudicationSettings } from './records.js';

export type ItemStatus = 'pending' | 'completed' | 'skipped';

export interface QueueFilter {
  status?: ItemStatus;
  /** only items where this scheme could be compared */
  schema?: string;
  /**
   * disagreements: below the agreement threshold (the default unless show_all_items); all: every item with enough
   * annotators
   */
  scope?: 'disagreements' | 'all';
  /** only items whose agreement (on `schema` when given, else overall) is at most this */
  max_agreement?: number;
}

/** Each annotator's time on an item and the changes of their answer (the history feature's rows). */
interface TimeSource {
  get(username: string, instanceId: string): { ms: number; visits: number; changes: readonly unknown[] } | undefined;
  rows(): Iterable<{ username: string; ms: number }>;
}

/** What the annotation service offers adjudication. */
interface AnnotationSource {
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  annotatorCount(instanceId: string): number;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
}

export interface AdjudicationDeps {
  store: Store;
  task: Task;
  annotations: AnnotationSource;
  times: TimeSource;
  outbox: EventOutbox;
  clock: Clock;
  settings: AdjudicationSettings;
  isAdmin(username: string): boolean;
  /** annotators each instance is handed out to (require_fully_annotated) */
  handOut(): number;
}

/** An item in the queue with its annotators' records, adjudicators left out, by name. */
export interface Candidate {
  instance: Instance;
  records: AnnotationRecord[];
  scores: Record<string, number>;
  overall: number;
  status: ItemStatus;
}

const letters = (n: number) =>
  n < 26 ? String.fromCharCode(65 + n) : `${String.fromCharCode(65 + (n % 26))}${Math.floor(n / 26)}`;

export class AdjudicationQueue {
  readonly adjudicators: ReadonlySet<string>;

  constructor(private readonly deps: AdjudicationDeps) {
    this.adjudicators = new Set(deps.settings.adjudicators);
  }

  /** The item's annotators who are not adjudicators, by name. */
  annotatorNames(instanceId: string): string[] {
    return [...this.deps.annotations.annotatorsOf(instanceId)].filter((n) => !this.adjudicators.has(n)).sort();
  }

  private status(instanceId: string): ItemStatus {
    if (this.deps.store.get('adjudications', instanceId)) return 'completed';
    return this.deps.store.get('adjudication_skips', instanceId) ? 'skipped' : 'pending';
  }

  /** Undefined for an item with too few annotators to adjudicate. */
  candidate(instance: Instance): Candidate | undefined {
    const { annotations, settings } = this.deps;
    if (annotations.annotatorCount(instance.id) < settings.minAnnotations) return undefined;
    const names = this.annotatorNames(instance.id);
    if (names.length < settings.minAnnotations) return undefined;
    if (settings.requireFullyAnnotated && Number.isFinite(this.deps.handOut()) && names.length < this.deps.handOut())
      return undefined;
    const records = names
      .map((n) => annotations.get(n, instance.id))
      .filter((r): r is AnnotationRecord => r !== undefined);
    const scores = itemAgreement(this.deps.task, records);
    return { instance, records, scores, overall: overallAgreement(scores), status: this.status(instance.id) };
  }

  private inScope(c: Candidate, scope: 'disagreements' | 'all'): boolean {
    return scope === 'all' || c.status === 'completed' || c.overall < this.deps.settings.agreementThreshold;
  }

  private defaultScope(): 'disagreements' | 'all' {
    return this.deps.settings.showAllItems ? 'all' : 'disagreements';
  }

  /** The items the filter keeps: pending first, then skipped, then completed, the least agreed first within each. */
  candidates(filter: QueueFilter): Candidate[] {
    if (filter.schema !== undefined && !this.deps.task.schemeByName.has(filter.schema))
      throw invalid(`schema: no scheme named "${filter.schema}"`);
    const scope = filter.scope ?? this.defaultScope();
    const out: Candidate[] = [];
    for (const instance of this.deps.task.instances.slice()) {
      const c = this.candidate(instance);
      if (!c || !this.inScope(c, scope)) continue;
      if (filter.status && c.status !== filter.status) continue;
      if (filter.schema !== undefined && c.scores[filter.schema] === undefined) continue;
      if (
        filter.max_agreement !== undefined &&
        (filter.schema !== undefined ? c.scores[filter.schema] : c.overall) > filter.max_agreement
      )
        continue;
      out.push(c);
    }
    const rank = { pending: 0, skipped: 1, completed: 2 };
    // a stable sort: equal items stay in task order
    return out.sort((a, b) => rank[a.status] - rank[b.status] || a.overall - b.overall);
  }

  /** The item if it can be adjudicated, else a 404 saying why not. */
  eligible(instanceId: string): Candidate {
    const instance = this.deps.task.instanceById.get(instanceId);
    const c = instance && this.deps.task.positionById.has(instanceId) ? this.candidate(instance) : undefined;
    if (!c)
      throw notFound(
        `instance "${instanceId}" is not in the adjudication queue: it needs answers from ${this.deps.settings.minAnnotations} annotators`,
      );
    return c;
  }

  /** An item as Potato's adjudication pages read it, with each answer as exports show it besides. */
  itemView(c: Candidate) {
    const { task, settings } = this.deps;
    const nameOf = new Map(
      c.records.map((r, i) => [r.username, settings.showAnnotatorNames ? r.username : `Annotator ${letters(i)}`]),
    );
    const annotations: Record<string, Record<string, Record<string, string>>> = {};
    const answers: Record<string, Record<string, unknown>> = {};
    const spans: Record<string, ReturnType<typeof spanPayload>> = {};
    const behavioral: Record<string, { total_time_ms: number; visits: number }> = {};
    for (const r of c.records) {
      const name = nameOf.get(r.username)!;
      annotations[name] = r.labels;
      answers[name] = answerByScheme(task, r);
      if (r.spans.length) spans[name] = spanPayload(r);
      // the item's times at hand, as Potato carries its behavioural data: only for annotators who have some
      const time = this.deps.times.get(r.username, c.instance.id);
      if (time) behavioral[name] = { total_time_ms: time.ms, visits: time.visits };
    }
    const decision = this.deps.store.get('adjudications', c.instance.id);
    return {
      instance_id: c.instance.id,
      annotations,
      answers,
      span_annotations: spans,
      behavioral_data: behavioral,
      agreement_scores: c.scores,
      overall_agreement: c.overall,
      num_annotators: c.records.length,
      annotators: c.records.map((r) => nameOf.get(r.username)!),
      status: c.status,
      assigned_adjudicator: decision?.adjudicator ?? null,
    };
  }
}
