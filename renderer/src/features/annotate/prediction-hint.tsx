/** Pre-annotations (a model's or an earlier export's answers) shown as a suggestion; applied only when accepted. */
import type { Prediction } from '../../shared/api/types.js';
import type { Filled } from './fill.js';
import { FillStatus } from './fill-status.js';

const show = (value: Prediction['labels'][string]) =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.join(', ')
      : Object.entries(value)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ');

export function PredictionHint({
  predictions,
  applied,
  onAccept,
}: {
  predictions: Prediction[];
  applied: Filled | null;
  onAccept: () => void;
}) {
  if (!predictions.length) return null;
  const [first, ...others] = predictions;
  return (
    <aside className="ai-hint" aria-label="Pre-annotation" data-testid="prediction-hint">
      <h2>
        Pre-annotation <span className="muted">({first.source})</span>
      </h2>
      <ul>
        {Object.entries(first.labels).map(([scheme, value]) => (
          <li key={scheme}>
            <strong>{scheme}</strong>: {show(value)}
          </li>
        ))}
        {first.spans.map((s) => (
          <li key={`${s.schema}:${s.start}:${s.end}:${s.label}`}>
            <strong>{s.schema}</strong>: {s.label} “{s.text}”
          </li>
        ))}
      </ul>
      {others.length > 0 && <p className="muted small">Also from: {others.map((p) => p.source).join(', ')}</p>}
      <FillStatus filled={applied} k="g" label="Accept pre-annotation" onAccept={onAccept} />
    </aside>
  );
}
