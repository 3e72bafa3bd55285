/**
 * Answers with structure over spans: links (span_link, coreference) and events (event_annotation), sent as
 * `link_annotations` / `event_annotations`, and label answers that point into the text (extractive_qa,
 * error_span). Each links/events scheme is stored as one JSON array under the label named like the scheme, so
 * storage, exports and imports carry it like any label value.
 *
 * A span is referred to by the id `/get_annotations` gives it, by the `id` a span of the same submission was sent
 * with, or by Potato's default span id `<scheme>_<label>_<start>_<end>`. References are stored (and exported) in
 * Potato's form, which says where the span is without the annotator's span ids, and read back as the span's own id. A
 * part not sent keeps what is stored, less the entries whose spans are gone (deleting a span deletes its
 * links and events, as in Potato).
 */
import { invalid } from '../errors.js';
import { textLengthOf, type Instance, type Scheme, type Task } from '../task.js';
import { schemeModuleOf } from '../schemes/registry.js';
import { AnswerError, type AnswerContext, type StructureEntry } from '../schemes/module.js';
import { hashString } from '../seeded-random.js';
import type { AnnotationRecord, FormatCoords, SpanRecord, Submission } from './records.js';
import { derivedSpanId, isDerivedForm, spanId } from './span-ids.js';

type Kind = 'links' | 'events';
const FIELD: Record<Kind, 'link_annotations' | 'event_annotations'> = {
  links: 'link_annotations',
  events: 'event_annotations',
};
const KIND_NAME: Record<Kind, string> = {
  links: 'a link scheme (span_link, coreference)',
  events: 'an event scheme (event_annotation)',
};

interface Structured {
  /** schemes answered by links or events, or checked against the text */
  schemes: Scheme[];
  byName: Map<string, Scheme>;
}

const structuredOf = new WeakMap<readonly Scheme[], Structured>();

function structured(task: Task): Structured {
  let found = structuredOf.get(task.schemes);
  if (!found) {
    const schemes = task.schemes.filter((s) => {
      const m = schemeModuleOf(s);
      return (
        m.storage === 'links' || m.storage === 'events' || (m.checkInText !== undefined && (m.checksItem?.(s) ?? true))
      );
    });
    found = { schemes, byName: new Map(schemes.map((s) => [s.name, s])) };
    structuredOf.set(task.schemes, found);
  }
  return found;
}

/** Whether the task has schemes whose answers travel as links or events. */
export const hasStructures = (task: Task): boolean => structured(task).schemes.length > 0;

/** Whether a scheme's answer travels in link_annotations / event_annotations instead of `annotations`. */
export function structureKind(scheme: Scheme): Kind | undefined {
  const storage = schemeModuleOf(scheme).storage;
  return storage === 'links' || storage === 'events' ? storage : undefined;
}

/**
 * Potato's default id of a span, which its scripts and pages use when they give none; as Potato's, a span with
 * format_coords has its anchor kind and page in it, so a region anchor and a text span at the same offsets differ.
 */
function potatoSpanId(s: { schema: string; label: string; start: number; end: number; format_coords?: FormatCoords }) {
  const c = s.format_coords;
  if (c === undefined) return `${s.schema}_${s.label}_${s.start}_${s.end}`;
  return `${s.schema}_${s.label}_${c.anchor_kind ?? ''}_${String(c.page ?? '')}_${s.start}_${s.end}`;
}

interface SpanContext extends AnswerContext {
  readonly spans: ReadonlyMap<string, SpanRecord>;
}

