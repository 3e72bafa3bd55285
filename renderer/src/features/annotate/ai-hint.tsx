/** The AI assistant's suggestion as a hint: shown, applied to the form only when accepted, never saved by itself. */
import type { AiSuggestion } from '../../shared/api/types.js';

export function AiHint({ ai, note, applied, onAccept }: { ai: AiSuggestion | null; note: string | null; applied: boolean; onAccept: () => void }) {
  if (!ai) return note ? <p className="ai-hint muted">{note}</p> : null;
  const entries = Object.entries(ai.suggestions);
  if (!entries.length) return null;
  return (
    <aside className="ai-hint" aria-label="AI suggestion" data-testid="ai-hint">
      <h2>
        AI suggestion <span className="muted">({ai.provider})</span>
      </h2>
      <ul>
        {entries.map(([schema, s]) => (
          <li key={schema}>
            <strong>{schema}</strong>: {s.label}
            {typeof s.confidence === 'number' && <span className="muted"> · {Math.round(s.confidence * 100)}%</span>}
            {s.rationale && <div className="muted small">{s.rationale}</div>}
          </li>
        ))}
      </ul>
      {applied ? (
        <p role="status">Applied to the form. Review it, then submit.</p>
      ) : (
        <button type="button" onClick={onAccept} aria-keyshortcuts="a">
          Accept suggestion <kbd>a</kbd>
        </button>
      )}
    </aside>
  );
}
