/**
 * Dataset examples curated from the task: each instance's data becomes an example's inputs, and with
 * `include_annotations` the annotators' answer per scheme becomes its reference output, by majority (the answer
 * most annotators gave word for word, ties to the first annotator by name) or by Dawid–Skene consensus, with the
 * vote counts or confidences in the example's metadata. Runtime-ingested traces (webhook, LangSmith, Langfuse
 * items) are told by their id or `metadata.source`, as Potato tells them.
 */
import type { AnnotationRecord } from '../annotation/records.js';
import type { Instance } from '../task.js';
import { dawidSkene, type Observation } from './dawid-skene.js';
import type { NewExample } from './datasets.js';

export const AGGREGATION_METHODS = ['majority', 'dawid_skene'] as const;
export type AggregationMethod = (typeof AGGREGATION_METHODS)[number];

export const TRACE_SOURCES = ['webhook', 'langsmith', 'langfuse'] as const;

export interface AnswerSource {
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
}

/** Where an item came from: its data's `metadata.source`, else "instances". */
export function sourceOf(instance: Instance): string {
  const meta = instance.data.metadata;
  const source = meta && typeof meta === 'object' ? (meta as Record<string, unknown>).source : undefined;
  return source === undefined || source === null || source === '' ? 'instances' : String(source);
}

export function isIngestedTrace(instance: Instance): boolean {
  return (
    TRACE_SOURCES.some((s) => instance.id.startsWith(`${s}_`)) ||
    (TRACE_SOURCES as readonly string[]).includes(sourceOf(instance))
  );
}

/** One annotator's answer to each scheme they answered: label → value, spans as a sorted list. */
function answersOf(record: AnnotationRecord): Map<string, unknown> {
  const out = new Map<string, unknown>(Object.entries(record.labels).filter(([, v]) => Object.keys(v).length));
  const spans = new Map<string, { label: string; start: number; end: number }[]>();
  for (const s of record.spans) {
    const list = spans.get(s.schema) ?? [];
    list.push({ label: s.label, start: s.start, end: s.end });
    spans.set(s.schema, list);
  }
  for (const [scheme, list] of spans)
    out.set(
      scheme,
      list.sort((a, b) => a.start - b.start || a.end - b.end || a.label.localeCompare(b.label)),
    );
  return out;
}

/** A JSON text equal for equal answers, whatever order their keys were stored in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** scheme → each annotator's answer (annotators by name), of one instance */
function votesOn(id: string, answers: AnswerSource): Map<string, [string, unknown][]> {
  const byScheme = new Map<string, [string, unknown][]>();
  for (const username of [...answers.annotatorsOf(id)].sort()) {
    const record = answers.get(username, id);
    if (!record) continue;
    for (const [scheme, answer] of answersOf(record)) {
      const list = byScheme.get(scheme) ?? [];
      list.push([username, answer]);
      byScheme.set(scheme, list);
    }
  }
  return byScheme;
}

function majority(id: string, answers: AnswerSource) {
  const votes = votesOn(id, answers);
  if (!votes.size) return { reference: null, meta: { num_annotators: 0, votes: {} } };
  const reference: Record<string, unknown> = {};
  const tally: Record<string, { winner_votes: number; total: number; agreement: number }> = {};
  const annotators = new Set<string>();
  for (const [scheme, list] of votes) {
    const counts = new Map<string, { n: number; answer: unknown }>();
    for (const [username, answer] of list) {
      annotators.add(username);
      const key = canonical(answer);
      const c = counts.get(key) ?? { n: 0, answer };
      counts.set(key, { n: c.n + 1, answer: c.answer });
    }
    let best: { n: number; answer: unknown } | undefined;
    for (const c of counts.values()) if (!best || c.n > best.n) best = c;
    reference[scheme] = best!.answer;
    tally[scheme] = {
      winner_votes: best!.n,
      total: list.length,
      agreement: Math.round((best!.n / list.length) * 1e4) / 1e4,
    };
  }
  return { reference, meta: { num_annotators: annotators.size, votes: tally } };
}

function consensus(instances: readonly Instance[], answers: AnswerSource) {
  const observations = new Map<string, Observation[]>();
  const answerOf = new Map<string, unknown>(); // scheme + canonical → the answer
  for (const instance of instances)
    for (const [scheme, list] of votesOn(instance.id, answers))
      for (const [username, answer] of list) {
        const key = canonical(answer);
        answerOf.set(`${scheme}\u0001${key}`, answer);
        const obs = observations.get(scheme) ?? [];
        obs.push([username, instance.id, key]);
        observations.set(scheme, obs);
      }
  const references = new Map<string, Record<string, unknown>>();
  const confidence = new Map<string, Record<string, number>>();
  const reliability: Record<string, Record<string, number>> = {};
  for (const [scheme, obs] of observations) {
    const result = dawidSkene(obs);
    reliability[scheme] = Object.fromEntries([...result.reliability].map(([w, r]) => [w, round4(r)]));
    for (const [id, label] of result.labels) {
      references.set(id, { ...references.get(id), [scheme]: answerOf.get(`${scheme}\u0001${label}`) });
      confidence.set(id, { ...confidence.get(id), [scheme]: round4(result.confidence.get(id) ?? 0) });
    }
  }
  return { references, confidence, reliability };
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** The examples of these instances; references only with `includeAnnotations`. */
export function examplesFrom(
  instances: readonly Instance[],
  answers: AnswerSource,
  includeAnnotations: boolean,
  method: AggregationMethod,
): NewExample[] {
  const agreed = includeAnnotations && method === 'dawid_skene' ? consensus(instances, answers) : undefined;
  return instances.map((instance) => {
    const metadata: Record<string, unknown> = { source: sourceOf(instance) };
    let reference: unknown = null;
    if (agreed) {
      reference = agreed.references.get(instance.id) ?? null;
      metadata.annotation_aggregation = {
        method: 'dawid_skene',
        confidence: agreed.confidence.get(instance.id) ?? {},
        reliability: agreed.reliability,
      };
    } else if (includeAnnotations) {
      const m = majority(instance.id, answers);
      reference = m.reference;
      metadata.annotation_aggregation = { method: 'majority', ...m.meta };
    }
    return { id: instance.id, inputs: { ...instance.data }, reference_outputs: reference, metadata };
  });
}
