/**
 * Pre-annotations: labels and spans from a named source (a model, an earlier export) that annotators see as
 * suggestions. Kept in their own table, so they are never counted, exported or fired as human annotations.
 * One record per instance and source; importing a source again replaces its records.
 */
import { invalid } from '../errors.js';
import type { Store, StoreOp } from '../ports.js';
import { textLengthOf, type Instance, type Task } from '../task.js';
import { answerByScheme } from '../annotation/payloads.js';
import { offsetsFit, type FormatCoords } from '../annotation/records.js';
import { isSpanClientId, readFormatCoords, SPAN_ID_RULE } from '../annotation/span-fields.js';
import { spanTarget } from '../annotation/validate-spans.js';
import { labelsFromAnswers } from './answers.js';

interface PredictedSpan {
  /** the id the row gave it (an export's span id), which its links and events name */
  id?: string;
  schema: string;
  label: string;
  start: number;
  end: number;
  /** the span target field it marks, when not the text field: its offsets index that field's text */
  target_field?: string;
  /** Potato's place of the span in a PDF or on a page, checked as the API checks it */
  format_coords?: FormatCoords;
}

export interface PredictionRecord {
  instance_id: string;
  source: string;
  /** stored like an annotation's labels: scheme → label → value */
  labels: Record<string, Record<string, string>>;
  spans: PredictedSpan[];
  created_at: string;
}

declare module '../ports.js' {
  interface Tables {
    /** key: instance id + "\u0001" + source */
    predictions: PredictionRecord;
  }
}

const predictionKey = (instanceId: string, source: string) => `${instanceId}\u0001${source}`;

const SOURCE = /^[\p{L}\p{N} ._:@/-]{1,64}$/u;

export function checkSource(source: unknown, where: string): string {
  if (typeof source !== 'string' || !SOURCE.test(source)) {
    throw invalid(`${where}source: give a source name of 1–64 letters, digits, spaces or ._:@/-`);
  }
  return source;
}

/**
 * One pre-annotation row, as a JSONL export writes it: `{instance_id, labels?: {schema: answer}, spans?:
 * [{id?, schema, label, start, end, target_field?, format_coords?}], source?}` (`name` is accepted for `label`, as
 * /updateinstance spells it).
 * `where` prefixes errors ("file:line: ").
 */
export function parsePrediction(
  task: Task,
  row: unknown,
  where: string,
  defaultSource: string | undefined,
  now: string,
): PredictionRecord {
  if (!row || typeof row !== 'object' || Array.isArray(row)) throw invalid(`${where}each prediction must be an object`);
  const r = row as Record<string, unknown>;
  const id = typeof r.instance_id === 'number' ? String(r.instance_id) : r.instance_id;
  if (typeof id !== 'string' || !id) throw invalid(`${where}instance_id: missing`);
  // positionById holds the task's own instances, not quality-control checks
  const instance = task.positionById.has(id) ? task.instanceById.get(id) : undefined;
  if (!instance) throw invalid(`${where}instance_id: no instance "${id.slice(0, 80)}" in this project`);
  const source = checkSource(r.source ?? defaultSource, where);
  if (r.labels !== undefined && (typeof r.labels !== 'object' || r.labels === null || Array.isArray(r.labels))) {
    throw invalid(`${where}labels: expected an object of scheme → answer`);
  }
  const labels = labelsFromAnswers(task, (r.labels ?? {}) as Record<string, unknown>, where);
  if (r.spans !== undefined && !Array.isArray(r.spans)) throw invalid(`${where}spans: expected an array`);
  const ids = new Map<string, number>();
  const spans = ((r.spans ?? []) as unknown[]).map((raw, n): PredictedSpan => {
    const field = `${where}spans[${n}]`;
    const s = (raw ?? {}) as Record<string, unknown>;
    const scheme = task.schemeByName.get(String(s.schema));
    if (!scheme || scheme.annotation_type !== 'span')
      throw invalid(`${field}.schema: "${String(s.schema)}" is not a span scheme of this project`);
    const label = s.label ?? s.name;
    if (typeof label !== 'string' || !scheme.labels.some((l) => l.name === label))
      throw invalid(`${field}.label: scheme "${scheme.name}" has no label "${String(label)}"`);
    let coords: FormatCoords | undefined;
    if (s.format_coords !== undefined && s.format_coords !== null) {
      const read = readFormatCoords(s.format_coords);
      if ('problem' in read) throw invalid(`${field}.${read.problem}`);
      coords = read.coords;
    }
    if (s.target_field !== undefined && s.target_field !== null && typeof s.target_field !== 'string')
      throw invalid(`${field}.target_field: expected the name of a field`);
    const target = spanTarget(task, instance, scheme, s.target_field ?? undefined, field);
    const { start, end } = s;
    const length = target.text === undefined ? textLengthOf(instance) : target.text.length;
    const offsets = offsetsFit(start as number, end as number, length, coords);
    if (!Number.isInteger(start) || !Number.isInteger(end) || !offsets.fits) {
      throw invalid(
        `${field}: offsets must be integers with ${offsets.rule}${target.field === undefined ? '' : ` (the length of "${target.field}")`}`,
      );
    }
    // a span that says what text it covers must cover that text: catches offsets computed on another text
    if (typeof s.text === 'string' && (target.text ?? instance.text).slice(start as number, end as number) !== s.text) {
      throw invalid(`${field}.text: "${s.text.slice(0, 40)}" is not the text at ${start}..${end}`);
    }
    const span: PredictedSpan = { schema: scheme.name, label, start: start as number, end: end as number };
    if (target.field !== undefined) span.target_field = target.field;
    if (coords !== undefined) span.format_coords = coords;
    if (s.id !== undefined) {
      if (!isSpanClientId(s.id)) throw invalid(`${field}.id: ${SPAN_ID_RULE}`);
      const other = ids.get(s.id);
      if (other !== undefined) throw invalid(`${field}.id: "${s.id}" already names spans[${other}], another span`);
      ids.set(s.id, n);
      span.id = s.id;
    }
    return span;
  });
  spans.sort(
    (a, b) =>
      (a.target_field ?? '').localeCompare(b.target_field ?? '') ||
      a.start - b.start ||
      a.end - b.end ||
      a.schema.localeCompare(b.schema) ||
      a.label.localeCompare(b.label),
  );
  return { instance_id: id, source, labels, spans, created_at: now };
}

