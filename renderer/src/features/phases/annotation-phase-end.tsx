import { useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { Phase } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';

/** When the annotation phase is followed by more (a survey, say), the way on once every instance is done. */
export function AnnotationPhaseEnd({ phase, onDone }: { phase: Phase; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  if (phase.type !== 'annotation' || !phase.next_phase || phase.next_phase === 'done' || phase.remaining !== 0)
    return null;
  return (
    <div className="phase-end">
      <p>Every instance is annotated.</p>
      <button
        type="button"
        className="primary"
        onClick={() =>
          api
            .post('/api/phase/complete', { phase: phase.phase, answers: {} })
            .then(onDone)
            .catch((e) => setError(errorText(e)))
        }
      >
        Continue to the next step
      </button>
      <ErrorNote>{error}</ErrorNote>
    </div>
  );
}
