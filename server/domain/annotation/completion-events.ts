/**
 * item.fully_annotated the first time an instance reaches its required number of annotators, and task.completed
 * after the last one, each with the completion row that makes it fire once, written with the submission.
 */
import type { DomainEvent } from '../events.js';
import type { Clock, Store, StoreOp } from '../ports.js';
import type { Instance, Task } from '../task.js';
import type { AnnotationIndex } from './annotation-index.js';
import type { CompletionMarks } from './completion-marks.js';
import { answerByScheme } from './payloads.js';
import type { AnnotationRecord } from './records.js';

export interface AnnotationSettings {
  taskName(): string;
  required(): number;
}

/** What deciding a completion reads: built once by the annotation service, so a submission allocates no context. */
export interface CompletionContext {
  store: Store;
  task: Task;
  clock: Clock;
  settings: AnnotationSettings;
  marks: CompletionMarks;
  index: AnnotationIndex;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
}

/** The events `latest` completes, with their rows added to `ops`; none for an instance short of its annotators. */
export function completionEvents(
  c: CompletionContext,
  instance: Instance,
  latest: AnnotationRecord,
  now: string,
  ops: StoreOp[],
): DomainEvent[] {
  if (c.index.annotatorCount(instance.id) < c.settings.required() || c.marks.has(instance.id)) return [];
  const annotators = c.index.annotatorsOf(instance.id);
  const at = c.clock.now();
  ops.push({ table: 'completions', key: instance.id, value: { completed_at: now } });
  c.marks.mark(instance.id);
  const events: DomainEvent[] = [
    {
      type: 'item.fully_annotated',
      at,
      data: {
        instance_id: instance.id,
        annotator_count: annotators.size,
        // the submitter's record is not stored yet (it goes in the same write), so take it from `latest`
        annotations: [...annotators].map((annotator) => ({
          annotator_id: annotator,
          ...answerByScheme(c.task, annotator === latest.username ? latest : c.get(annotator, instance.id)!),
        })),
      },
    },
  ];
  // completions holds one row per completed instance plus the task's own row under the key ""
  const completedInstances = c.store.size('completions') + 1 - (c.store.get('completions', '') ? 1 : 0);
  if (completedInstances >= c.task.instances.length && !c.store.get('completions', '')) {
    ops.push({ table: 'completions', key: '', value: { completed_at: now } });
    events.push({
      type: 'task.completed',
      at,
      data: {
        task_name: c.settings.taskName(),
        total_instances: c.task.instances.length,
        total_annotations: c.index.total(),
        completed_at: now,
      },
    });
  }
  return events;
}
