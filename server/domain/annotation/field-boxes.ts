/**
 * Boxes drawn on a document or PDF field in a task without a span scheme (Potato's `annotation_mode:
 * bounding_box` beside, say, only a radio scheme). They are kept as boxes always are, zero-length spans with
 * `bounding_box` format_coords; as no span scheme can hold them, their scheme is the field's key.
 */
import { invalid } from '../errors.js';
import type { Task } from '../task.js';
import type { FormatCoords, Submission } from './records.js';

/**
 * Whether a span is a box of the task's drawing field in a task without a span scheme (its schema is the field's
 * key), in no other field, named with one of the field's box labels or "" for none. That it is a box (its
 * format_coords, sent or kept) is asked by `checkFieldBox` once they are known.
 */
export function isFieldBox(
  task: Task,
  span: NonNullable<Submission['span_annotations']>[number],
  where: string,
): boolean {
  const box = task.boxField;
  if (!box?.fieldLabels || span.schema !== box.key) return false;
  if (span.target_field !== undefined)
    throw invalid(`${where}.target_field: a box of "${box.key}" is drawn on that field and names none`);
  if (span.name !== '' && !box.fieldLabels.includes(span.name))
    throw invalid(
      `${where}.name: a box of "${box.key}" is labelled ${box.fieldLabels.length ? `with one of ${box.fieldLabels.join(', ')} or ` : ''}"" (none), not "${span.name}"`,
    );
  return true;
}

export function checkFieldBox(task: Task, coords: FormatCoords | undefined, where: string): void {
  if (coords?.format !== 'bounding_box')
    throw invalid(
      `${where}.format_coords: a span of "${task.boxField!.key}" is a box drawn on it (format bounding_box)`,
    );
}
