/** The AI assistant's suggestion as a hint: shown, applied to the form only when accepted, never saved by itself. */
import type { AiSuggestion } from '../../shared/api/types.js';
import { actionable } from './answers.js';
import type { Filled } from './fill.js';
import { FillStatus } from './fill-status.js';

export function AiHint({ ai, note, applied, onAccept }: { ai: AiSuggestion | null; note: string | null; applied: Filled | null; onAccept: () => void }) {
  if (!ai) return note ? <p className="ai-hint muted">{note}</p> : null;
  const entries = Object.entries(ai.suggestions);
  const useful = entries.filter(([, s]) => actionable(s));
  const none = entries.filter(([, s]) => !actionable(s));
  if (!entries.length) return null;
  return (
    <aside className="ai-hint" aria-label="AI suggestion" data-testid="ai-hint">
      <h2>
        AI suggestion <span className="muted">({ai.provider})</span>
      </h2>
      {useful.length > 0 && (
        <ul>
          {useful.map(([schema, s]) => (
            <li key={schema}>
              <strong>{schema}</strong>: {s.spans?.length ? s.spans.map((sp) => `${sp.label} “${sp.text}”`).join(', ') : (s.labels?.join(', ') ?? s.label)}
              {typeof s.confidence === 'number' && <span className="muted"> · {Math.round(s.confidence * 100)}%</span>}
              {s.rationale && <div className="muted small">{s.rationale}</div>}
            </li>
          ))}
        </ul>
      )}
      {none.length > 0 && (
        <details className="small">
          <summary>No suggestion yet for {none.map(([schema]) => schema).join(', ')}</summary>
          <ul>
            {none.map(([schema, s]) => (
              <li key={schema} className="muted">
                {schema}: {s.rationale}
              </li>
            ))}
          </ul>
        </details>
      )}
      {useful.length > 0 && <FillStatus filled={applied} k="a" label="Accept suggestion" onAccept={onAccept} />}
    </aside>
  );
}
