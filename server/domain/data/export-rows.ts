/**
 * What an export holds and how each record looks in each format. Pure: the writers in server/io stream these
 * rows out chunk by chunk. Records come in task order, then by annotator name, so exports are reproducible.
 * The formats over the text's tokens and characters (CoNLL, spaCy) are in span-formats.ts.
 */
import type { Instance, Task } from '../task.js';
import type { AnnotationRecord, SpanRecord } from '../annotation/records.js';
import { answerByScheme } from '../annotation/payloads.js';
import type { AnswerValue } from '../schemes/registry.js';
import { hasStructures, structurePayload } from '../annotation/structures.js';
import { schemeModuleOf } from '../schemes/registry.js';

import { isSpanScheme } from './span-formats.js';

export { conllBlock, spacyDoc, spanSchemes, textOnlyWarning } from './span-formats.js';

/** pure_display and its like are shown, never answered: no column of their own */
const answerable = (task: Task) => task.schemes.filter((s) => schemeModuleOf(s).storage !== 'none');

export const EXPORT_STATUSES = ['completed', 'in_progress'] as const;

export interface ExportFilter {
  annotator?: string;
  /** completed: the instance has its required number of annotators; in_progress: fewer, but some */
  status?: (typeof EXPORT_STATUSES)[number];
}

/** What exports read from the annotation service. */
export interface AnnotationReader {
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
  /** a study platform's IDs of a worker who signed in from its link (provider, worker_id, study, session…) */
  crowdOf?(username: string): Record<string, string> | undefined;
  /** the annotator's note and flags on the instance, if any */
  noteOf?(username: string, instanceId: string): ItemNote | undefined;
  /** visible time, visits and answer changes of the annotator on the instance, if any */
  timeOf?(username: string, instanceId: string): ItemTime | undefined;
}

export interface ItemTime {
  visible_ms: number;
  visits: number;
  /**
   * each saved change: when, which answer (`scheme:label`, spans `scheme:label[start:end]`), the new value (null:
   * removed)
   */
  changes: { at: string; key: string; value: string | null }[];
}

interface ItemNote {
  note: string;
  flags: readonly string[];
}

export interface ExportItem {
  instance: Instance;
  record: AnnotationRecord;
  crowd?: Record<string, string>;
  note?: ItemNote;
  time?: ItemTime;
  /** the gold view: where the answer came from (an adjudicator's decision or the annotators' majority) */
  gold?: GoldInfo;
}

export interface GoldInfo {
  source: 'adjudicated' | 'majority';
  annotators: number;
  adjudicator?: string;
  decided_at?: string;
  notes?: string;
  confidence?: string;
  /** majority: scheme → share of its answers that are the majority answer */
  vote_share?: Record<string, number>;
  ties?: string[];
}

export const EXPORT_VIEWS = ['annotations', 'gold', 'phases'] as const;

/**
 * The gold view: one row per item that has a gold answer, its annotator column "gold:adjudicated" or "gold:majority".
 */
export function* goldItems(
  task: Task,
  goldOf: (instance: Instance) => (GoldInfo & { labels: AnnotationRecord['labels']; spans: SpanRecord[] }) | undefined,
): Generator<ExportItem> {
  for (const instance of task.instances.slice()) {
    const gold = goldOf(instance);
    if (!gold) continue;
    const { labels, spans, ...info } = gold;
    const at = gold.decided_at ?? '';
    const record: AnnotationRecord = {
      username: `gold:${gold.source}`,
      instance_id: instance.id,
      labels,
      spans,
      created_at: at,
      updated_at: at,
    };
    yield { instance, record, gold: info };
  }
}

/** The project's services an export reads from; each is a domain service, named as the project composes them. */
export interface ExportSources {
  annotations: Pick<AnnotationReader, 'annotatorsOf' | 'get'>;
  crowd: { exportOf(username: string): Record<string, string> | undefined };
  itemNotes: { get(username: string, instanceId: string): ItemNote | undefined };
  itemTimes: { exportOf(username: string, instanceId: string): ItemTime | undefined };
}

/** Everything an annotation row carries: the record, the worker's study IDs, the note and flags, the time. */
export function exportReader(s: ExportSources): AnnotationReader {
  return {
    annotatorsOf: (id) => s.annotations.annotatorsOf(id),
    get: (u, id) => s.annotations.get(u, id),
    crowdOf: (u) => s.crowd.exportOf(u),
    noteOf: (u, id) => s.itemNotes.get(u, id),
    timeOf: (u, id) => s.itemTimes.exportOf(u, id),
  };
}

