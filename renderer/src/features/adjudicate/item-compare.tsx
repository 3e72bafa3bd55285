/**
 * One item side by side: its text with every annotator's spans (those not all annotators marked stand out), a row
 * per scheme with each annotator's answer (differing ones marked) and the decision, edited in place.
 */
import type { AdjudicationItem, AdjudicationItemView, Scheme } from '../../shared/api/types.js';
import { AnnotatorSignals } from './annotator-signals.js';
import {
  agreeingAnnotators,
  editKind,
  pickLabel,
  setValue,
  spanId,
  spanUnion,
  takeScheme,
  toggleSpan,
  type Decision,
} from './decision.js';

/**
 * The text cut where spans start and end; a piece is marked when a span covers it, as a difference when not everyone
 * marked that span.
 */
function markedText(text: string, spans: { start: number; end: number; diff: boolean }[]) {
  const cuts = [...new Set([0, text.length, ...spans.flatMap((s) => [s.start, s.end])])]
    .filter((n) => n >= 0 && n <= text.length)
    .sort((a, b) => a - b);
  const pieces: { text: string; covered: boolean; diff: boolean }[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [from, to] = [cuts[i], cuts[i + 1]];
    const over = spans.filter((s) => s.start <= from && s.end >= to);
    pieces.push({ text: text.slice(from, to), covered: over.length > 0, diff: over.some((s) => s.diff) });
  }
  return pieces;
}

const shown = (answer: unknown): string => {
  if (answer === undefined || answer === null) return '—';
  if (typeof answer === 'string') return answer;
  if (Array.isArray(answer) && answer.every((a) => typeof a === 'string')) return answer.join(', ');
  return JSON.stringify(answer);
};

interface Props {
  item: AdjudicationItem;
  text: string;
  schemes: Scheme[];
  decision: Decision;
  setDecision: (update: (d: Decision) => Decision) => void;
  /** annotator names as shown (Annotator A, … when names are hidden) */
  names: string[];
  showAgreement: boolean;
  signals: AdjudicationItemView['annotator_signals'];
  showTiming: boolean;
}

