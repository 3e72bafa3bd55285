/**
 * A study phase before or after annotation (consent, instructions, training, surveys): its text, its questions
 * and the button that completes it. Training shows which answers were wrong and the attempts left. Where the
 * project allows going back across phases, a Back button returns to the phase before, its answers kept.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { Phase, PhaseQuestion, PhaseResult } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import { hiddenBy, type Comparable, type DisplayLogic } from '../../../../shared/display-logic.js';
import './phases.css';

type Given = Record<string, string | string[] | boolean>;

const comparable = (v: Given[string] | undefined): Comparable =>
  v === undefined ? undefined : Array.isArray(v) ? v : String(v);

/** Questions whose conditions this page's answers (or the earlier pages') do not meet: not shown, not sent. */
function hiddenQuestions(phase: Phase, given: Given): ReadonlySet<string> {
  const rules = new Map<string, DisplayLogic>();
  for (const q of phase.questions) if (q.display_logic) rules.set(q.id, q.display_logic);
  if (!rules.size) return rules as unknown as ReadonlySet<string>;
  const here = new Set(phase.questions.map((q) => q.id));
  return hiddenBy(rules, (name) => comparable(here.has(name) ? given[name] : phase.earlier_answers?.[name]));
}

/** A question's words, starred when it must be answered. */
function QuestionText({ q }: { q: PhaseQuestion }) {
  return (
    <>
      {q.text}
      {q.required && <span aria-label="required"> *</span>}
    </>
  );
}

function Question({
  q,
  value,
  set,
}: {
  q: PhaseQuestion;
  value: Given[string] | undefined;
  set: (v: Given[string]) => void;
}) {
  const id = `q-${q.id}`;
  if (q.options && (q.type === 'multiselect' || (q.type === 'radio' && !q.dropdown))) {
    const multiple = q.type === 'multiselect';
    const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    return (
      <fieldset className="question">
        <legend>
          <QuestionText q={q} />
        </legend>
        {q.options.map((o) => (
          <label key={o} className="choice">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={id}
              checked={chosen.includes(o)}
              onChange={() => set(multiple ? (chosen.includes(o) ? chosen.filter((c) => c !== o) : [...chosen, o]) : o)}
            />
            {o}
          </label>
        ))}
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const control =
    q.type === 'radio' && q.options ? (
      <select id={id} value={text} onChange={(e) => set(e.target.value)}>
        <option value="">Choose…</option>
        {q.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    ) : q.type === 'number' ? (
      <input id={id} type="number" value={text} onChange={(e) => set(e.target.value)} />
    ) : (
      <textarea id={id} rows={3} value={text} onChange={(e) => set(e.target.value)} />
    );
  return (
    <div className="question">
      <label htmlFor={id}>
        <QuestionText q={q} />
      </label>
      {control}
    </div>
  );
}

export function PhasePage({ phase, onDone }: { phase: Phase; onDone: () => void }) {
  // a page gone back to (or saved by Potato's page as it went) shows the answers it keeps
  const [given, setGiven] = useState<Given>(() => ({ ...phase.saved_answers }));
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Extract<PhaseResult, { status: 'failed' }> | null>(null);
  const [busy, setBusy] = useState(false);
  const consentBox = phase.type === 'consent' && phase.questions.length === 0;
  const hidden = useMemo(() => hiddenQuestions(phase, given), [phase, given]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const shown = Object.fromEntries(Object.entries(given).filter(([id]) => !hidden.has(id)));
      const r = await api.post<PhaseResult>('/api/phase/complete', { phase: phase.phase, answers: shown });
      if (r.status === 'failed') setResult(r);
      else onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const back = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.post<Phase>('/api/phase/back', { phase: phase.phase });
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="phase">
      <p className="muted small">
        Step {phase.index + 1} of {phase.total}
      </p>
      <h1>{phase.title}</h1>
      {/* Markdown rendered by marked and sanitized on the server */}
      {phase.content_html ? (
        <div className="markdown" dangerouslySetInnerHTML={{ __html: phase.content_html }} />
      ) : (
        <p className="markdown">{phase.content}</p>
      )}
      {phase.type === 'done' ? null : (
        <form onSubmit={submit}>
          {phase.questions
            .filter((q) => !hidden.has(q.id))
            .map((q) => (
              <Question key={q.id} q={q} value={given[q.id]} set={(v) => setGiven((g) => ({ ...g, [q.id]: v }))} />
            ))}
          {consentBox && (
            <label className="choice">
              <input
                type="checkbox"
                checked={given.agree === true}
                onChange={(e) => setGiven({ agree: e.target.checked })}
              />
              I have read the above and agree to take part.
            </label>
          )}
          {result && (
            <div className="qc qc-bad" role="alert">
              <p>
                {result.correct} of {result.total} right: not enough to pass.
                {result.attempts_left !== undefined &&
                  result.attempts_left !== null &&
                  ` ${result.attempts_left} attempt(s) left.`}
              </p>
              <ul>
                {result.feedback
                  ?.filter((f) => !f.correct)
                  .map((f) => (
                    <li key={f.id}>
                      {phase.questions.find((q) => q.id === f.id)?.text ?? f.id}: wrong
                      {f.explanation ? ` — ${f.explanation}` : ''}
                    </li>
                  ))}
              </ul>
            </div>
          )}
          {phase.failed && <ErrorNote>No training attempts are left. Please contact the project owner.</ErrorNote>}
          <ErrorNote>{error}</ErrorNote>
          {phase.can_go_back && (
            <button type="button" onClick={() => void back()} disabled={busy}>
              ← Back
            </button>
          )}
          <button
            type="submit"
            className="primary"
            disabled={busy || (consentBox && given.agree !== true) || phase.failed}
          >
            {phase.type === 'consent' ? 'I agree, continue' : 'Continue'}
          </button>
        </form>
      )}
    </div>
  );
}
