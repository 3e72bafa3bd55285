/**
 * Adjudication: items several annotators answered (those who disagree, or all of them) are settled by an
 * adjudicator into one gold answer, stored with who decided and why. Items without a decision have a majority
 * gold answer with its vote share. The queue is derived from the annotations on each read, so it never goes stale.
 */
import { forbidden, invalid, notFound } from '../errors.js';
import type { DomainEvent, EventOutbox } from '../events.js';
import type { Clock, Store, StoreOp } from '../ports.js';
import { isoTime } from '../ports.js';
import type { Instance, Task } from '../task.js';
import type { AnnotationRecord, SpanRecord } from '../annotation/records.js';
import { answerByScheme, spanPayload } from '../annotation/payloads.js';
import { validateLabels, validateSpans } from '../annotation/validate.js';
import { schemeTypeOf } from '../schemes/registry.js';
import { AnswerError } from '../schemes/module.js';
import { answerKey, comparableSchemes, itemAgreement, majorityAnswer, overallAgreement } from './item-agreement.js';
import { type AdjudicationRecord, type AdjudicationSettings, type Confidence } from './records.js';

export type ItemStatus = 'pending' | 'completed' | 'skipped';

export interface QueueFilter {
  status?: ItemStatus;
  /** only items where this scheme could be compared */
  schema?: string;
  /** disagreements: below the agreement threshold (the default unless show_all_items); all: every item with enough annotators */
  scope?: 'disagreements' | 'all';
  /** only items whose agreement (on `schema` when given, else overall) is at most this */
  max_agreement?: number;
}

/** What the annotation service offers adjudication. */
interface AnnotationSource {
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  annotatorCount(instanceId: string): number;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
}

interface Candidate {
  instance: Instance;
  records: AnnotationRecord[];
  scores: Record<string, number>;
  overall: number;
  status: ItemStatus;
}

/** A decision as a client sends it (Potato's field names). */
export interface DecisionInput {
  instance_id: string;
  label_decisions?: Record<string, unknown>;
  span_decisions?: { schema: string; name: string; start: number; end: number }[];
  source?: Record<string, string>;
  confidence?: Confidence;
  notes?: string;
  error_taxonomy?: string[];
  guideline_update_flag?: boolean;
  guideline_update_notes?: string;
  time_spent_ms?: number;
}

export interface GoldAnswer {
  instance_id: string;
  source: 'adjudicated' | 'majority';
  labels: Record<string, Record<string, string>>;
  spans: SpanRecord[];
  adjudicator?: string;
  decided_at?: string;
  notes?: string;
  confidence?: Confidence;
  vote_share?: Record<string, number>;
  ties?: string[];
  annotators: number;
}

export interface AdjudicationDeps {
  store: Store;
  task: Task;
  annotations: AnnotationSource;
  outbox: EventOutbox;
  clock: Clock;
  settings: AdjudicationSettings;
  isAdmin(username: string): boolean;
  /** annotators each instance is handed out to (require_fully_annotated) */
  handOut(): number;
}

const letters = (n: number) =>
  n < 26 ? String.fromCharCode(65 + n) : `${String.fromCharCode(65 + (n % 26))}${Math.floor(n / 26)}`;

export class AdjudicationService {
  private readonly adjudicators: ReadonlySet<string>;

  constructor(private readonly deps: AdjudicationDeps) {
    this.adjudicators = new Set(deps.settings.adjudicators);
  }

  get settings(): AdjudicationSettings {
    return this.deps.settings;
  }

  mayAdjudicate(username: string): boolean {
    return this.deps.settings.enabled && (this.adjudicators.has(username) || this.deps.isAdmin(username));
  }

  /** 404 where adjudication is off (as Potato answers), 403 for a user who is neither adjudicator nor admin. */
  authorize(username: string): void {
    if (!this.deps.settings.enabled)
      throw notFound('adjudication is not enabled: set adjudication.enabled in the config');
    if (!this.mayAdjudicate(username))
      throw forbidden(`user "${username}" is not an adjudicator: add them to adjudication.adjudicator_users`);
  }

  private status(instanceId: string): ItemStatus {
    if (this.deps.store.get('adjudications', instanceId)) return 'completed';
    return this.deps.store.get('adjudication_skips', instanceId) ? 'skipped' : 'pending';
  }

