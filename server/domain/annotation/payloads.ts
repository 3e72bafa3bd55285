/** The `data` of annotation events, shaped as interface.md part 6.4 and decisions.md "Webhooks" say. */
import type { Task } from '../task.js';
import type { AnnotationRecord } from './records.js';

/** scheme → the chosen value: a label, an array of labels (multiselect), or the entered value. */
export function answerBySchema(task: Task, record: AnnotationRecord): Record<string, string | string[] | Record<string, string>> {
  const out: Record<string, string | string[] | Record<string, string>> = {};
  for (const [schemaName, labels] of Object.entries(record.labels)) {
    const scheme = task.schemeByName.get(schemaName);
    const names = Object.keys(labels);
    if (!scheme || !names.length) continue;
    if (scheme.annotation_type === 'multiselect') out[schemaName] = names;
    else if (scheme.annotation_type === 'text' || scheme.annotation_type === 'number' || scheme.annotation_type === 'slider') {
      out[schemaName] = scheme.labels.length === 1 ? labels[names[0]] : { ...labels };
    } else out[schemaName] = names[0];
  }
  return out;
}

export function spanPayload(record: AnnotationRecord) {
  return record.spans.map((s) => ({ id: s.id, schema: s.schema, name: s.label, start: s.start, end: s.end, value: s.value }));
}

export function annotationEventData(task: Task, record: AnnotationRecord) {
  return {
    annotator_id: record.username,
    instance_id: record.instance_id,
    annotation: answerBySchema(task, record),
    span_annotations: spanPayload(record),
    submitted_at: record.updated_at,
  };
}
