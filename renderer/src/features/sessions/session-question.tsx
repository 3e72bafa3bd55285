/**
 * One session-level question: choices as buttons that toggle (radio, select, likert points, multiselect labels),
 * a number (slider, number) or a text, saved as given; under it, the figures of everyone's answers.
 */
import { useState } from 'react';
import type { SessionDetail, SessionScheme, SessionValue } from '../../shared/api/types.js';

interface Props {
  scheme: SessionScheme;
  mine: SessionValue | undefined;
  figures: SessionDetail['aggregates'][string] | undefined;
  onAnswer: (value: SessionValue | null) => void;
}

export function SessionQuestion({ scheme, mine, figures, onAnswer }: Props) {
  const title = scheme.description || scheme.name;
  return (
    <fieldset className="session-question">
      <legend>{title}</legend>
      <Answer scheme={scheme} mine={mine} onAnswer={onAnswer} />
      <p className="muted session-figures">{figuresText(figures)}</p>
    </fieldset>
  );
}

function Answer({ scheme, mine, onAnswer }: Omit<Props, 'figures'>) {
  const one = mine && 'value' in mine ? mine.value : undefined;
  switch (scheme.annotation_type) {
    case 'multiselect': {
      const chosen = mine && 'values' in mine ? mine.values : [];
      return (
        <Choices
          name={scheme.name}
          choices={scheme.labels.map((l) => ({ label: l, value: l }))}
          isOn={(v) => chosen.includes(String(v))}
          onToggle={(v) => {
            const next = chosen.includes(String(v)) ? chosen.filter((c) => c !== v) : [...chosen, String(v)];
            onAnswer(next.length ? { values: next } : null);
          }}
        />
      );
    }
    case 'likert':
      return (
        <div className="session-scale">
          {scheme.min_label && <span className="muted">{scheme.min_label}</span>}
          <Choices
            name={scheme.name}
            // a point is sent as its place on the scale (1 for the first), the way the server figures the mean
            choices={scheme.labels.map((l, i) => ({ label: l, value: i + 1 }))}
            isOn={(v) => v === one || scheme.labels[Number(v) - 1] === one}
            onToggle={(v) => onAnswer(v === one ? null : { value: v })}
          />
          {scheme.max_label && <span className="muted">{scheme.max_label}</span>}
        </div>
      );
    case 'radio':
    case 'select':
      return (
        <Choices
          name={scheme.name}
          choices={scheme.labels.map((l) => ({ label: l, value: l }))}
          isOn={(v) => v === one}
          onToggle={(v) => onAnswer(v === one ? null : { value: v })}
        />
      );
    default:
      return <Typed scheme={scheme} saved={one} onAnswer={onAnswer} />;
  }
}

function Choices(props: {
  name: string;
  choices: { label: string; value: string | number }[];
  isOn: (value: string | number) => boolean;
  onToggle: (value: string | number) => void;
}) {
  return (
    <div className="session-choices">
      {props.choices.map((c) => (
        <button
          key={c.label}
          type="button"
          className="session-choice"
          aria-pressed={props.isOn(c.value)}
          onClick={() => props.onToggle(c.value)}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}

/** A number (slider, number) or a text, saved when the field is left or Enter is pressed in a number. */
function Typed({
  scheme,
  saved,
  onAnswer,
}: {
  scheme: SessionScheme;
  saved: string | number | undefined;
  onAnswer: (value: SessionValue | null) => void;
}) {
  const [draft, setDraft] = useState(saved === undefined ? '' : String(saved));
  const numeric = scheme.annotation_type === 'slider' || scheme.annotation_type === 'number';
  const commit = () => {
    if (draft === (saved === undefined ? '' : String(saved))) return;
    if (draft.trim() === '') return onAnswer(null);
    onAnswer({ value: numeric ? Number(draft) : draft });
  };
  const label = `Your answer to ${scheme.description || scheme.name}`;
  return numeric ? (
    <input
      type="number"
      aria-label={label}
      min={scheme.min}
      max={scheme.max}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  ) : (
    <textarea aria-label={label} rows={3} value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={commit} />
  );
}

function figuresText(f: SessionDetail['aggregates'][string] | undefined): string {
  if (!f || f.n_annotators === 0) return 'No one has answered yet.';
  const who = `${f.n_annotators} ${f.n_annotators === 1 ? 'annotator' : 'annotators'}`;
  if (f.mean !== undefined) return `${who} · mean ${f.mean.toFixed(2)}`;
  if (f.value_counts)
    return `${who} · ${Object.entries(f.value_counts)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`;
  return who;
}
