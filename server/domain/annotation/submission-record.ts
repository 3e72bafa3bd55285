/**
 * The record a change makes, and whether it changes anything: from a submission (checked against the task and
 * the text) or from an undo putting an earlier record back. Pure, so the service's part is only where records
 * come from and how they are written.
 */
import { invalid } from '../errors.js';
import type { Instance, Task } from '../task.js';
import { hiddenSchemes, withoutHidden } from '../display-logic/schemes.js';
import { sameLabels, sameSpans, type AnnotationRecord, type Submission } from './records.js';
import { hasStructures, withStructures } from './structures.js';
import type { SubmitContext } from './submit-hooks.js';
import { validateLabels } from './validate.js';
import { validateSpans } from './validate-spans.js';

/** The record `submission` makes over the annotator's `before`, at `now`. */
export function submittedRecord(
  task: Task,
  username: string,
  instance: Instance,
  submission: Submission,
  before: AnnotationRecord | undefined,
  now: string,
): SubmitContext {
  if (
    submission.annotations === undefined &&
    submission.span_annotations === undefined &&
    submission.link_annotations === undefined &&
    submission.event_annotations === undefined
  ) {
    throw invalid('send annotations, span_annotations or both (or link_annotations, event_annotations)');
  }
  let spans =
    submission.span_annotations !== undefined
      ? validateSpans(task, instance, username, submission.span_annotations, before?.spans)
      : (before?.spans ?? []);
  let labels =
    submission.annotations !== undefined ? validateLabels(task, submission.annotations) : (before?.labels ?? {});
  if (hasStructures(task) || submission.link_annotations?.length || submission.event_annotations?.length)
    labels = withStructures(task, instance, username, labels, before, spans, submission);
  // answers to schemes the other answers hide are not kept, whatever the client sent
  ({ labels, spans } = withoutHidden(labels, spans, hiddenSchemes(task, labels, spans)));
  const changed = !before || !sameLabels(before.labels, labels) || !sameSpans(before.spans, spans);
  const after: AnnotationRecord = changed
    ? { username, instance_id: instance.id, labels, spans, created_at: before?.created_at ?? now, updated_at: now }
    : before;
  return { username, instance, before, after, changed };
}

/** An undo's record: `earlier` put back (timestamps and all), or with none an empty one that removes theirs. */
export function restoredRecord(
  username: string,
  instance: Instance,
  before: AnnotationRecord | undefined,
  earlier: AnnotationRecord | null,
  now: string,
): SubmitContext {
  const after = earlier ?? {
    username,
    instance_id: instance.id,
    labels: {},
    spans: [],
    created_at: now,
    updated_at: now,
  };
  const changed = earlier
    ? !before ||
      !sameLabels(before.labels, after.labels) ||
      !sameSpans(before.spans, after.spans) ||
      before.updated_at !== after.updated_at
    : !!before;
  return { username, instance, before, after, changed };
}