function contextFor(
  task: Task,
  instance: Instance,
  username: string,
  spans: readonly SpanRecord[],
  submitted: Submission['span_annotations'],
): SpanContext {
  const byId = new Map<string, SpanRecord>();
  // Potato's default id names the text field's span where another field has one at the same offsets
  for (const s of spans) if (s.target_field !== undefined) byId.set(potatoSpanId(s), s);
  for (const s of spans) if (s.target_field === undefined) byId.set(potatoSpanId(s), s);
  // an id of the derived form sent with a span names that span in the same request, even when it is not the
  // span's derived id any more (a span read, moved and sent back)
  if (submitted?.some((s) => s.id !== undefined && isDerivedForm(s.id))) {
    const derived = new Map(spans.map((s) => [derivedSpanId(username, instance.id, s), s]));
    for (const s of submitted) {
      if (s.id === undefined || !isDerivedForm(s.id)) continue;
      const field = s.target_field === task.textKey ? undefined : s.target_field;
      const own = derived.get(spanId(username, instance.id, s.schema, s.name, s.start, s.end, field, s.format_coords));
      if (own) byId.set(s.id, own);
    }
  }
  // a span's own id wins over any other name for it
  for (const s of spans) byId.set(s.id, s);
  return { instance, textLength: textLengthOf(instance), spans: byId };
}

/** The stored entries of one scheme (an empty list when none). */
function storedEntries(scheme: Scheme, labels: AnnotationRecord['labels'] | undefined): StructureEntry[] {
  const raw = labels?.[scheme.name]?.[scheme.name];
  if (raw === undefined) return [];
  const parsed: unknown = JSON.parse(raw);
  return Array.isArray(parsed) ? (parsed as StructureEntry[]) : [];
}

/** Every entry of the record's links or events, as /get_annotations gives them (each with its `schema`). */
export function structurePayload(task: Task, record: AnnotationRecord | undefined, kind: Kind): StructureEntry[] {
  const out: StructureEntry[] = [];
  if (!record) return out;
  const own = new Map(
    [...record.spans]
      .sort((a, b) => Number(a.target_field === undefined) - Number(b.target_field === undefined))
      .map((s) => [potatoSpanId(s), s.id]),
  );
  const ownId = (ref: string) => own.get(ref) ?? ref;
  for (const scheme of structured(task).schemes) {
    if (structureKind(scheme) !== kind) continue;
    for (const { id, ...rest } of storedEntries(scheme, record.labels)) {
      const entry: StructureEntry = { id, schema: scheme.name, ...rest };
      if (kind === 'links') entry.span_ids = (rest.span_ids as string[]).map(ownId);
      else {
        entry.trigger_span_id = ownId(rest.trigger_span_id as string);
        entry.arguments = ((rest.arguments as { role: string; span_id: string }[] | undefined) ?? []).map((a) => ({
          ...a,
          span_id: ownId(a.span_id),
        }));
      }
      out.push(entry);
    }
  }
  return out;
}

/** The span ids an entry refers to, by kind. */
function refsOf(kind: Kind, entry: StructureEntry): string[] {
  if (kind === 'links') return (entry.span_ids as string[]) ?? [];
  const args = (entry.arguments as { span_id: string }[] | undefined) ?? [];
  return [entry.trigger_span_id as string, ...args.map((a) => a.span_id)];
}

/** The entry with every span reference replaced by the span's own id, or the field of the first unknown one. */
function resolveRefs(kind: Kind, entry: StructureEntry, context: SpanContext, field: string): StructureEntry {
  const own = (ref: string, where: string) => {
    const span = context.spans.get(ref);
    if (!span) throw invalid(`${field}.${where}: no span "${ref}" in this instance's span_annotations`);
    // Potato's default id says where the span is without the annotator's span ids; where another span has the
    // same one (two boxes of a label on one page), the span's own id is stored, as read back
    const potato = potatoSpanId(span);
    return context.spans.get(potato) === span ? potato : span.id;
  };
  if (kind === 'links')
    return { ...entry, span_ids: (entry.span_ids as string[]).map((ref, k) => own(ref, `span_ids[${k}]`)) };
  return {
    ...entry,
    trigger_span_id: own(entry.trigger_span_id as string, 'trigger_span_id'),
    arguments: ((entry.arguments as { role: string; span_id: string }[] | undefined) ?? []).map((a, k) => ({
      ...a,
      span_id: own(a.span_id, `arguments[${k}].span_id`),
    })),
  };
}

function entryId(kind: Kind, scheme: Scheme, entry: StructureEntry): string {
  const base = `${scheme.name}\u0001${JSON.stringify(entry)}`;
  return `${kind === 'links' ? 'ln' : 'ev'}_${hashString(base).toString(36)}${hashString(base + '#').toString(36)}`;
}

