/**
 * The annotator's answers for one instance as the form holds them, and the conversions to and from the API's
 * submission shape (`"scheme:label": value`, spans as {schema, name, start, end, value}); an AI suggestion or a
 * pre-annotation is applied to them in fill.ts.
 */
import type {
  EventAnnotation,
  LinkAnnotation,
  Scheme,
  SpanAnnotation,
  StoredAnnotations,
} from '../../shared/api/types.js';
import { schemeUi } from './schemes/registry.js';

export interface Answers {
  /** scheme → label → value; a ticked choice is "true", a value scheme holds the entered value */
  labels: Record<string, Record<string, string>>;
  spans: SpanAnnotation[];
  /** links and events, on projects that have such schemes; their spans are named by `spanRef` */
  links?: LinkAnnotation[];
  events?: EventAnnotation[];
}

/** A short, stable text hash (two FNV-1a variants), so a span's reference fits the API's 64-character id. */
function shortHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ text.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  return a.toString(36) + b.toString(36);
}

type SpanPlace = Pick<SpanAnnotation, 'schema' | 'name' | 'start' | 'end' | 'target_field'>;

/**
 * A stored span's own id: one a client gave it (a script's, or this form's `fs_` reference), not one the server
 * derived (`sp_…`), which says nothing the span's place does not.
 */
const ownId = (id: string | undefined) => (id === undefined || /^sp_[0-9a-z]+$/.test(id) ? undefined : id);

/**
 * How the form names a span in links and events: by its own id when a client gave it one (a script's id stays the
 * span's); else a span of the text by Potato's default span id, which the server takes, and a span of another
 * field by a hash with its field, sent as its id, since the same offsets in two fields are two spans.
 */
export const spanRef = (s: SpanPlace & { id?: string }) =>
  ownId(s.id) ??
  (s.target_field === undefined
    ? `${s.schema}_${s.name}_${s.start}_${s.end}`
    : `fs_${shortHash([s.target_field, s.schema, s.name, s.start, s.end].join('\u0001'))}`);

/**
 * Where a span is: the same scheme, label, offsets and field make the same span, whatever its id; a box (which marks
 * no characters) is also where it is on its page.
 */
const placeOf = (s: SpanPlace & Pick<SpanAnnotation, 'format_coords'>) =>
  [
    s.target_field ?? '',
    s.schema,
    s.name,
    s.start,
    s.end,
    JSON.stringify(s.format_coords?.bbox ?? null),
    s.format_coords?.page ?? '',
  ].join('\u0001');

/** A span as the form keeps and sends it: its field only when not the text; a stored span's own id and coordinates. */
function formSpan({
  schema,
  name,
  start,
  end,
  value,
  target_field,
  id,
  format_coords,
}: SpanAnnotation): SpanAnnotation {
  const out: SpanAnnotation = { schema, name, start, end, value };
  if (target_field !== undefined) out.target_field = target_field;
  if (ownId(id) !== undefined) out.id = id;
  if (format_coords !== undefined) out.format_coords = format_coords;
  return out;
}

export const EMPTY: Answers = { labels: {}, spans: [] };

/** The form's answers from what the server stored (span texts are not read, so spans as sent do too). */
export function fromStored(
  stored: Omit<StoredAnnotations, 'span_annotations'> & { span_annotations: SpanAnnotation[] },
): Answers {
  const labels: Answers['labels'] = {};
  for (const [key, value] of Object.entries(stored.annotations)) {
    const colon = key.indexOf(':');
    if (colon <= 0) continue;
    (labels[key.slice(0, colon)] ??= {})[key.slice(colon + 1)] = value;
  }
  const out: Answers = {
    labels,
    spans: stored.span_annotations.map(formSpan),
  };
  // links and events come back naming spans by the server's ids; the form names them by spanRef
  const refOf = new Map(stored.span_annotations.map((s) => [s.id, spanRef(s)]));
  const ref = (id: string) => refOf.get(id) ?? id;
  if (stored.link_annotations)
    out.links = stored.link_annotations.map((l) => ({ ...l, span_ids: l.span_ids.map(ref) }));
  if (stored.event_annotations) {
    out.events = stored.event_annotations.map((e) => ({
      ...e,
      trigger_span_id: ref(e.trigger_span_id),
      arguments: (e.arguments ?? []).map((a) => ({ ...a, span_id: ref(a.span_id) })),
    }));
  }
  return out;
}

