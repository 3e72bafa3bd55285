/**
 * Where the annotator's answers are, always in view: saved, being saved, not saved yet on this instance, or
 * failing to reach the server. A failing save is said plainly (an alert), with the promise that it is kept and
 * sent again, and a way to try at once.
 */
import type { QueueState } from './step-queue.js';

interface Props {
  saving: QueueState;
  dirty: boolean;
  /** the screen waits for the server before it can show the next instance */
  waiting: boolean;
  onRetry: () => void;
}

export function SaveState({ saving, dirty, waiting, onRetry }: Props) {
  if (saving.failure) {
    const count = saving.pending === 1 ? 'Your last answer is' : `${saving.pending} answers are`;
    return (
      <div className="save-state save-failed" role="alert" data-testid="save-state">
        <strong>Not saved yet.</strong> {count} kept on this page and sent again automatically ({saving.failure})
        {waiting ? ' The next instance appears once the server answers.' : ''}{' '}
        {!saving.paused && (
          <button type="button" className="link" onClick={onRetry}>
            Try again now
          </button>
        )}
      </div>
    );
  }
  const text = saving.pending > 0 || waiting ? 'Saving…' : dirty ? 'Unsaved changes' : 'All answers saved';
  return (
    <p className="save-state" role="status" data-testid="save-state">
      {text}
    </p>
  );
}
