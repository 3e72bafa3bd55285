/**
 * Spans: the label picker for a pending selection (keys 1–9) and the list of made spans with Remove buttons.
 */
import type { Colors, Scheme, SpanAnnotation } from '../../shared/api/types.js';

export interface SpanLabel {
  schema: string;
  label: string;
  color: string;
}

export function spanLabels(schemes: Scheme[], colors: Colors): SpanLabel[] {
  return schemes
    .filter((s) => s.annotation_type === 'span')
    .flatMap((s) => s.labels.map((l) => ({ schema: s.name, label: l.name, color: colors[s.name]?.[l.name] ?? l.color ?? '#888888' })));
}

interface Props {
  labels: SpanLabel[];
  pending: { start: number; end: number } | null;
  text: string;
  spans: SpanAnnotation[];
  colors: Colors;
  onLabel: (l: SpanLabel) => void;
  onCancel: () => void;
  onRemove: (index: number) => void;
}

export function SpanPanel({ labels, pending, text, spans, colors, onLabel, onCancel, onRemove }: Props) {
  if (!labels.length) return null;
  return (
    <section className="span-panel" aria-label="Spans">
      {pending ? (
        <div className="span-picker" role="group" aria-label="Label the selected text">
          <span>
            Label “<q>{text.slice(pending.start, pending.end)}</q>” as:
          </span>
          {labels.slice(0, 9).map((l, i) => (
            <button key={`${l.schema}:${l.label}`} type="button" onClick={() => onLabel(l)} style={{ borderColor: l.color }} aria-keyshortcuts={String(i + 1)}>
              <kbd>{i + 1}</kbd> {labels.some((o) => o.schema !== l.schema) ? `${l.schema}: ` : ''}
              {l.label}
            </button>
          ))}
          <button type="button" className="link" onClick={onCancel}>
            Cancel <kbd>Esc</kbd>
          </button>
        </div>
      ) : (
        <p className="hint">
          Select text with the mouse, or press <kbd>s</kbd> and use the arrow keys, then pick a label.
        </p>
      )}
      {spans.length > 0 && (
        <ul className="span-list" aria-label="Spans made">
          {spans.map((s, i) => (
            <li key={`${s.schema}:${s.name}:${s.start}:${s.end}`}>
              <span className="chip" style={{ borderColor: colors[s.schema]?.[s.name] ?? '#888888', background: `${colors[s.schema]?.[s.name] ?? '#888888'}33` }}>
                {s.name}
              </span>
              <q>{text.slice(s.start, s.end)}</q>
              <button type="button" className="link" onClick={() => onRemove(i)} aria-label={`Remove span ${s.name} “${text.slice(s.start, s.end)}”`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
