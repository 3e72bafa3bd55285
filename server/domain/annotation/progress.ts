/** An annotator's progress as they should see it: against what they are expected to do, never a batch. */

export interface AnnotatorProgress {
  /** task instances the annotator has annotated */
  done: number;
  /** task instances they are expected to annotate: their quota, or every instance they hold or may still be handed */
  expected: number;
  /** expected − done */
  left: number;
  /** max_annotations_per_user, when set */
  quota: number | null;
  /**
   * positions their list will have: its items now (quality checks included) and the task instances still to be
   * handed to them, so "instance n of positions" never counts a batch
   */
  positions: number;
}

export function annotatorProgress(input: {
  done: number;
  held: number;
  reachable: number;
  quota: number | null;
  listLength: number;
}): AnnotatorProgress {
  const { done, held, reachable, quota, listLength } = input;
  // a quota lowered below what the annotator already holds leaves them their list
  const expected = Math.max(held, done, quota === null ? reachable : Math.min(quota, reachable));
  return { done, expected, left: expected - done, quota, positions: listLength + expected - held };
}
