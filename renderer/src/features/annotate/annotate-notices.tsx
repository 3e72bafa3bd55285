/**
 * The sentences above the item: the typing log's notice, an error, the screen's notice, the list-done thanks,
 * and what a screen reader is told when an instance is shown; and the counts they are worked out from.
 */
import { ErrorNote } from '../../shared/components/status.js';
import type { CurrentInstance, Phase } from '../../shared/api/types.js';

/** What a screen reader is told when an instance is shown. */
export function announcement(i: CurrentInstance): string {
  const of = i.progress ? Math.max(i.progress.positions, i.current_index + 1) : i.total_instances;
  return `Instance ${i.current_index + 1} of ${of}${i.annotated ? ', annotated' : ''}: ${i.text.slice(0, 120)}`;
}

/** The caller's annotated count: the server's, or from the phase's `remaining` on servers whose current-instance
 * record has none. */
export function annotatedCountOf(instance: CurrentInstance, phase: Phase | null): number | undefined {
  return (
    instance.annotated_count ??
    (phase?.type === 'annotation' && phase.remaining !== undefined
      ? Math.max(0, instance.total_instances - phase.remaining)
      : undefined)
  );
}

interface Props {
  instance: CurrentInstance;
  /** the caller's annotated count, when the server or the phase tells it */
  annotatedCount: number | undefined;
  typingNotice: string | null;
  error: string | null;
  notice: string | null;
  announced: string;
}

export function AnnotateNotices({ instance, annotatedCount, typingNotice, error, notice, announced }: Props) {
  const done = instance.progress
    ? instance.progress.left === 0
    : annotatedCount !== undefined && annotatedCount >= instance.total_instances;
  return (
    <>
      {typingNotice && (
        <p className="notice typing-notice" role="note" data-testid="typing-notice">
          ✎ {typingNotice}
        </p>
      )}
      <ErrorNote>{error}</ErrorNote>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {done && (
        <p className="notice done" role="status">
          Every instance in your list is annotated. Thank you! You can still review and change your answers.
        </p>
      )}
      <p className="visually-hidden" aria-live="polite" data-testid="instance-announcement">
        {announced}
      </p>
    </>
  );
}
