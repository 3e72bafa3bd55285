/**
 * The Skip button of a project with allow_skip: with skip_reason_required it asks for the reason first. A skip is
 * recorded apart from answers; answering the instance later takes it back.
 */
import { useEffect, useState } from 'react';
import type { CurrentInstance } from '../../shared/api/types.js';

interface Props {
  skip: CurrentInstance['skip'];
  instanceId: string;
  busy: boolean;
  /** the form holds answers: a skip would drop them, so the annotator clears them first */
  answered: boolean;
  onSkip: (reason: string) => void;
}

export function SkipControl({ skip, instanceId, busy, answered, onSkip }: Props) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  useEffect(() => {
    setAsking(false);
    setReason('');
  }, [instanceId]);
  if (!skip?.allowed) return null;
  const start = () => (skip.reason_required ? setAsking(true) : onSkip(''));
  return (
    <>
      <button
        type="button"
        onClick={start}
        disabled={busy || answered}
        title={answered ? 'Clear your answers to skip this instance' : 'Skip this instance without answering'}
      >
        Skip
      </button>
      {asking && (
        <div className="skip-form" role="group" aria-label="Reason for skipping">
          <label htmlFor="skip-reason">Why do you skip it?</label>
          <input
            id="skip-reason"
            value={reason}
            autoFocus
            onChange={(e) => setReason(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                e.stopPropagation();
                if (reason.trim()) onSkip(reason.trim());
              }
            }}
          />
          <button
            type="button"
            className="primary"
            disabled={!reason.trim() || busy}
            onClick={() => onSkip(reason.trim())}
          >
            Skip with this reason
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            Cancel
          </button>
        </div>
      )}
    </>
  );
}
