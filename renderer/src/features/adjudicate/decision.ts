/**
 * The adjudicator's decision for one item as the screen holds it, taken from annotators' answers or edited, and
 * the body POST /adjudicate/api/submit takes. Spans are compared by scheme, label and offsets, as the server does.
 */
import type { AdjudicationItem, AdjudicationSpan, Scheme } from '../../shared/api/types.js';

export interface SpanKey {
  schema: string;
  name: string;
  start: number;
  end: number;
}

export interface Decision {
  /** scheme → label → value, as stored */
  labels: Record<string, Record<string, string>>;
  spans: SpanKey[];
  notes: string;
  confidence: 'high' | 'medium' | 'low';
}

/**
 * How the screen edits a scheme's answer: pick labels, type values, tick spans, or (other types) only take an
 * annotator's answer. The types are Potato's; the server checks whatever is sent.
 */
export type EditKind = 'single' | 'multi' | 'value' | 'span' | 'take-only';
const KINDS: Record<string, EditKind> = {
  radio: 'single',
  select: 'single',
  likert: 'single',
  multiselect: 'multi',
  text: 'value',
  number: 'value',
  slider: 'value',
  span: 'span',
};
export const editKind = (scheme: Scheme): EditKind => KINDS[scheme.annotation_type] ?? 'take-only';

export const spanId = (s: SpanKey) => `${s.schema}\u0001${s.name}\u0001${s.start}\u0001${s.end}`;
const toKey = ({ schema, name, start, end }: SpanKey): SpanKey => ({ schema, name, start, end });

export const emptyDecision = (): Decision => ({ labels: {}, spans: [], notes: '', confidence: 'medium' });

/** The decision made of one annotator's whole answer (notes and confidence kept). */
export function takeAnnotator(item: AdjudicationItem, annotator: string, keep: Decision): Decision {
  const labels: Decision['labels'] = {};
  for (const [scheme, chosen] of Object.entries(item.annotations[annotator] ?? {})) labels[scheme] = { ...chosen };
  return { ...keep, labels, spans: (item.span_annotations[annotator] ?? []).map(toKey) };
}

/** One scheme's answer taken from an annotator, the rest of the decision kept. */
export function takeScheme(item: AdjudicationItem, annotator: string, scheme: Scheme, d: Decision): Decision {
  if (editKind(scheme) === 'span') {
    const theirs = (item.span_annotations[annotator] ?? []).filter((s) => s.schema === scheme.name).map(toKey);
    return { ...d, spans: [...d.spans.filter((s) => s.schema !== scheme.name), ...theirs] };
  }
  const labels = { ...d.labels };
  const theirs = item.annotations[annotator]?.[scheme.name];
  if (theirs) labels[scheme.name] = { ...theirs };
  else delete labels[scheme.name];
  return { ...d, labels };
}

export function pickLabel(d: Decision, scheme: Scheme, label: string): Decision {
  const current = d.labels[scheme.name] ?? {};
  let next: Record<string, string>;
  if (editKind(scheme) === 'single') next = current[label] ? {} : { [label]: 'true' };
  else if (current[label]) {
    next = { ...current };
    delete next[label];
  } else next = { ...current, [label]: 'true' };
  return { ...d, labels: { ...d.labels, [scheme.name]: next } };
}

export function setValue(d: Decision, scheme: Scheme, label: string, value: string): Decision {
  const next = { ...(d.labels[scheme.name] ?? {}) };
  if (value === '') delete next[label];
  else next[label] = value;
  return { ...d, labels: { ...d.labels, [scheme.name]: next } };
}

export function toggleSpan(d: Decision, span: SpanKey): Decision {
  const id = spanId(span);
  return d.spans.some((s) => spanId(s) === id)
    ? { ...d, spans: d.spans.filter((s) => spanId(s) !== id) }
    : { ...d, spans: [...d.spans, toKey(span)] };
}

/** Every span any annotator marked in a scheme, once, in text order, with who marked it. */
export function spanUnion(item: AdjudicationItem, scheme: string): { span: AdjudicationSpan; by: string[] }[] {
  const byId = new Map<string, { span: AdjudicationSpan; by: string[] }>();
  for (const annotator of item.annotators) {
    for (const s of item.span_annotations[annotator] ?? []) {
      if (s.schema !== scheme) continue;
      const id = spanId(s);
      const entry = byId.get(id);
      if (entry) entry.by.push(annotator);
      else byId.set(id, { span: s, by: [annotator] });
    }
  }
  return [...byId.values()].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}

const sameMap = (a: Record<string, string> | undefined, b: Record<string, string> | undefined) => {
  const x = Object.entries(a ?? {}).filter(([, v]) => v !== '');
  const y = Object.entries(b ?? {}).filter(([, v]) => v !== '');
  return x.length === y.length && x.every(([k, v]) => (b ?? {})[k] === v);
};
const sameSpans = (a: SpanKey[], b: SpanKey[]) =>
  a.length === b.length && a.every((s) => b.some((t) => spanId(t) === spanId(s)));

/** The annotators whose answer to a scheme the decision holds, for "from alice" beside it. */
export function agreeingAnnotators(item: AdjudicationItem, scheme: Scheme, d: Decision): string[] {
  if (editKind(scheme) === 'span') {
    const mine = d.spans.filter((s) => s.schema === scheme.name);
    return item.annotators.filter((a) =>
      sameSpans(
        mine,
        (item.span_annotations[a] ?? []).filter((s) => s.schema === scheme.name),
      ),
    );
  }
  return item.annotators.filter((a) => sameMap(d.labels[scheme.name], item.annotations[a]?.[scheme.name]));
}

/** The submit body; empty answers are left out. */
export function submitBody(instanceId: string, d: Decision, timeSpentMs: number) {
  const label_decisions: Record<string, Record<string, string>> = {};
  for (const [scheme, chosen] of Object.entries(d.labels)) {
    const kept = Object.fromEntries(Object.entries(chosen).filter(([, v]) => v !== ''));
    if (Object.keys(kept).length) label_decisions[scheme] = kept;
  }
  return {
    instance_id: instanceId,
    label_decisions,
    span_decisions: d.spans,
    notes: d.notes,
    confidence: d.confidence,
    time_spent_ms: Math.round(timeSpentMs),
  };
}