export function ItemCompare(props: Props) {
  const { item, text, schemes, decision, setDecision, names, showAgreement, signals, showTiming } = props;
  const spanSchemes = schemes.filter((s) => editKind(s) === 'span');
  const union = spanSchemes.flatMap((s) => spanUnion(item, s.name));
  const everyone = item.annotators.length;
  const pieces = markedText(
    text,
    union.map((u) => ({ start: u.span.start, end: u.span.end, diff: u.by.length < everyone })),
  );
  return (
    <>
      <p className="instance-text adjudicate-text" data-testid="adjudicate-text">
        {pieces.map((p, i) =>
          p.covered ? (
            <mark
              key={i}
              className={p.diff ? 'span-diff' : 'span-agreed'}
              title={p.diff ? 'not every annotator marked this' : 'every annotator marked this'}
            >
              {p.text}
            </mark>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </p>
      <div className="table-wrap">
        <table className="adjudicate-table">
          <thead>
            <tr>
              <th scope="col">Scheme</th>
              {names.map((n, i) => (
                <th key={n} scope="col">
                  {n} <kbd>{i + 1}</kbd>
                  <AnnotatorSignals signals={signals[n]} showTiming={showTiming} />
                </th>
              ))}
              <th scope="col">Decision</th>
            </tr>
          </thead>
          <tbody>
            {schemes.map((scheme) => {
              const kind = editKind(scheme);
              const from = agreeingAnnotators(item, scheme, decision);
              const marked = kind === 'span' ? spanUnion(item, scheme.name) : [];
              const answers = item.annotators.map((a) =>
                kind === 'span' ? marked.filter((u) => u.by.includes(a)) : item.answers[a]?.[scheme.name],
              );
              const keys = answers.map((x) => JSON.stringify(x ?? null));
              return (
                <tr key={scheme.name} data-scheme={scheme.name}>
                  <th scope="row">
                    {scheme.displayed_name ?? scheme.name}
                    {showAgreement && item.agreement_scores[scheme.name] !== undefined && (
                      <div className="muted small">
                        agreement {Math.round(item.agreement_scores[scheme.name] * 100)}%
                      </div>
                    )}
                  </th>
                  {item.annotators.map((a, i) => {
                    const differs = keys.some((k) => k !== keys[i]);
                    return (
                      <td key={a} className={differs ? 'answer-differs' : undefined} data-annotator={a}>
                        {kind === 'span' ? (
                          <ul className="span-list">
                            {(answers[i] as typeof marked).map((u) => (
                              <li key={spanId(u.span)} className={u.by.length < everyone ? 'span-diff' : undefined}>
                                “{u.span.value}” {u.span.name} {u.span.start}–{u.span.end}
                                {u.by.length < everyone && (
                                  <span className="visually-hidden"> (not marked by everyone)</span>
                                )}
                              </li>
                            ))}
                          </ul>
                        ) : (
                          shown(answers[i])
                        )}{' '}
                        <button
                          type="button"
                          className="link small"
                          onClick={() => setDecision((d) => takeScheme(item, a, scheme, d))}
                          aria-label={`Take ${names[i]}'s answer to ${scheme.name}`}
                        >
                          take
                        </button>
                      </td>
                    );
                  })}
                  <td className="decision-cell">
                    <DecisionField item={item} scheme={scheme} decision={decision} setDecision={setDecision} />
                    <div className="muted small" data-testid={`source-${scheme.name}`}>
                      {from.length
                        ? `as ${from.map((a) => names[item.annotators.indexOf(a)]).join(', ')}`
                        : 'your own answer'}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

function DecisionField({
  item,
  scheme,
  decision,
  setDecision,
}: {
  item: AdjudicationItem;
  scheme: Scheme;
  decision: Decision;
  setDecision: Props['setDecision'];
}) {
  const kind = editKind(scheme);
  const chosen = decision.labels[scheme.name] ?? {};
  const legend = `Decision for ${scheme.displayed_name ?? scheme.name}`;
  if (kind === 'single' || kind === 'multi') {
    return (
      <fieldset className="choices" aria-label={legend}>
        {scheme.labels.map((l) => (
          <label key={l.name} className="choice">
            <input
              type={kind === 'single' ? 'radio' : 'checkbox'}
              name={`decision-${scheme.name}`}
              checked={!!chosen[l.name]}
              onChange={() => setDecision((d) => pickLabel(d, scheme, l.name))}
            />
            {l.name}
          </label>
        ))}
      </fieldset>
    );
  }
  if (kind === 'value') {
    return (
      <div aria-label={legend} role="group">
        {scheme.labels.map((l) => (
          <label key={l.name} className="value-field">
            <span className="visually-hidden">{`${legend}: ${l.name}`}</span>
            <input
              type={scheme.annotation_type === 'text' ? 'text' : 'number'}
              value={chosen[l.name] ?? ''}
              onChange={(e) => setDecision((d) => setValue(d, scheme, l.name, e.target.value))}
            />
          </label>
        ))}
      </div>
    );
  }
  if (kind === 'span') {
    const union = spanUnion(item, scheme.name);
    const kept = new Set(decision.spans.map(spanId));
    return (
      <fieldset className="span-choices" aria-label={legend}>
        {union.length === 0 && <span className="muted">no spans</span>}
        {union.map((u) => (
          <label key={spanId(u.span)} className="choice">
            <input
              type="checkbox"
              checked={kept.has(spanId(u.span))}
              onChange={() => setDecision((d) => toggleSpan(d, u.span))}
            />
            “{u.span.value}” {u.span.name}
          </label>
        ))}
      </fieldset>
    );
  }
  // other types: taken whole from an annotator (their editors live on the annotate screen)
  return <span>{Object.keys(chosen).length ? Object.values(chosen).join(', ') : '—'}</span>;
}