/** The submitted entries of one kind, checked, by scheme. */
function fromSubmission(
  task: Task,
  kind: Kind,
  given: readonly (StructureEntry & { schema: string })[],
  context: SpanContext,
): Map<string, StructureEntry[]> {
  const field = FIELD[kind];
  const out = new Map<string, StructureEntry[]>();
  given.forEach(({ schema: name, ...raw }, n) => {
    const where = `${field}[${n}]`;
    const scheme = task.schemeByName.get(name);
    if (!scheme) throw invalid(`${where}.schema: unknown scheme "${name}"`);
    if (structureKind(scheme) !== kind) throw invalid(`${where}.schema: "${name}" is not ${KIND_NAME[kind]}`);
    if (raw.properties !== undefined && JSON.stringify(raw.properties).length > 10_000)
      throw invalid(`${where}.properties: longer than 10000 characters as JSON`);
    const resolved = resolveRefs(kind, raw, context, where);
    const { id, ...content } = resolved;
    const checked = schemeModuleOf(scheme).entry!(scheme, content, context);
    if (checked instanceof AnswerError) throw invalid(`${where}: scheme "${name}": ${checked.message}`);
    const list = out.get(name) ?? [];
    const entry = { id: (id as string | undefined) ?? entryId(kind, scheme, checked), ...checked };
    // the same id twice: the later one stands, as when Potato's pages send an edited link again
    const at = list.findIndex((e) => e.id === entry.id);
    if (at >= 0) list[at] = entry;
    else list.push(entry);
    out.set(name, list);
  });
  for (const [name, list] of out) {
    const scheme = task.schemeByName.get(name)!;
    const problem = schemeModuleOf(scheme).entries?.(scheme, list);
    if (problem) throw invalid(`${field}: scheme "${name}": ${problem.message}`);
  }
  return out;
}

/**
 * The labels to store: `labels` (the checked `annotations`, or what is stored) with each links/events scheme's
 * entries from the submission or, when its part is not sent, from what is stored; schemes in configured order.
 */
export function withStructures(
  task: Task,
  instance: Instance,
  username: string,
  labels: AnnotationRecord['labels'],
  before: AnnotationRecord | undefined,
  spans: readonly SpanRecord[],
  submission: Submission,
): AnnotationRecord['labels'] {
  const { schemes } = structured(task);
  // links or events sent to a task without their schemes go on, so each is refused naming its unknown scheme
  if (!schemes.length && !submission.link_annotations?.length && !submission.event_annotations?.length) return labels;
  const context = contextFor(task, instance, username, spans, submission.span_annotations);
  const sent: Partial<Record<Kind, Map<string, StructureEntry[]>>> = {};
  for (const kind of ['links', 'events'] as const) {
    const given = submission[FIELD[kind]];
    if (given !== undefined)
      sent[kind] = fromSubmission(task, kind, given as unknown as (StructureEntry & { schema: string })[], context);
  }
  const merged: AnnotationRecord['labels'] = { ...labels };
  for (const scheme of schemes) {
    const kind = structureKind(scheme);
    if (!kind) {
      const chosen = merged[scheme.name];
      const problem = chosen && schemeModuleOf(scheme).checkInText!(scheme, chosen, context);
      if (problem) throw invalid(`annotations["${scheme.name}:${Object.keys(chosen)[0]}"]: ${problem.message}`);
      continue;
    }
    let entries = sent[kind]?.get(scheme.name);
    if (!sent[kind]) {
      // kept from before, less what points at spans that are gone
      entries = storedEntries(scheme, before?.labels).filter((e) =>
        refsOf(kind, e).every((ref) => context.spans.has(ref)),
      );
    }
    if (entries?.length) merged[scheme.name] = { [scheme.name]: JSON.stringify(entries) };
    else delete merged[scheme.name];
  }
  const ordered: AnnotationRecord['labels'] = {};
  for (const scheme of task.schemes) if (merged[scheme.name]) ordered[scheme.name] = merged[scheme.name];
  return ordered;
}
