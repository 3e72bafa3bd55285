/**
 * Under each annotator's name: their time on the item (with `show_timing_data`) and the server's flags on their
 * answer (too fast, far faster than their usual pace, many changes, seldom agreeing), each flag's reason in its
 * tooltip and for screen readers.
 */
import type { AdjudicationItemView } from '../../shared/api/types.js';

type Signals = AdjudicationItemView['annotator_signals'][string];

const FLAG_TEXT: Record<Signals['flags'][number]['type'], string> = {
  fast_decision: 'fast',
  unusually_fast: 'unusually fast',
  excessive_changes: 'many changes',
  low_agreement: 'low agreement',
};

const seconds = (ms: number) => `${ms < 10_000 ? (ms / 1000).toFixed(1) : Math.round(ms / 1000)} s`;

export function AnnotatorSignals({ signals, showTiming }: { signals: Signals | undefined; showTiming: boolean }) {
  if (!signals) return null;
  const { total_time_ms: ms, annotation_changes: changes } = signals.metrics;
  const timed = showTiming && ms > 0;
  if (!timed && !signals.flags.length) return null;
  return (
    <div className="annotator-signals muted small" data-testid={`signals-${signals.user_id}`}>
      {timed && (
        <span title={`${changes} answer change${changes === 1 ? '' : 's'}`}>
          {seconds(ms)}
          <span className="visually-hidden"> on this item</span>
        </span>
      )}
      {signals.flags.map((f) => (
        <span key={f.type} className={`signal-flag signal-${f.severity}`} title={f.message}>
          ⚠ {FLAG_TEXT[f.type]}
          <span className="visually-hidden">: {f.message}</span>
        </span>
      ))}
    </div>
  );
}
