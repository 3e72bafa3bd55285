/**
 * Truth serum's question on the annotate page: once the annotator has chosen a label on the project's truth-serum
 * scheme, a card beside the form asks what share of the other annotators they expect to choose it too (a slider,
 * 0–100) and saves the answer at once, apart from the annotation, through POST /truth_serum/api/predict. Their
 * saved prediction is shown again when they come back to the item; a changed label asks again.
 */
import { useEffect, useRef, useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { MyPrediction } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import './truth-serum.css';

type Saved = NonNullable<MyPrediction['prediction']>;

/** The label chosen on a single-choice scheme, from the page's answers (scheme → label → "true"). */
export function chosenLabel(answer: Record<string, string> | undefined): string | undefined {
  return Object.entries(answer ?? {}).find(([, v]) => v === 'true')?.[0];
}

export function PredictionCard({
  instanceId,
  label,
  question,
}: {
  instanceId: string;
  label?: string;
  question: string;
}) {
  const [saved, setSaved] = useState<Saved | null>(null);
  const [pct, setPct] = useState(50);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef(instanceId);
  latest.current = instanceId;

  useEffect(() => {
    setSaved(null);
    setError(null);
    setPct(50);
    api.get<MyPrediction>(`/truth_serum/api/mine?instance_id=${encodeURIComponent(instanceId)}`).then(
      (mine) => {
        if (latest.current !== instanceId || !mine.prediction) return;
        setSaved(mine.prediction);
        setPct(mine.prediction.predicted_pct);
      },
      (e) => {
        if (latest.current === instanceId) setError(errorText(e));
      },
    );
  }, [instanceId]);

  if (!label) return null;
  const upToDate = saved?.label === label && saved.predicted_pct === pct;

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<{ prediction: Saved }>('/truth_serum/api/predict', {
        instance_id: instanceId,
        label,
        predicted_pct: pct,
      });
      if (latest.current === instanceId) setSaved(r.prediction);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="truth-serum-card" aria-label="Prediction">
      <p>
        You chose <strong>{label}</strong>. {question}
      </p>
      <div className="truth-serum-row">
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={pct}
          aria-label="Predicted share of other annotators (%)"
          onChange={(e) => setPct(Number(e.target.value))}
          onKeyDown={(e) => e.stopPropagation()}
        />
        <output>{pct}%</output>
        <button type="button" onClick={() => void save()} disabled={busy || upToDate}>
          {upToDate ? 'Prediction saved' : 'Save prediction'}
        </button>
      </div>
      {saved && saved.label !== label && (
        <p className="truth-serum-note">
          Your saved prediction was for {saved.label}; save again for {label}.
        </p>
      )}
      {error && <ErrorNote>{error}</ErrorNote>}
    </section>
  );
}
