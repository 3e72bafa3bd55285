/**
 * Potato's speaker assignment under each turn of an audio dialogue: a select of the speakers (the display's, the
 * item's own turn speakers, the ones the annotator added) plus "unassigned", and an "Add speaker" form that adds one
 * to the answer's roster and gives it this turn, as Potato's turn menu does. The answer is one document under
 * `<field>_speakers:_data` in the form's answers, so it saves, undoes and reloads with the item's other answers.
 * Names are drawn as text.
 */
import { useId, useState } from 'react';
import type { Answers } from './answers.js';
import type { DisplayBlock, Scheme } from '../../shared/api/types.js';
import { TURN_DATA_LABEL } from '../../../../shared/schemes/turn-level.js';

type DialogueTurn = Extract<DisplayBlock, { type: 'dialogue' }>['turns'][number];
type Side = 'left' | 'right';
interface RosterEntry {
  name?: string;
  color?: string;
  side?: Side;
}
interface SpeakerDocument {
  v: 1;
  schema_type: 'speaker_assignment';
  turns: Record<string, { speaker: string | null }>;
  roster?: Record<string, RosterEntry>;
}

function documentOf(answers: Answers, scheme: Scheme): SpeakerDocument {
  const empty: SpeakerDocument = { v: 1, schema_type: 'speaker_assignment', turns: {} };
  const text = answers.labels[scheme.name]?.[TURN_DATA_LABEL];
  if (!text) return empty;
  try {
    const doc = JSON.parse(text) as Partial<SpeakerDocument>;
    return { ...empty, turns: doc.turns ?? {}, ...(doc.roster ? { roster: doc.roster } : {}) };
  } catch {
    return empty;
  }
}

/** The answers with the scheme's document changed by `change`; a document with no turn and no roster clears it. */
function withDocument(answers: Answers, scheme: Scheme, change: (d: SpeakerDocument) => SpeakerDocument): Answers {
  const doc = change(documentOf(answers, scheme));
  const labels = { ...answers.labels };
  if (Object.keys(doc.turns).length || Object.keys(doc.roster ?? {}).length)
    labels[scheme.name] = { [TURN_DATA_LABEL]: JSON.stringify(doc) };
  else delete labels[scheme.name];
  return { ...answers, labels };
}

/** The speakers to offer, by id → shown name: the display's, the item's turns', then the annotator's roster. */
function speakersOf(scheme: Scheme, turns: readonly DialogueTurn[], doc: SpeakerDocument): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of scheme.speaker_assignment?.speakers ?? []) out.set(s.id, s.name ?? s.id);
  for (const t of turns) if (t.speaker && !out.has(t.speaker)) out.set(t.speaker, t.speaker);
  for (const [id, entry] of Object.entries(doc.roster ?? {})) if (!out.has(id)) out.set(id, entry.name ?? id);
  return out;
}

/** An id from a typed name, as a script would write it: lower case, runs of other characters as one `_`. */
const idFrom = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');

function AddSpeaker({ taken, add }: { taken: ReadonlyMap<string, string>; add: (id: string, e: RosterEntry) => void }) {
  const uid = useId();
  const [name, setName] = useState('');
  const [typedId, setTypedId] = useState('');
  const [side, setSide] = useState<Side>(taken.size % 2 ? 'right' : 'left');
  const id = typedId.trim() || idFrom(name);
  const problem = !name.trim() ? '' : !id ? 'Type an id.' : taken.has(id) ? `“${id}” is already a speaker.` : '';
  const submit = () => {
    if (!name.trim() || problem) return;
    add(id, { name: name.trim(), side });
    setName('');
    setTypedId('');
  };
  return (
    <details className="add-speaker">
      <summary>Add speaker</summary>
      <div
        className="add-speaker-fields"
        role="group"
        aria-label="New speaker"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
            e.preventDefault();
            submit();
          }
        }}
      >
        <label htmlFor={`${uid}-name`}>Name</label>
        <input id={`${uid}-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={`${uid}-id`}>Id</label>
        <input
          id={`${uid}-id`}
          value={typedId}
          maxLength={200}
          placeholder={idFrom(name) || 'from the name'}
          onChange={(e) => setTypedId(e.target.value)}
        />
        <label htmlFor={`${uid}-side`}>Side</label>
        <select id={`${uid}-side`} value={side} onChange={(e) => setSide(e.target.value as Side)}>
          <option value="left">left</option>
          <option value="right">right</option>
        </select>
        <button type="button" disabled={!name.trim() || !!problem} onClick={submit}>
          Add
        </button>
        {problem && (
          <span className="add-speaker-problem" role="status">
            {problem}
          </span>
        )}
      </div>
    </details>
  );
}

interface Props {
  scheme: Scheme;
  /** the dialogue's turns, whose own speakers are offered too */
  turns: readonly DialogueTurn[];
  turn: DialogueTurn;
  /** the turn's id: its own, or t<position> */
  id: string;
  answers: Answers;
  update: (f: (a: Answers) => Answers) => void;
}

export function SpeakerAssignment({ scheme, turns, turn, id, answers, update }: Props) {
  const doc = documentOf(answers, scheme);
  const speakers = speakersOf(scheme, turns, doc);
  const assigned = Object.hasOwn(doc.turns, id) ? doc.turns[id].speaker : (turn.speaker ?? null);
  const assign = (d: SpeakerDocument, speaker: string | null) => ({ ...d, turns: { ...d.turns, [id]: { speaker } } });
  return (
    <div className="turn-question turn-speaker" data-scheme={scheme.name}>
      <select
        aria-label={`Speaker of turn ${id}`}
        value={assigned ?? ''}
        onChange={(e) => {
          const speaker = e.target.value || null;
          update((a) => withDocument(a, scheme, (d) => assign(d, speaker)));
        }}
      >
        <option value="">Unassigned</option>
        {[...speakers].map(([sid, name]) => (
          <option key={sid} value={sid}>
            {name}
          </option>
        ))}
      </select>
      <AddSpeaker
        taken={speakers}
        add={(sid, entry) =>
          update((a) => withDocument(a, scheme, (d) => assign({ ...d, roster: { ...d.roster, [sid]: entry } }, sid)))
        }
      />
    </div>
  );
}
