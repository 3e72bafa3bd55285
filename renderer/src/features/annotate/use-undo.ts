/**
 * Ctrl+Z: unsaved changes on the shown instance go first; then back to the instance last submitted, its
 * answers as they were before. The undo is queued behind the steps still on their way, so it takes back the
 * one it names and nothing is reordered; the instance is shown at once when this page left it.
 */
import { useCallback } from 'react';
import type { AnnotationCore, Left } from './annotation-core.js';
import type { Step } from './step-queue.js';
import type { UndoStack } from './undo-stack.js';

export function useUndo(core: AnnotationCore, stack: UndoStack): () => void {
  return useCallback(() => {
    const { loaded: l, busy: waiting, dirty: changed } = core.latest.current;
    if (!l || waiting) return;
    core.setError(null);
    if (changed) {
      core.display(l);
      core.setNotice(
        'Your unsaved changes to this instance are undone. Undo again to go back to the instance you submitted before it.',
      );
      return;
    }
    const undo = stack.take();
    if (!undo) {
      core.setNotice('There is nothing to undo.');
      return;
    }
    core.setNotice(null);
    const { target, mine } = undo;
    const step: Step<Left> = {
      from: target,
      body: {},
      meta: { view: mine?.meta.view ?? l, answers: null, undo: true },
    };
    if (mine) {
      // the instance on screen comes next again if it is the one after; else the undo's answer says which
      core.ahead.current = l.instance.current_index === mine.meta.view.instance.current_index + 1 ? l : null;
      core.display(mine.meta.view);
    } else {
      core.waitingFor.current = step;
      core.setBusy(true);
    }
    core.queue.push(step);
  }, [core, stack]);
}
