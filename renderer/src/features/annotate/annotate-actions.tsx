/** The annotate form's buttons: previous (or back to the phase before), undo, submit, next, next unannotated, skip. */
import type { CurrentInstance } from '../../shared/api/types.js';
import { useUiText } from '../../shared/ui-text.js';
import { isEmpty } from './answers.js';
import { SkipControl } from './skip-control.js';
import type { Annotation } from './use-annotation.js';

interface Props {
  a: Annotation;
  instance: CurrentInstance;
  /** the first instance of the list */
  first: boolean;
  /** Previous goes back to the phase before */
  backToPhase: boolean;
  previous(): void;
  /** Next without submitting (a panel may hold it) */
  next(): void;
}

export function AnnotateActions({ a, instance, first, backToPhase, previous, next }: Props) {
  const text = useUiText();
  return (
    <div className="actions">
      <button
        type="button"
        onClick={previous}
        disabled={a.busy || (first && !backToPhase)}
        aria-keyshortcuts="ArrowLeft"
      >
        {backToPhase ? '← Back' : `← ${text.previous_button}`}
      </button>
      <button
        type="button"
        onClick={a.undo}
        disabled={a.busy || (!a.canUndo && !a.dirty)}
        aria-keyshortcuts="Control+Z"
        title="Back to the instance you submitted last, its answers as they were"
      >
        ↶ Undo <kbd>Ctrl+Z</kbd>
      </button>
      <button type="submit" className="primary" disabled={a.busy} aria-keyshortcuts="Enter">
        {text.submit_button} ⏎
      </button>
      <button type="button" onClick={next} disabled={a.busy} aria-keyshortcuts="ArrowRight">
        {text.next_button} →
      </button>
      <button type="button" onClick={() => void a.go('jump_to_unannotated')} disabled={a.busy} aria-keyshortcuts="n">
        Next unannotated <kbd>n</kbd>
      </button>
      <SkipControl
        skip={instance.skip}
        instanceId={instance.instance_id}
        busy={a.busy}
        answered={!isEmpty(a.answers)}
        onSkip={(reason) => void a.skip(reason)}
      />
    </div>
  );
}
