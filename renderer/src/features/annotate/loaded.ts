/**
 * An instance as the annotate screen holds it (the step answer's view with its AI hint), and the pure helpers
 * that turn step answers into what the screen shows and counts.
 */
import type {
  AiSuggestion,
  CurrentInstance,
  InstanceView,
  ItemNote as ItemNoteRecord,
  Keyword,
  Prediction,
} from '../../shared/api/types.js';
import { fromStored, toSubmission, type Answers } from './answers.js';

export interface Loaded {
  instance: CurrentInstance;
  keywords: Keyword[];
  /** null while loading or when the AI assistant is off */
  ai: AiSuggestion | null;
  aiNote: string | null;
  /** pre-annotations imported for this instance, by source */
  predictions: Prediction[];
  /** the annotator's answers as the server has them */
  saved: Answers;
  /** their note and flags, as the view brought them */
  note?: ItemNoteRecord;
}

export const viewToLoaded = (v: InstanceView, aiOff: boolean): Loaded => ({
  instance: v,
  keywords: v.keywords,
  predictions: v.predictions,
  ai: null,
  aiNote: aiOff ? null : 'Asking the AI assistant…',
  saved: fromStored(v.stored),
  note: v.note,
});

/** The figures the screen shows are the same in both. */
export const sameCounts = (a: CurrentInstance, b: CurrentInstance) =>
  a.annotated_count === b.annotated_count &&
  a.total_instances === b.total_instances &&
  a.current_index === b.current_index &&
  a.annotated === b.annotated &&
  a.skip?.skipped_count === b.skip?.skipped_count &&
  a.progress?.done === b.progress?.done &&
  a.progress?.expected === b.progress?.expected &&
  a.progress?.positions === b.progress?.positions;

/** A step's body: the submission without the instance id, which the step names as `from`. */
export function stepBody(instanceId: string, a: Answers): Record<string, unknown> {
  const { instance_id: _, ...parts } = toSubmission(instanceId, a);
  return parts;
}

/** The figures of an instance as the server counts them now, to take into the one on screen. */
export function pickCounts(c: CurrentInstance): Partial<CurrentInstance> {
  return {
    annotated_count: c.annotated_count,
    total_instances: c.total_instances,
    current_index: c.current_index,
    annotated: c.annotated,
    skip: c.skip,
    progress: c.progress,
  };
}

/** The figures of an instance with `by` more (or fewer) annotated, as the server will count them. */
export function counted(c: CurrentInstance, by: number): CurrentInstance {
  const p = c.progress;
  return {
    ...c,
    annotated_count: (c.annotated_count ?? 0) + by,
    progress: p && { ...p, done: p.done + by, left: Math.max(0, p.left - by) },
  };
}
