/**
 * Moves other than a step (the next unannotated instance, one picked by id): made after every queued step is
 * stored, the screen waiting for them. A move the session's end stopped is made again once the annotator has
 * logged in again in place.
 */
import { useCallback, useEffect, useRef } from 'react';
import { api, ApiError, errorText } from '../../shared/api/client.js';
import type { CurrentInstance, StepAnswer } from '../../shared/api/types.js';
import { SESSION_RESTORED } from '../../shared/unsaved/unsaved-work.js';
import { toSubmission } from './answers.js';
import type { AnnotationCore } from './annotation-core.js';

export type GoAction = 'next_instance' | 'prev_instance' | 'jump_to_unannotated';

export function useMoves(
  core: AnnotationCore,
  /** true when the annotator was told which required questions are missing instead */
  requiredMissing: (forward: boolean) => boolean,
  moved: (current: CurrentInstance) => void,
): (action: GoAction | { go_to: string }) => Promise<void> {
  const retry = useRef<(() => Promise<void>) | null>(null);
  const movedRef = useRef(moved);
  movedRef.current = moved;

  const move = useCallback(
    async (action: GoAction | { go_to: string }) => {
      const { latest, queue } = core;
      if (latest.current.busy) return;
      if (requiredMissing(action === 'jump_to_unannotated')) return;
      if (queue.state.failure) {
        core.setError('Your earlier answers are not saved yet; wait until they are (see below) before moving.');
        return;
      }
      core.setBusy(true);
      core.setError(null);
      core.setNotice(null);
      try {
        const { dirty: d, loaded: l, answers: a } = latest.current;
        if (d && l) await api.post('/updateinstance', toSubmission(l.instance.instance_id, a));
        await queue.drained();
        const before = latest.current.loaded?.instance.instance_id;
        await api.post('/go_to', typeof action === 'string' ? { action } : action);
        const here = await api.get<StepAnswer>('/api/annotate/step');
        if (here.current.instance_id === before && typeof action === 'string') {
          core.setNotice(
            action === 'jump_to_unannotated'
              ? 'Every instance is annotated.'
              : action === 'next_instance'
                ? 'This is the last instance.'
                : 'This is the first instance.',
          );
        }
        core.takeIn(here, true);
        movedRef.current(here.current);
      } catch (e) {
        if (e instanceof ApiError && e.status === 401 && latest.current.dirty) {
          retry.current = () => move(action);
          core.setError('Your session ended. Log in again to save your answers; they stay on this page.');
        } else core.setError(errorText(e));
      } finally {
        core.setBusy(false);
      }
    },
    [core, requiredMissing],
  );

  useEffect(() => {
    const again = () => {
      core.queue.resume();
      const r = retry.current;
      retry.current = null;
      if (r) void r();
    };
    window.addEventListener(SESSION_RESTORED, again);
    return () => window.removeEventListener(SESSION_RESTORED, again);
  }, [core]);

  return move;
}
