/**
 * The AI assistant's suggestion as a hint: shown, applied to the form only when accepted, never saved by itself.
 * To keep it a hint and not an answer to copy: a suggestion that only repeats the annotator's saved answer is
 * left out, a disagreement with the pre-annotation is said as such, and on a narrow screen it starts folded to
 * one line so the questions stay in view.
 */
import { useState } from 'react';
import type { AiSchemeSuggestion, AiSuggestion, Prediction } from '../../shared/api/types.js';
import type { Answers } from './answers.js';
import { actionable } from './fill.js';
import type { Filled } from './fill.js';
import { FillStatus } from './fill-status.js';

const WIDE = '(min-width: 821px)';

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const suggestedLabels = (s: AiSchemeSuggestion) => (s.labels?.length ? s.labels : s.label !== null ? [s.label] : []);
/** What the annotator reads: a fixed value (triage, pairwise) as its button says it, labels as they are. */
const shown = (s: AiSchemeSuggestion) => (s.text !== undefined ? [s.text] : suggestedLabels(s));

/** Whether the suggestion says nothing the annotator has not already saved for the scheme. */
function repeatsSaved(saved: Answers, scheme: string, s: AiSchemeSuggestion): boolean {
  if (s.spans?.length)
    return s.spans.every((sp) =>
      saved.spans.some((x) => x.schema === scheme && x.name === sp.label && x.start === sp.start && x.end === sp.end),
    );
  const mine = Object.entries(saved.labels[scheme] ?? {}).filter(([, v]) => v !== '');
  if (!mine.length) return false;
  const wanted = suggestedLabels(s);
  // a choice is saved as label → "true"; a value scheme as field → value
  return sameSet(
    mine.map(([k, v]) => (v === 'true' ? k : v)),
    wanted,
  );
}

/** The pre-annotation's labels for a scheme, when it has any and they differ from the suggestion's. */
function disagreement(prediction: Prediction | undefined, scheme: string, s: AiSchemeSuggestion): string[] | null {
  const value = prediction?.labels[scheme];
  if (value === undefined || s.spans?.length) return null;
  const theirs = typeof value === 'string' ? [value] : Array.isArray(value) ? value : Object.values(value);
  return theirs.length && !sameSet(theirs, suggestedLabels(s)) ? theirs : null;
}

interface Props {
  ai: AiSuggestion | null;
  note: string | null;
  applied: Filled | null;
  onAccept: () => void;
  /** what the server has for this instance from the annotator */
  saved: Answers;
  prediction?: Prediction;
}

export function AiHint({ ai, note, applied, onAccept, saved, prediction }: Props) {
  const [open, setOpen] = useState(() => typeof matchMedia !== 'function' || matchMedia(WIDE).matches);
  if (!ai) return note ? <p className="ai-hint muted">{note}</p> : null;
  const entries = Object.entries(ai.suggestions);
  const useful = entries.filter(([scheme, s]) => actionable(s) && !repeatsSaved(saved, scheme, s));
  const none = entries.filter(([, s]) => !actionable(s));
  if (!useful.length && !none.length) return null;
  const line = useful
    .map(
      ([scheme, s]) =>
        `${scheme}: ${s.spans?.length ? `${s.spans.length} span${s.spans.length === 1 ? '' : 's'}` : shown(s).join(', ')}`,
    )
    .join('; ');
  return (
    <details
      className="ai-hint"
      aria-label="AI suggestion"
      data-testid="ai-hint"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <strong>AI suggestion</strong> <span className="muted">({ai.provider})</span>
        {!open && line && <span className="ai-line"> {line}</span>}
      </summary>
      {useful.length > 0 && (
        <ul>
          {useful.map(([scheme, s]) => {
            const theirs = disagreement(prediction, scheme, s);
            return (
              <li key={scheme}>
                <strong>{scheme}</strong>:{' '}
                {s.spans?.length ? s.spans.map((sp) => `${sp.label} “${sp.text}”`).join(', ') : shown(s).join(', ')}
                {typeof s.confidence === 'number' && (
                  <span className="muted"> · {Math.round(s.confidence * 100)}% likely right</span>
                )}
                {theirs && (
                  <div className="disagree" data-testid="ai-disagrees">
                    Disagrees with the pre-annotation ({prediction!.source}): {theirs.join(', ')}. Check the text before
                    choosing.
                  </div>
                )}
                {s.rationale && <div className="muted small">{s.rationale}</div>}
              </li>
            );
          })}
        </ul>
      )}
      {none.length > 0 && (
        <details className="small">
          <summary>No suggestion yet for {none.map(([scheme]) => scheme).join(', ')}</summary>
          <ul>
            {none.map(([scheme, s]) => (
              <li key={scheme} className="muted">
                {scheme}: {s.rationale}
              </li>
            ))}
          </ul>
        </details>
      )}
      {useful.length > 0 && <FillStatus filled={applied} k="a" label="Accept suggestion" onAccept={onAccept} />}
    </details>
  );
}
