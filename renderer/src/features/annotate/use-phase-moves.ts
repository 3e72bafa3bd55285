/**
 * The annotate screen's moves as they meet the study's phases: the annotation state that asks for the phase again
 * after a move only where the move can change it, and Submit, Next and Back, where Back from the first instance
 * goes to the phase before when the project allows it.
 */
import { useCallback, useRef } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { CurrentInstance, Phase } from '../../shared/api/types.js';
import { useAnnotation, type Annotation } from './use-annotation.js';
import type { SpanSelection } from './use-span-selection.js';

/** The annotation state; `onPhaseChange` runs after a move in a study that goes on after this list, or at its end. */
export function usePhasedAnnotation(phase: Phase | null, onPhaseChange: () => void): Annotation {
  // the phase is asked again only where a move can change it: a study that goes on after this list, or the
  // list's end (the study's completion code); otherwise a step stays one request
  const phaseNow = useRef(phase);
  phaseNow.current = phase;
  return useAnnotation(
    useCallback(
      (current: CurrentInstance) => {
        const p = phaseNow.current;
        const more = p?.type === 'annotation' && !!p.next_phase && p.next_phase !== 'done';
        if (more || (current.annotated_count ?? 0) >= current.total_instances) onPhaseChange();
      },
      [onPhaseChange],
    ),
  );
}

/** Submit, Next and Back for the instance shown, and the hold a panel beside the form may put on Submit and Next. */
export function usePhaseMoves(
  a: Annotation,
  phase: Phase | null,
  onPhaseChange: () => void,
  { pending, setAskLabel }: Pick<SpanSelection, 'pending' | 'setAskLabel'>,
) {
  // a panel beside the form may hold Submit and Next once (think-aloud's require_spoken_label nudge)
  const nextCheck = useRef<(() => boolean) | null>(null);
  const holdNext = useCallback((check: (() => boolean) | null) => (nextCheck.current = check), []);
  /** Submits, unless a selection waits for its label: then the picker asks for it. */
  const submit = useCallback(() => {
    if (pending) setAskLabel(true);
    else if (!nextCheck.current?.()) void a.submit();
  }, [pending, setAskLabel, a]);
  const next = useCallback(() => {
    if (!nextCheck.current?.()) void a.go('next_instance');
  }, [a]);

  const first = a.loaded?.instance.current_index === 0;
  // Potato's Back across phases: from the first instance to the phase before, where the project allows it
  const backToPhase = !!(first && phase?.type === 'annotation' && phase.can_go_back);
  const previous = useCallback(() => {
    if (!backToPhase || !phase) return void a.go('prev_instance');
    if (a.dirty || a.saving.pending > 0) {
      a.setNotice('Submit this instance (or clear its answers) before going back to the previous phase.');
      return;
    }
    api.post('/api/phase/back', { phase: phase.phase }).then(onPhaseChange, (e: unknown) => a.setError(errorText(e)));
  }, [a, backToPhase, phase, onPhaseChange]);

  return { submit, next, previous, first, backToPhase, holdNext };
}
