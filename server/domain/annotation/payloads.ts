/** The `data` of annotation events, shaped as docs/webhooks.md and the OpenAPI document's webhooks section say. */
import type { Task } from '../task.js';
import type { AnnotationRecord, FormatCoords } from './records.js';
import { schemeModuleOf, type AnswerValue } from '../schemes/registry.js';

/**
 * scheme → the answer as its type module shows it: a label, an array of labels (multiselect), the entered value,
 * or a structured value for richer types.
 */
export function answerByScheme(task: Task, record: AnnotationRecord): Record<string, AnswerValue> {
  const out: Record<string, AnswerValue> = {};
  for (const schemeName in record.labels) {
    const scheme = task.schemeByName.get(schemeName);
    const chosen = record.labels[schemeName];
    if (!scheme || !hasAny(chosen)) continue;
    out[schemeName] = schemeModuleOf(scheme).answer(scheme, chosen);
  }
  return out;
}

function hasAny(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

/**
 * A record's spans as the API gives them; `target_field` only on spans of a field other than the text,
 * `format_coords` only where the client sent them.
 */
export function spanPayload(record: AnnotationRecord) {
  return record.spans.map((s) => {
    const out: {
      id: string;
      schema: string;
      name: string;
      start: number;
      end: number;
      value: string;
      target_field?: string;
      format_coords?: FormatCoords;
    } = { id: s.id, schema: s.schema, name: s.label, start: s.start, end: s.end, value: s.value };
    if (s.target_field !== undefined) out.target_field = s.target_field;
    if (s.format_coords !== undefined) out.format_coords = s.format_coords;
    return out;
  });
}

export function annotationEventData(task: Task, record: AnnotationRecord) {
  return {
    annotator_id: record.username,
    instance_id: record.instance_id,
    annotation: answerByScheme(task, record),
    span_annotations: spanPayload(record),
    submitted_at: record.updated_at,
  };
}
