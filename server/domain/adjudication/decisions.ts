/**
 * An adjudicator's decision: checked like an annotation, stored as the item's gold answer with who decided, why
 * and from whose answer, and announced as item.adjudicated in the same write. A skip sets the item aside.
 */
import { invalid } from '../errors.js';
import type { DomainEvent } from '../events.js';
import { isoTime, type StoreOp } from '../ports.js';
import type { Task } from '../task.js';
import type { AnnotationRecord, SpanRecord } from '../annotation/records.js';
import { answerByScheme, spanPayload } from '../annotation/payloads.js';
import { validateLabels } from '../annotation/validate.js';
import { validateSpans } from '../annotation/validate-spans.js';
import { schemeModuleOf } from '../schemes/registry.js';
import { AnswerError } from '../schemes/module.js';
import { answerKey, comparableSchemes } from './item-agreement.js';
import type { AdjudicationDeps, AdjudicationQueue, Candidate } from './queue.js';
import type { AdjudicationRecord, Confidence } from './records.js';

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

/** A decision read as an annotation, so the answer payloads and comparisons of annotations apply to it. */
export function decisionAsRecord(d: AdjudicationRecord): AnnotationRecord {
  return {
    username: d.adjudicator,
    instance_id: d.instance_id,
    labels: d.labels,
    spans: d.spans,
    created_at: d.decided_at,
    updated_at: d.decided_at,
  };
}

export function decisionView(task: Task, d: AdjudicationRecord) {
  const record = decisionAsRecord(d);
  return {
    instance_id: d.instance_id,
    adjudicator_id: d.adjudicator,
    timestamp: d.decided_at,
    label_decisions: d.labels,
    answers: answerByScheme(task, record),
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

/** A scheme's decision in any form: the stored label → value map, or the answer as exports show it. */
function labelsOf(task: Task, decisions: Record<string, unknown>): Record<string, Record<string, string>> {
  const flat: Record<string, string> = {};
  for (const [schemeName, given] of Object.entries(decisions)) {
    const scheme = task.schemeByName.get(schemeName);
    if (!scheme) throw invalid(`label_decisions.${schemeName}: unknown scheme "${schemeName}"`);
    const module = schemeModuleOf(scheme);
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

/** Per scheme: the first annotator (by name) whose answer the decision took, else "adjudicator". */
function inferSource(
  task: Task,
  c: Candidate,
  labels: AdjudicationRecord['labels'],
  spans: SpanRecord[],
): Record<string, string> {
  const gold = decisionAsRecord({
    instance_id: c.instance.id,
    adjudicator: '',
    decided_at: '',
    labels,
    spans,
  } as AdjudicationRecord);
  const source: Record<string, string> = {};
  for (const scheme of comparableSchemes(task)) {
    const key = answerKey(scheme, gold);
    const keys = c.records.map((r) => answerKey(scheme, r));
    if (key === undefined && keys.every((k) => k === undefined)) continue;
    const from = c.records.find((_, i) => keys[i] === key);
    source[scheme.name] = from ? `annotator:${from.username}` : 'adjudicator';
  }
  return source;
}

/** Records the decision as the item's gold answer; raises item.adjudicated. */
export async function decide(
  deps: AdjudicationDeps,
  queue: AdjudicationQueue,
  username: string,
  input: DecisionInput,
): Promise<{ status: 'ok'; instance_id: string }> {
  const c = queue.eligible(input.instance_id);
  const { task, settings, store, outbox, clock } = deps;
  const labels = labelsOf(task, input.label_decisions ?? {});
  const spans = validateSpans(task, c.instance, 'gold', input.span_decisions ?? []);
  const taxonomy = input.error_taxonomy ?? [];
  taxonomy.forEach((t, i) => {
    if (!settings.errorTaxonomy.includes(t))
      throw invalid(`error_taxonomy[${i}]: "${t}" is not one of ${settings.errorTaxonomy.join(', ')}`);
  });
  const notes = input.notes ?? '';
  const source = input.source ?? inferSource(task, c, labels, spans);
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
        gold: answerByScheme(task, decisionAsRecord(record)),
        span_annotations: spanPayload(decisionAsRecord(record)),
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

/** Sets a pending item aside for later; a decided item stays decided. */
export async function skip(
  deps: AdjudicationDeps,
  queue: AdjudicationQueue,
  username: string,
  instanceId: string,
): Promise<{ status: 'ok'; instance_id: string }> {
  const c = queue.eligible(instanceId);
  if (c.status !== 'completed')
    await deps.store.write([
      {
        table: 'adjudication_skips',
        key: instanceId,
        value: { adjudicator: username, skipped_at: isoTime(deps.clock.now()) },
      },
    ]);
  return { status: 'ok', instance_id: instanceId };
}