/** The pre-annotations of each instance, indexed at start and kept in step with `replaceOps`. */
export class Predictions {
  private readonly byInstance = new Map<string, Set<string>>();

  constructor(
    private readonly store: Store,
    private readonly task: Task,
  ) {
    for (const [, record] of store.entries('predictions')) this.index(record);
  }

  private index(record: PredictionRecord): void {
    let sources = this.byInstance.get(record.instance_id);
    if (!sources) this.byInstance.set(record.instance_id, (sources = new Set()));
    sources.add(record.source);
  }

  /** Ops that store `records`; a (instance, source) pair given twice is refused, naming both places. */
  planOps(records: { record: PredictionRecord; where: string }[]): StoreOp[] {
    const seen = new Map<string, string>();
    for (const { record, where } of records) {
      const key = predictionKey(record.instance_id, record.source);
      const first = seen.get(key);
      if (first)
        throw invalid(
          `${where}a second prediction for instance "${record.instance_id}" from source "${record.source}" (first at ${first}); give each its own source`,
        );
      seen.set(key, where.replace(/: $/, ''));
    }
    return records.map(({ record }) => ({
      table: 'predictions',
      key: predictionKey(record.instance_id, record.source),
      value: record,
    }));
  }

  /** Call after the ops of `planOps` are written. */
  added(records: readonly PredictionRecord[]): void {
    for (const record of records) this.index(record);
  }

  /** The text a span's offsets index: its field's, or the item's. */
  private textOf(instance: Instance, field: string | undefined): string {
    return (field === undefined ? undefined : this.task.spanFields?.get(field)?.(instance)) ?? instance.text;
  }

  /** An instance's suggestions, by source name, in the portable answer shape, spans with their text. */
  of(instanceId: string) {
    const instance = this.task.instanceById.get(instanceId);
    const sources = [...(this.byInstance.get(instanceId) ?? [])].sort();
    return sources.flatMap((source) => {
      const record = this.store.get('predictions', predictionKey(instanceId, source));
      if (!record || !instance) return [];
      return [
        {
          source,
          labels: answerByScheme(this.task, { labels: record.labels } as Parameters<typeof answerByScheme>[1]),
          spans: record.spans.map((s) => ({ ...s, text: this.textOf(instance, s.target_field).slice(s.start, s.end) })),
          created_at: record.created_at,
        },
      ];
    });
  }
}
