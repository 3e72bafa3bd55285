/**
 * error_span's legend: the error types (with their subtypes) and the severities with their weights and colours,
 * shown in the scheme's panel before any text is selected, as Potato's page lists them, so an annotator knows what
 * to look for and what a severity costs before opening the span picker.
 */
import './error-span-legend.css';

export interface ErrorTypes {
  error_types: { name: string; subtypes: string[] }[];
  severities: { name: string; weight: number }[];
  show_score: boolean;
  max_score: number;
}

const SEVERITY_COLORS = ['#e6b800', '#f08c00', '#d92d20', '#7a0c0c'];

/** A severity's colour by its place in the list, the mildest first; the same in the legend and the text's marks. */
export function severityColor(severities: ErrorTypes['severities'], severity: string): string {
  const at = severities.findIndex((s) => s.name === severity);
  return at < 0 ? '#888888' : SEVERITY_COLORS[Math.min(at, SEVERITY_COLORS.length - 1)];
}

export function ErrorSpanLegend({ name, config }: { name: string; config: ErrorTypes }) {
  const { error_types, severities, show_score, max_score } = config;
  return (
    <div className="error-legend" data-testid={`error-legend-${name}`}>
      <section aria-label={`Error types of ${name}`}>
        <h4>Error types</h4>
        <ul>
          {error_types.map((t) => (
            <li key={t.name}>
              <strong>{t.name}</strong>
              {t.subtypes.length > 0 && <span className="error-subtypes">: {t.subtypes.join(', ')}</span>}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label={`Severities of ${name}`}>
        <h4>Severities</h4>
        <ul>
          {severities.map((s) => (
            <li key={s.name}>
              <span className="severity-swatch" style={{ background: severityColor(severities, s.name) }} aria-hidden />
              {s.name} ({s.weight})
            </li>
          ))}
        </ul>
        <p className="hint">
          {show_score
            ? `Each error's severity takes its weight off the score, which starts at ${max_score}.`
            : 'A severity says how much an error matters; each error gets one, the first by default.'}
        </p>
      </section>
    </div>
  );
}