  /** The item's annotators' records, adjudicators left out, by name; undefined if it has too few to adjudicate. */
  private candidate(instance: Instance): Candidate | undefined {
    const { annotations, settings } = this.deps;
    if (annotations.annotatorCount(instance.id) < settings.minAnnotations) return undefined;
    const names = [...annotations.annotatorsOf(instance.id)].filter((n) => !this.adjudicators.has(n)).sort();
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

  private candidates(filter: QueueFilter): Candidate[] {
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

  /** An item as Potato's adjudication pages read it, with each answer as exports show it besides. */
  private itemView(c: Candidate) {
    const { task, settings } = this.deps;
    const nameOf = new Map(
      c.records.map((r, i) => [r.username, settings.showAnnotatorNames ? r.username : `Annotator ${letters(i)}`]),
    );
    const annotations: Record<string, Record<string, Record<string, string>>> = {};
    const answers: Record<string, Record<string, unknown>> = {};
    const spans: Record<string, ReturnType<typeof spanPayload>> = {};
    for (const r of c.records) {
      const name = nameOf.get(r.username)!;
      annotations[name] = r.labels;
      answers[name] = answerByScheme(task, r);
      if (r.spans.length) spans[name] = spanPayload(r);
    }
    const decision = this.deps.store.get('adjudications', c.instance.id);
    return {
      instance_id: c.instance.id,
      annotations,
      answers,
      span_annotations: spans,
      behavioral_data: {},
      agreement_scores: c.scores,
      overall_agreement: c.overall,
      num_annotators: c.records.length,
      annotators: c.records.map((r) => nameOf.get(r.username)!),
      status: c.status,
      assigned_adjudicator: decision?.adjudicator ?? null,
    };
  }

  queue(filter: QueueFilter = {}) {
    const items = this.candidates(filter).map((c) => this.itemView(c));
    return { items, total: items.length };
  }

  private eligible(instanceId: string): Candidate {
    const instance = this.deps.task.instanceById.get(instanceId);
    const c = instance && this.deps.task.positionById.has(instanceId) ? this.candidate(instance) : undefined;
    if (!c)
      throw notFound(
        `instance "${instanceId}" is not in the adjudication queue: it needs answers from ${this.deps.settings.minAnnotations} annotators`,
      );
    return c;
  }

  item(instanceId: string) {
    const c = this.eligible(instanceId);
    const decision = this.deps.store.get('adjudications', instanceId);
    return {
      item: this.itemView(c),
      item_text: c.instance.text,
      item_data: c.instance.data,
      decision: decision ? this.decisionView(decision) : null,
      annotator_signals: {},
      similar_items: [],
    };
  }

  next() {
    const c = this.candidates({ status: 'pending' })[0];
    if (!c) return { item: null, message: 'No more items to adjudicate' };
    return { item: this.itemView(c), item_text: c.instance.text, item_data: c.instance.data };
  }

  decisionView(d: AdjudicationRecord) {
    const record = this.asRecord(d);
    return {
      instance_id: d.instance_id,
      adjudicator_id: d.adjudicator,
      timestamp: d.decided_at,
      label_decisions: d.labels,
      answers: answerByScheme(this.deps.task, record),
      span_decisions: spanPayload(record),
      source: d.source,
      confidence: d.confidence,
      notes: d.notes,
      error_taxonomy: d.error_taxonomy,
      guideline_update_flag: d.guideline_update_flag,
      guideline_update_notes: d.guideline_update_notes,
      time_spent_ms: d.time_spent_ms,
    };
  }

  private asRecord(d: AdjudicationRecord): AnnotationRecord {
    return {
      username: d.adjudicator,
      instance_id: d.instance_id,
      labels: d.labels,
      spans: d.spans,
      created_at: d.decided_at,
      updated_at: d.decided_at,
    };
  }

  /** A scheme's decision in any form: the stored label → value map, or the answer as exports show it. */
  private labelsOf(decisions: Record<string, unknown>): Record<string, Record<string, string>> {
    const { task } = this.deps;
    const flat: Record<string, string> = {};
    for (const [schemeName, given] of Object.entries(decisions)) {
      const scheme = task.schemeByName.get(schemeName);
      if (!scheme) throw invalid(`label_decisions.${schemeName}: unknown schema "${schemeName}"`);
      const module = schemeTypeOf(scheme.annotation_type);
      if (module.storage !== 'labels')
        throw invalid(
          `label_decisions.${schemeName}: "${schemeName}" is ${scheme.annotation_type}; send its answer in span_decisions`,
        );
      if (given === null || given === undefined) continue;
      const isMap =
        typeof given === 'object' &&
        !Array.isArray(given) &&
        Object.keys(given).every((k) => scheme.labels.some((l) => l.name === k));
      let chosen: Record<string, string>;
      if (isMap)
        chosen = Object.fromEntries(Object.entries(given as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
      else {
        const from = module.fromAnswer(scheme, given);
        if (from instanceof AnswerError) throw invalid(`label_decisions.${schemeName}: ${from.message}`);
        chosen = from;
      }
      for (const [label, value] of Object.entries(chosen)) flat[`${schemeName}:${label}`] = value;
    }
    return validateLabels(task, flat);
  }

  /** Records the decision as the item's gold answer; raises item.adjudicated. */
  async decide(username: string, input: DecisionInput): Promise<{ status: 'ok'; instance_id: string }> {
    const c = this.eligible(input.instance_id);
    const { task, settings, store, outbox, clock } = this.deps;
    const labels = this.labelsOf(input.label_decisions ?? {});
    const spans = validateSpans(task, c.instance, 'gold', input.span_decisions ?? []);
    const taxonomy = input.error_taxonomy ?? [];
    taxonomy.forEach((t, i) => {
      if (!settings.errorTaxonomy.includes(t))
        throw invalid(`error_taxonomy[${i}]: "${t}" is not one of ${settings.errorTaxonomy.join(', ')}`);
    });
    const notes = input.notes ?? '';
    const source = input.source ?? this.inferSource(c, labels, spans);
    if (settings.requireNotesOnOverride && !notes.trim() && Object.values(source).some((s) => s === 'adjudicator')) {
      throw invalid(
        'notes: a decision that overrides every annotator needs a note (adjudication.require_notes_on_override)',
      );
    }
    const at = clock.now();
    const record: AdjudicationRecord = {
      instance_id: c.instance.id,
      adjudicator: username,
      decided_at: isoTime(at),
      labels,
      spans,
      source,
      confidence: input.confidence ?? 'medium',
      notes,
      error_taxonomy: taxonomy,
      guideline_update_flag: input.guideline_update_flag ?? false,
      guideline_update_notes: input.guideline_update_notes ?? '',
      time_spent_ms: input.time_spent_ms ?? 0,
    };
    const ops: StoreOp[] = [{ table: 'adjudications', key: record.instance_id, value: record }];
    if (store.get('adjudication_skips', record.instance_id))
      ops.push({ table: 'adjudication_skips', key: record.instance_id, delete: true });
    const events: DomainEvent[] = [];
    if (outbox.wants('item.adjudicated')) {
      events.push({
        type: 'item.adjudicated',
        at,
        data: {
          instance_id: record.instance_id,
          adjudicator: username,
          decided_at: record.decided_at,
          gold: answerByScheme(task, this.asRecord(record)),
          span_annotations: spanPayload(this.asRecord(record)),
          source,
          confidence: record.confidence,
          notes,
          error_taxonomy: taxonomy,
          annotators: c.records.map((r) => r.username),
          agreement: c.overall,
        },
      });
    }
    ops.push(...outbox.plan(events));
    await store.write(ops);
    outbox.dispatch();
    return { status: 'ok', instance_id: record.instance_id };
  }

  /** Per scheme: the first annotator (by name) whose answer the decision took, else "adjudicator". */
  private inferSource(c: Candidate, labels: AdjudicationRecord['labels'], spans: SpanRecord[]): Record<string, string> {
    const gold = this.asRecord({
      instance_id: c.instance.id,
      adjudicator: '',
      decided_at: '',
      labels,
      spans,
    } as AdjudicationRecord);
    const source: Record<string, string> = {};
    for (const scheme of comparableSchemes(this.deps.task)) {
      const key = answerKey(scheme, gold);
      const keys = c.records.map((r) => answerKey(scheme, r));
      if (key === undefined && keys.every((k) => k === undefined)) continue;
      const from = c.records.find((_, i) => keys[i] === key);
      source[scheme.name] = from ? `annotator:${from.username}` : 'adjudicator';
    }
    return source;
  }

  async skip(username: string, instanceId: string): Promise<{ status: 'ok'; instance_id: string }> {
    const c = this.eligible(instanceId);
    if (c.status !== 'completed')
      await this.deps.store.write([
        {
          table: 'adjudication_skips',
          key: instanceId,
          value: { adjudicator: username, skipped_at: isoTime(this.deps.clock.now()) },
        },
      ]);
    return { status: 'ok', instance_id: instanceId };
  }

  stats() {
    const items = this.candidates({});
    const count = (s: ItemStatus) => items.filter((i) => i.status === s).length;
    const completed = count('completed');
    const byAdjudicator: Record<string, { completed: number; total_time_ms: number }> = {};
    for (const [, d] of this.deps.store.entries('adjudications')) {
      const mine = (byAdjudicator[d.adjudicator] ??= { completed: 0, total_time_ms: 0 });
      mine.completed++;
      mine.total_time_ms += d.time_spent_ms;
    }
    return {
      total: items.length,
      completed,
      pending: count('pending'),
      skipped: count('skipped'),
      in_progress: 0,
      completion_rate: items.length ? completed / items.length : 0,
      avg_agreement: items.length ? items.reduce((a, i) => a + i.overall, 0) / items.length : 0,
      adjudicator_stats: byAdjudicator,
    };
  }

  /** The item's gold answer: the decision where there is one, else the majority of its annotators (none without annotators). */
  gold(instance: Instance): GoldAnswer | undefined {
    const decision = this.deps.store.get('adjudications', instance.id);
    const names = [...this.deps.annotations.annotatorsOf(instance.id)].filter((n) => !this.adjudicators.has(n)).sort();
    if (decision) {
      return {
        instance_id: instance.id,
        source: 'adjudicated',
        labels: decision.labels,
        spans: decision.spans,
        adjudicator: decision.adjudicator,
        decided_at: decision.decided_at,
        notes: decision.notes,
        confidence: decision.confidence,
        annotators: names.length,
      };
    }
    const records = names
      .map((n) => this.deps.annotations.get(n, instance.id))
      .filter((r): r is AnnotationRecord => r !== undefined);
    if (!records.length) return undefined;
    const majority = majorityAnswer(this.deps.task, records);
    return {
      instance_id: instance.id,
      source: 'majority',
      labels: majority.labels,
      spans: majority.spans,
      vote_share: majority.vote_share,
      ties: majority.ties,
      annotators: records.length,
    };
  }

  /** Each annotator's answers read against the adjudicated gold answers: per scheme, items compared and the share that matched. */
  agreementWithGold() {
    const { task, annotations, store } = this.deps;
    const schemes = comparableSchemes(task);
    const by: Record<string, Record<string, { items: number; matched: number; share: number }>> = {};
    let decided = 0;
    for (const [instanceId, d] of store.entries('adjudications')) {
      if (!task.positionById.has(instanceId)) continue;
      decided++;
      const gold = this.asRecord(d);
      for (const name of annotations.annotatorsOf(instanceId)) {
        const record = annotations.get(name, instanceId);
        if (!record || this.adjudicators.has(name)) continue;
        for (const scheme of schemes) {
          const want = answerKey(scheme, gold);
          const got = answerKey(scheme, record);
          if (want === undefined && got === undefined) continue;
          const cell = ((by[name] ??= {})[scheme.name] ??= { items: 0, matched: 0, share: 0 });
          cell.items++;
          if (want === got) cell.matched++;
        }
      }
    }
    for (const schemes of Object.values(by))
      for (const cell of Object.values(schemes)) cell.share = cell.matched / cell.items;
    return { adjudicated_items: decided, by_annotator: by };
  }

  overview() {
    const stats = this.stats();
    const errors = new Map<string, number>();
    let flagged = 0;
    for (const [, d] of this.deps.store.entries('adjudications')) {
      for (const tag of d.error_taxonomy) errors.set(tag, (errors.get(tag) ?? 0) + 1);
      if (d.guideline_update_flag) flagged++;
    }
    // per scheme, the mean agreement of the queued items it could be compared on, worst first
    const byScheme = new Map<string, number[]>();
    for (const c of this.candidates({}))
      for (const [scheme, score] of Object.entries(c.scores))
        byScheme.set(scheme, [...(byScheme.get(scheme) ?? []), score]);
    const patterns = [...byScheme].map(([scheme, scores]) => ({
      schema: scheme,
      avg_agreement: Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 1000) / 1000,
      num_items: scores.length,
    }));
    return {
      enabled: this.deps.settings.enabled,
      adjudicators: [...this.adjudicators],
      agreement_threshold: this.deps.settings.agreementThreshold,
      min_annotations: this.deps.settings.minAnnotations,
      ...stats,
      // Potato's names for the same figures, and the ones its dashboard adds
      queue_stats: stats,
      adjudicator_details: Object.fromEntries(
        Object.entries(stats.adjudicator_stats).map(([name, a]) => [
          name,
          { ...a, avg_time_ms: a.completed ? Math.round(a.total_time_ms / a.completed) : 0 },
        ]),
      ),
      error_taxonomy_counts: Object.fromEntries([...errors].sort((a, b) => b[1] - a[1])),
      guideline_flag_count: flagged,
      disagreement_patterns: patterns.sort((a, b) => a.avg_agreement - b.avg_agreement),
      similarity_stats: {},
    };
  }
}
