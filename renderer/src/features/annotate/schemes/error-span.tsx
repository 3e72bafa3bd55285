/**
 * error_span: select an error in the text (mouse, or `s` and the arrows) and pick its type (or type / subtype) in
 * the span picker; the types and severities are listed beforehand (error-span-legend.tsx); each error is listed
 * with a severity list and a Remove button, and the running MQM score.
 */
import { setValue, type Answers } from '../answers.js';
import type { Scheme } from '../../../shared/api/types.js';
import { Legend } from './parts.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { jsonAnswer } from './span-refs.js';
import { ErrorSpanLegend, severityColor, type ErrorTypes } from './error-span-legend.js';

interface MqmError {
  start: number;
  end: number;
  text: string;
  type: string;
  subtype?: string;
  severity: string;
}

const configOf = (scheme: Scheme) => scheme as unknown as ErrorTypes;

function errorsOf(a: Answers, scheme: Scheme): MqmError[] {
  const raw = a.labels[scheme.name]?.[scheme.name];
  if (!raw) return [];
  try {
    return (JSON.parse(raw) as { errors: MqmError[] }).errors ?? [];
  } catch {
    return [];
  }
}

function mqmScore(scheme: Scheme, errors: MqmError[]): number {
  const { severities, max_score } = configOf(scheme);
  return Math.max(
    0,
    max_score -
      errors.reduce((sum, e) => sum + Math.abs(severities.find((s) => s.name === e.severity)?.weight ?? 0), 0),
  );
}

function store(a: Answers, scheme: Scheme, errors: MqmError[]): Answers {
  return setValue(
    a,
    scheme.name,
    scheme.name,
    errors.length ? JSON.stringify({ errors, score: mqmScore(scheme, errors) }) : '',
  );
}

const SEP = ' / ';

function ErrorSpanField({ scheme, answers, update }: FieldProps) {
  const { severities, show_score } = configOf(scheme);
  const errors = errorsOf(answers, scheme);
  const set = (next: MqmError[]) => update((a) => store(a, scheme, next));
  return (
    <fieldset className="scheme scheme-error_span" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      <ErrorSpanLegend name={scheme.name} config={configOf(scheme)} />
      {show_score && (
        <p className="mqm-score" data-testid={`score-${scheme.name}`}>
          Score: <strong>{mqmScore(scheme, errors)}</strong>
        </p>
      )}
      <p className="hint">
        Select an error in the text (mouse, or <kbd>s</kbd> and the arrows) and pick its type.
      </p>
      {errors.length > 0 && (
        <ul className="link-list" aria-label={`Errors of ${scheme.name}`}>
          {errors.map((e, i) => (
            <li key={`${e.start}-${e.end}-${i}`}>
              <q>{e.text}</q> {e.type}
              {e.subtype ? `${SEP}${e.subtype}` : ''}{' '}
              <select
                aria-label={`Severity of “${e.text}”`}
                value={e.severity}
                onChange={(ev) => set(errors.map((x, n) => (n === i ? { ...x, severity: ev.target.value } : x)))}
              >
                {severities.map((s) => (
                  <option key={s.name} value={s.name}>
                    {s.name} ({s.weight})
                  </option>
                ))}
              </select>{' '}
              <button
                type="button"
                className="link"
                aria-label={`Remove error “${e.text}”`}
                onClick={() => set(errors.filter((_, n) => n !== i))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

export const errorSpan: SchemeUi = {
  kind: 'value',
  applyAnswer: jsonAnswer,
  Field: ErrorSpanField,
  spanTargets: (scheme) =>
    configOf(scheme).error_types.flatMap((t) =>
      t.subtypes.length ? t.subtypes.map((sub) => ({ label: `${t.name}${SEP}${sub}` })) : [{ label: t.name }],
    ),
  takeSpan(a, scheme, label, { start, end }, text) {
    const [type, subtype] = label.split(SEP);
    const error: MqmError = {
      start,
      end,
      text: text.slice(start, end),
      type,
      ...(subtype ? { subtype } : {}),
      severity: configOf(scheme).severities[0].name,
    };
    return store(
      a,
      scheme,
      [...errorsOf(a, scheme), error].sort((x, y) => x.start - y.start || x.end - y.end),
    );
  },
  marks(scheme, a) {
    const { severities } = configOf(scheme);
    return errorsOf(a, scheme).map((e) => ({
      start: e.start,
      end: e.end,
      label: e.subtype ?? e.type,
      color: severityColor(severities, e.severity),
    }));
  },
  keys: [
    { keys: ['s'], label: 'Errors: select an error by keyboard, then pick its type in the picker' },
    { keys: ['Tab'], label: 'Errors: reach each error’s severity (arrows change it) and Remove' },
  ],
};
