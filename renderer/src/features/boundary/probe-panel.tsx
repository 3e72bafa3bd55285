/**
 * The boundary lab's probes on the annotate page: once the annotator has chosen a label on the probed scheme, a
 * panel beside the form shows minimal edits of the text and asks, for each, whether the label survives it: Holds,
 * Flips (naming the new label, with a line on what crossed it) or Can't tell. Answers are saved at once, apart
 * from the annotation, and shown again on the item; answering is optional, as in Potato.
 */
import { useEffect, useRef, useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { ProbeSet } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import './boundary.css';

type Verdict = 'holds' | 'flips' | 'unsure';
type Probe = ProbeSet['probes'][number];

export function ProbePanel({
  instanceId,
  schema,
  label,
  debounceMs,
}: {
  instanceId: string;
  schema: string;
  label?: string;
  /** Potato's debounce_ms: an annotator trying labels in turn asks for the probes of the one they settle on */
  debounceMs: number;
}) {
  const [set, setSet] = useState<ProbeSet | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(`${instanceId}\u0001${label}`);
  latest.current = `${instanceId}\u0001${label}`;

  useEffect(() => {
    setSet(null);
    setError(null);
    if (!label) return;
    const asked = `${instanceId}\u0001${label}`;
    const timer = setTimeout(() => {
      api.post<ProbeSet>('/boundary/api/probe', { instance_id: instanceId, schema, label }).then(
        (s) => {
          if (latest.current === asked) setSet(s);
        },
        (e) => {
          if (latest.current === asked) setError(errorText(e));
        },
      );
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [instanceId, schema, label, debounceMs]);

  if (!label || (!set && !error) || (set && !set.probes.length)) return error ? <ErrorNote>{error}</ErrorNote> : null;

  const answered = (probeId: string, r: ProbeSet['responses'][string]) =>
    setSet((s) => (s ? { ...s, responses: { ...s.responses, [probeId]: r } } : s));

  return (
    <section className="boundary-panel" aria-label="Boundary probes">
      <p>
        You said <strong>{label}</strong>. Would that survive these edits?
      </p>
      {set?.probes.map((p) => (
        <ProbeRow key={p.probe_id} probe={p} set={set} onAnswered={answered} />
      ))}
      {error && <ErrorNote>{error}</ErrorNote>}
    </section>
  );
}

function ProbeRow({
  probe,
  set,
  onAnswered,
}: {
  probe: Probe;
  set: ProbeSet;
  onAnswered: (probeId: string, r: ProbeSet['responses'][string]) => void;
}) {
  const given = set.responses[probe.probe_id];
  const others = set.labels.filter((l) => l !== set.original_label);
  const [flipping, setFlipping] = useState(false);
  const [newLabel, setNewLabel] = useState(given?.new_label ?? others[0] ?? '');
  const [why, setWhy] = useState(given?.rationale ?? '');
  const [error, setError] = useState<string | null>(null);

  const send = async (verdict: Verdict) => {
    setError(null);
    try {
      const flip = verdict === 'flips' ? { new_label: newLabel, rationale: why } : {};
      const r = await api.post<{ response: { verdict: Verdict; new_label: string | null; rationale: string } }>(
        '/boundary/api/respond',
        { probe_id: probe.probe_id, instance_id: set.instance_id, verdict, ...flip },
      );
      onAnswered(probe.probe_id, {
        verdict: r.response.verdict,
        new_label: r.response.new_label,
        rationale: r.response.rationale,
      });
      setFlipping(false);
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <div className="boundary-probe" data-testid="probe">
      <blockquote>{probe.text}</blockquote>
      {probe.edit_hint && <p className="boundary-hint">{probe.edit_hint}</p>}
      <div className="boundary-verdicts" role="group" aria-label="Does your label survive this edit?">
        <button type="button" aria-pressed={given?.verdict === 'holds'} onClick={() => void send('holds')}>
          Holds
        </button>
        <button type="button" aria-pressed={given?.verdict === 'flips'} onClick={() => setFlipping(true)}>
          Flips
        </button>
        <button type="button" aria-pressed={given?.verdict === 'unsure'} onClick={() => void send('unsure')}>
          Can’t tell
        </button>
      </div>
      {given?.verdict === 'flips' && !flipping && (
        <p className="boundary-hint">
          Flips to {given.new_label}
          {given.rationale ? `: ${given.rationale}` : ''}
        </p>
      )}
      {flipping && (
        <div className="boundary-flip" onKeyDown={(e) => e.stopPropagation()}>
          <label>
            New label{' '}
            <select value={newLabel} onChange={(e) => setNewLabel(e.target.value)}>
              {others.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          </label>
          {set.rationale_on_flip && (
            <label>
              Which edit changed it? <input value={why} onChange={(e) => setWhy(e.target.value)} />
            </label>
          )}
          <button type="button" onClick={() => void send('flips')}>
            Save flip
          </button>
        </div>
      )}
      {error && <ErrorNote>{error}</ErrorNote>}
    </div>
  );
}
