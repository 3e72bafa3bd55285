/**
 * Potato's turn-level questions drawn under a dialogue turn: each question whose binding matches the turn, as
 * chips (radio, select, likert: one; multiselect: several) or a field (text, number, slider), after the turn's
 * speaker when its audio dialogue assigns speakers. The answers of all turns live in the form's answers as one
 * document under `<scheme>:_data`, saved with the item's other answers.
 */
import type { Answers } from './answers.js';
import { SpeakerAssignment } from './speaker-assignment.js';
import type { DisplayBlock, Scheme } from '../../shared/api/types.js';
import {
  TURN_DATA_LABEL,
  turnMatches,
  type TurnAnswer,
  type TurnDocument,
} from '../../../../shared/schemes/turn-level.js';

type DialogueTurn = Extract<DisplayBlock, { type: 'dialogue' }>['turns'][number];

interface Props {
  /** the project's turn-level schemes and speaker assignments */
  schemes: Scheme[];
  field: string;
  turn: DialogueTurn;
  index: number;
  /** the dialogue's turns */
  turns: DialogueTurn[];
  answers: Answers;
  update: (f: (a: Answers) => Answers) => void;
}

function documentOf(answers: Answers, scheme: Scheme): Record<string, TurnAnswer> {
  const text = answers.labels[scheme.name]?.[TURN_DATA_LABEL];
  if (!text) return {};
  try {
    return (JSON.parse(text) as TurnDocument).turns ?? {};
  } catch {
    return {};
  }
}

/** The answers with one turn's answer of a scheme set (undefined clears it); no answered turn clears the scheme. */
function withTurn(answers: Answers, scheme: Scheme, id: string, answer: TurnAnswer | undefined): Answers {
  const turns = { ...documentOf(answers, scheme) };
  if (answer) turns[id] = answer;
  else delete turns[id];
  const labels = { ...answers.labels };
  if (Object.keys(turns).length) {
    const doc: TurnDocument = { v: 1, schema_type: scheme.annotation_type, turns };
    labels[scheme.name] = { [TURN_DATA_LABEL]: JSON.stringify(doc) };
  } else delete labels[scheme.name];
  return { ...answers, labels };
}

function Question({
  scheme,
  id,
  turn,
  answers,
  update,
}: { scheme: Scheme; id: string } & Omit<Props, 'schemes' | 'field' | 'index' | 'turns'>) {
  const mine = documentOf(answers, scheme)[id];
  const snapshot = turn.speaker ? { speaker: turn.speaker } : {};
  const set = (answer: TurnAnswer | undefined) => update((a) => withTurn(a, scheme, id, answer));
  const title = scheme.displayed_name ?? scheme.description ?? scheme.name;
  const type = scheme.annotation_type;
  let body;
  if (type === 'radio' || type === 'select' || type === 'likert' || type === 'multiselect') {
    const multi = type === 'multiselect';
    const chosen = multi ? (mine?.values ?? []) : mine?.value !== undefined ? [String(mine.value)] : [];
    const toggle = (name: string) => {
      if (!multi) return set(chosen.includes(name) ? undefined : { value: name, ...snapshot });
      const next = chosen.includes(name) ? chosen.filter((n) => n !== name) : [...chosen, name];
      const values = scheme.labels.map((l) => l.name).filter((n) => next.includes(n));
      set(values.length ? { values, ...snapshot } : undefined);
    };
    body = (
      <div className="choices choices-row" role="group" aria-label={`${title}, turn ${id}`}>
        {type === 'likert' && scheme.min_label && <span className="likert-end">{scheme.min_label}</span>}
        {scheme.labels.map((l) => (
          <button
            key={l.name}
            type="button"
            className={`choice turn-chip${chosen.includes(l.name) ? ' chosen' : ''}`}
            aria-pressed={chosen.includes(l.name)}
            onClick={() => toggle(l.name)}
          >
            {l.name}
          </button>
        ))}
        {type === 'likert' && scheme.max_label && <span className="likert-end">{scheme.max_label}</span>}
      </div>
    );
  } else {
    const numeric = type !== 'text';
    body = (
      <input
        className="turn-field"
        aria-label={`${title}, turn ${id}`}
        type={numeric ? 'number' : 'text'}
        min={scheme.min}
        max={scheme.max}
        step={scheme.step}
        value={mine?.value ?? ''}
        onChange={(e) => {
          const v = e.target.value;
          set(v === '' ? undefined : { value: numeric ? Number(v) : v, ...snapshot });
        }}
      />
    );
  }
  return (
    <div className="turn-question" data-scheme={scheme.name}>
      <span className="turn-question-title">{title}</span>
      {body}
    </div>
  );
}

export function TurnQuestions({ schemes, field, turn, index, turns, answers, update }: Props) {
  const id = turn.id ?? `t${index}`;
  const bound = {
    id,
    speaker: turn.speaker,
    agent: turn.agent,
    step_type: turn.step_type,
    tool: turn.tool,
    run: turn.run,
  };
  const asked = schemes.filter((s) => s.turn_level && turnMatches(s.turn_level, field, bound, index));
  const speakers = schemes.filter((s) => s.speaker_assignment?.field === field);
  if (!asked.length && !speakers.length) return null;
  const questions = [
    ...speakers.map((s) => (
      <SpeakerAssignment key={s.name} scheme={s} turns={turns} turn={turn} id={id} answers={answers} update={update} />
    )),
    ...asked.map((s) => <Question key={s.name} scheme={s} id={id} turn={turn} answers={answers} update={update} />),
  ];
  // drawer placement: folded behind a button, for long traces or many questions
  if (!speakers.length && asked.every((s) => s.turn_level?.placement === 'drawer'))
    return (
      <details className="turn-questions" data-turn={id}>
        <summary>Annotate this turn</summary>
        {questions}
      </details>
    );
  return (
    <div className="turn-questions" data-turn={id}>
      {questions}
    </div>
  );
}