/** No label, value, span, link or event answered. */
export const isEmpty = (a: Answers) =>
  !a.spans.length &&
  !a.links?.length &&
  !a.events?.length &&
  Object.values(a.labels).every((l) => Object.values(l).every((v) => v === ''));

export function toSubmission(instanceId: string, a: Answers) {
  const annotations: Record<string, string> = {};
  for (const [scheme, labels] of Object.entries(a.labels)) {
    for (const [label, value] of Object.entries(labels)) if (value !== '') annotations[`${scheme}:${label}`] = value;
  }
  const sent: {
    instance_id: string;
    annotations: Record<string, string>;
    span_annotations: SpanAnnotation[];
    link_annotations?: LinkAnnotation[];
    event_annotations?: EventAnnotation[];
  } = {
    instance_id: instanceId,
    annotations,
    // a span of another field goes with its reference as its id (its own id, else a hash of where it is), which
    // the links and events sent name it by; a span of the text with its own id when a client gave it one
    span_annotations: a.spans.map((span) =>
      span.target_field === undefined ? formSpan(span) : { ...formSpan(span), id: spanRef(span) },
    ),
  };
  if (a.links) sent.link_annotations = a.links;
  if (a.events) sent.event_annotations = a.events;
  return sent;
}

/** Picks a label: single-choice schemes replace their answer, multiselect toggles the label. */
export function choose(a: Answers, scheme: Scheme, label: string): Answers {
  const current = a.labels[scheme.name] ?? {};
  let next: Record<string, string>;
  if (schemeUi(scheme.annotation_type)?.single) next = current[label] ? {} : { [label]: 'true' };
  else if (current[label]) {
    next = { ...current };
    delete next[label];
  } else next = { ...current, [label]: 'true' };
  return { ...a, labels: { ...a.labels, [scheme.name]: next } };
}

export function setValue(a: Answers, scheme: string, label: string, value: string): Answers {
  const current = { ...(a.labels[scheme] ?? {}) };
  if (value === '') delete current[label];
  else current[label] = value;
  return { ...a, labels: { ...a.labels, [scheme]: current } };
}

export function addSpan(a: Answers, span: SpanAnnotation): Answers {
  const place = placeOf(span);
  return a.spans.some((s) => placeOf(s) === place)
    ? a
    : {
        ...a,
        spans: [...a.spans, span].sort(
          (x, y) => (x.target_field ?? '').localeCompare(y.target_field ?? '') || x.start - y.start || x.end - y.end,
        ),
      };
}

/** Removes a span, and the links and events that point at it (the server would drop them too). */
export function removeSpan(a: Answers, index: number): Answers {
  const gone = a.spans[index] ? spanRef(a.spans[index]) : undefined;
  const next: Answers = { ...a, spans: a.spans.filter((_, i) => i !== index) };
  if (a.links) next.links = a.links.filter((l) => !l.span_ids.includes(gone!));
  if (a.events)
    next.events = a.events.filter(
      (e) => e.trigger_span_id !== gone && !(e.arguments ?? []).some((x) => x.span_id === gone),
    );
  return next;
}

export function addLink(a: Answers, link: LinkAnnotation): Answers {
  return { ...a, links: [...(a.links ?? []), link] };
}

export function removeLink(a: Answers, index: number): Answers {
  return { ...a, links: (a.links ?? []).filter((_, i) => i !== index) };
}

/** Whether the annotator has answered a scheme: a label or value, or a span of it. */
export const answered = (a: Answers, scheme: string) =>
  a.spans.some((s) => s.schema === scheme) || Object.values(a.labels[scheme] ?? {}).some((v) => v !== '');

/** Clears the label and value answers of these schemes (spans stay: a replacing fill adds to them). */
export function clearLabels(a: Answers, schemes: string[]): Answers {
  const labels = { ...a.labels };
  for (const s of schemes) delete labels[s];
  return { ...a, labels };
}