export function* exportItems(
  task: Task,
  reader: AnnotationReader,
  required: number,
  filter: ExportFilter = {},
): Generator<ExportItem> {
  // a copy: an import may add instances while a long export streams
  for (const instance of task.instances.slice()) {
    const annotators = reader.annotatorsOf(instance.id);
    if (!annotators.size) continue;
    if (filter.status === 'completed' && annotators.size < required) continue;
    if (filter.status === 'in_progress' && annotators.size >= required) continue;
    const names =
      filter.annotator !== undefined
        ? annotators.has(filter.annotator)
          ? [filter.annotator]
          : []
        : [...annotators].sort();
    for (const username of names) {
      const record = reader.get(username, instance.id);
      if (!record) continue;
      const crowd = reader.crowdOf?.(username);
      const note = reader.noteOf?.(username, instance.id);
      const time = reader.timeOf?.(username, instance.id);
      yield {
        instance,
        record,
        ...(crowd ? { crowd } : {}),
        ...(note ? { note: { note: note.note, flags: note.flags } } : {}),
        ...(time ? { time } : {}),
      };
    }
  }
}

/** The text a span's offsets index: its span target field's (empty when the item no longer holds it), else the text. */
function spanSource(task: Task, instance: Instance, s: SpanRecord): string {
  if (s.target_field === undefined) return instance.text;
  return task.spanFields?.get(s.target_field)?.(instance) ?? '';
}

/**
 * A span as the row formats write it: its own id (the client's, else the derived one) first, so a script joins the
 * links of the row to it; `target_field` (Potato's name) only for a field other than the text, `format_coords` as
 * sent. Plain literals, not spreads: spread-built objects held a large export's memory far higher
 * (docs/performance.md).
 */
function spanOut(task: Task, instance: Instance, s: SpanRecord, withSchema: boolean) {
  const { id, schema, label, start, end, target_field, format_coords } = s;
  const text = spanSource(task, instance, s).slice(start, end);
  if (format_coords !== undefined)
    return withSchema
      ? { id, schema, label, start, end, target_field, format_coords, text }
      : { id, label, start, end, target_field, format_coords, text };
  if (target_field === undefined)
    return withSchema ? { id, schema, label, start, end, text } : { id, label, start, end, text };
  return withSchema
    ? { id, schema, label, start, end, target_field, text }
    : { id, label, start, end, target_field, text };
}

/**
 * The record's answers with each link's and event's spans named by their own ids, as the API reads them, since the
 * JSONL and CSV spans carry those ids; a task without such schemes pays nothing for it.
 */
function answersNamingIds(task: Task, record: AnnotationRecord): Record<string, AnswerValue> {
  const answers = answerByScheme(task, record);
  if (!hasStructures(task)) return answers;
  for (const kind of ['links', 'events'] as const) {
    const entries = structurePayload(task, record, kind);
    for (const name of new Set(entries.map((e) => e.schema as string)))
      answers[name] = entries.filter((e) => e.schema === name).map(({ schema: _schema, ...entry }) => entry);
  }
  return answers;
}

/** One JSONL line (without the newline): the shape pre-annotation imports read back. */
export function jsonlLine(task: Task, { instance, record, crowd, note, gold }: ExportItem): string {
  return JSON.stringify({
    instance_id: instance.id,
    annotator: record.username,
    text: instance.text,
    labels: answersNamingIds(task, record),
    spans: record.spans.map((s) => spanOut(task, instance, s, true)),
    created_at: record.created_at,
    updated_at: record.updated_at,
    ...(crowd ? { crowd } : {}),
    ...(note ? { note: note.note, flags: note.flags } : {}),
    ...(gold ? { gold } : {}),
  });
}

const FIXED_COLUMNS = ['instance_id', 'annotator', 'text', 'updated_at'];

/** CSV header: the fixed columns and one column per answerable scheme (`schema:<name>` if a name collides). */
export function csvHeader(task: Task): string[] {
  const schemes = answerable(task).map((s) => (FIXED_COLUMNS.includes(s.name) ? `schema:${s.name}` : s.name));
  return ['instance_id', 'annotator', 'text', ...schemes, 'updated_at'];
}

/**
 * CSV cells: a single choice is its label; multiselect labels joined by `|`; a value is the value (several
 * fields: JSON object); spans are a JSON array of {id, label, start, end, text} (with target_field for a span of
 * another field than the text); no answer is an empty cell.
 */
export function csvRow(task: Task, { instance, record }: ExportItem): string[] {
  const answers = answersNamingIds(task, record);
  const cells = answerable(task).map((scheme) => {
    if (isSpanScheme(scheme)) {
      const spans = record.spans.filter((s) => s.schema === scheme.name).map((s) => spanOut(task, instance, s, false));
      return spans.length ? JSON.stringify(spans) : '';
    }
    const answer = answers[scheme.name];
    if (answer === undefined) return '';
    if (Array.isArray(answer) && answer.every((a) => typeof a === 'string')) return answer.join('|');
    return typeof answer === 'object' && answer !== null ? JSON.stringify(answer) : String(answer);
  });
  return [instance.id, record.username, instance.text, ...cells, record.updated_at];
}
