/**
 * Whether the screen holds answers the server does not have yet. The annotate screen reports it; the shell asks
 * before logging out or leaving for another screen, and the browser asks before a reload or closing the tab.
 */
import { useLayoutEffect } from 'react';

let unsaved = false;

export const hasUnsavedWork = () => unsaved;

/** Fired on window when a lost session is logged into again in place; the screen retries what the 401 stopped. */
export const SESSION_RESTORED = 'marginalia:session-restored';

/** Reports `dirty` to the shell and, while it holds, has the browser ask before the page goes away. */
export function useUnsavedWork(dirty: boolean): void {
  // in the commit that shows the change, so the page never looks edited without the guard in place
  useLayoutEffect(() => {
    unsaved = dirty;
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = ''; // older engines ask only when returnValue is set
    };
    window.addEventListener('beforeunload', ask);
    return () => {
      unsaved = false;
      window.removeEventListener('beforeunload', ask);
    };
  }, [dirty]);
}
