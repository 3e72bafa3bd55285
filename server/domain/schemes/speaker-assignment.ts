/**
 * Potato's speaker assignment of an audio dialogue: for each `audio_dialogue` display field Potato makes a question
 * `<field>_speakers` whose answer names the speaker of each (undiarized) turn, stored as one document under `_data`:
 * `{"v": 1, "schema_type": "speaker_assignment", "turns": {"<turn id>": {"speaker": "<id>" | null}}, "roster"?:
 * {"<id>": {name, color, side}}}`. `null` marks a turn explicitly unassigned; `roster` holds the speakers the
 * annotator added. A speaker is valid when the display lists it, a turn of the item has it, or the roster adds it.
 */
import { z } from 'zod';
import type { Scheme } from '../task.js';
import { AnswerError, type SchemeTypeModule } from './module.js';
import { isRecord } from './answer-fields.js';
import { TURN_DATA_LABEL, turnIdOf } from '../../../shared/schemes/turn-level.js';

const SPEAKER_SCHEMA_TYPE = 'speaker_assignment';
const MAX_TURNS = 10_000;
const MAX_ID = 200;

interface RosterEntry {
  name?: string;
  color?: string;
  side?: 'left' | 'right';
}

interface SpeakerDocument {
  v: 1;
  schema_type: typeof SPEAKER_SCHEMA_TYPE;
  turns: Record<string, { speaker: string | null }>;
  roster?: Record<string, RosterEntry>;
}

const rosterEntry = z.strictObject({
  name: z.string().max(MAX_ID).optional(),
  color: z.string().max(50).optional(),
  side: z.enum(['left', 'right']).optional(),
});

function parseRoster(value: unknown): Record<string, RosterEntry> | AnswerError {
  if (!isRecord(value)) return new AnswerError('roster: expected an object of speaker id → {name, color, side}');
  const out: Record<string, RosterEntry> = {};
  for (const id of Object.keys(value).sort()) {
    if (!id || id.length > MAX_ID) return new AnswerError(`roster: a speaker id is empty or longer than ${MAX_ID}`);
    const parsed = rosterEntry.safeParse(value[id]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return new AnswerError(`roster.${id}${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
    }
    out[id] = parsed.data;
  }
  return out;
}

/** A submitted or imported document in its stored form; null when it holds no turn and no roster. */
function parseDocument(doc: unknown): SpeakerDocument | null | AnswerError {
  if (!isRecord(doc)) return new AnswerError('expected {"v": 1, "schema_type": "speaker_assignment", "turns": {...}}');
  if (doc.v !== undefined && doc.v !== 1)
    return new AnswerError(`v: version ${JSON.stringify(doc.v)} is not read (1 is)`);
  if (doc.schema_type !== undefined && doc.schema_type !== SPEAKER_SCHEMA_TYPE)
    return new AnswerError(`schema_type: expected "${SPEAKER_SCHEMA_TYPE}"`);
  const turns = doc.turns ?? {};
  if (!isRecord(turns)) return new AnswerError('turns: expected an object of turn id → {"speaker": id | null}');
  const ids = Object.keys(turns);
  if (ids.length > MAX_TURNS) return new AnswerError(`turns: more than ${MAX_TURNS} turns`);
  const stored: SpeakerDocument['turns'] = {};
  for (const id of ids) {
    if (id.length > MAX_ID) return new AnswerError(`turns: a turn id is longer than ${MAX_ID} characters`);
    const entry = turns[id];
    if (!isRecord(entry) || !Object.hasOwn(entry, 'speaker'))
      return new AnswerError(`turns.${id}: expected {"speaker": "<id>"} or {"speaker": null}`);
    const speaker = entry.speaker;
    if (speaker !== null && (typeof speaker !== 'string' || !speaker || speaker.length > MAX_ID))
      return new AnswerError(`turns.${id}.speaker: expected a speaker id or null (unassigned)`);
    stored[id] = { speaker };
  }
  const out: SpeakerDocument = { v: 1, schema_type: SPEAKER_SCHEMA_TYPE, turns: stored };
  if (doc.roster !== undefined && doc.roster !== null) {
    const roster = parseRoster(doc.roster);
    if (roster instanceof AnswerError) return roster;
    if (Object.keys(roster).length) out.roster = roster;
  }
  return ids.length || out.roster ? out : null;
}

/** The turns of the item's dialogue field: a list, or Potato's `{audio, turns}` of an audio dialogue. */
function itemTurns(data: Readonly<Record<string, unknown>>, field: string, turnsKey: string): readonly unknown[] {
  const value = data[field];
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Array.isArray(value[turnsKey])) return value[turnsKey] as unknown[];
  return [];
}

const toStored = (doc: unknown): string | null | AnswerError => {
  const parsed = parseDocument(doc);
  return parsed === null || parsed instanceof AnswerError ? parsed : JSON.stringify(parsed);
};

export const speakerAssignmentModule: SchemeTypeModule = {
  type: 'text',
  config: z.object({}),
  keys: [],
  normalize: () => undefined,
  storage: 'labels',
  single: true,
  dataLabel: TURN_DATA_LABEL,
  accept(scheme, label, value) {
    if (label !== TURN_DATA_LABEL)
      return new AnswerError(`speakers are assigned per turn, under "${scheme.name}:${TURN_DATA_LABEL}"`);
    if (value === '') return null;
    try {
      return toStored(JSON.parse(value));
    } catch {
      return new AnswerError('not JSON text');
    }
  },
  answer: (_scheme, chosen) => JSON.parse(chosen[TURN_DATA_LABEL]) as Record<string, unknown>,
  fromAnswer(_scheme, answer): Record<string, string> | AnswerError {
    const stored = toStored(answer);
    if (stored instanceof AnswerError) return stored;
    return stored === null ? {} : { [TURN_DATA_LABEL]: stored };
  },
  // for scripts trying a config out: the item's first turn marked unassigned, which every item's turns allow
  example(scheme, item): Record<string, string> {
    const assignment = scheme.speaker_assignment;
    const turns = assignment && item ? itemTurns(item, assignment.field, assignment.turnsKey) : [];
    if (!turns.length) return {};
    const doc = { v: 1, schema_type: SPEAKER_SCHEMA_TYPE, turns: { [turnIdOf(turns[0], 0)]: { speaker: null } } };
    return { [TURN_DATA_LABEL]: JSON.stringify(doc) };
  },
  // the turns and speakers are the item's: a turn it does not have, or a speaker no one listed, is refused
  checkInText(scheme, chosen, context) {
    const assignment = scheme.speaker_assignment;
    if (!assignment || !chosen[TURN_DATA_LABEL]) return null;
    const doc = JSON.parse(chosen[TURN_DATA_LABEL]) as SpeakerDocument;
    const turns = itemTurns(context.instance.data, assignment.field, assignment.turnsKey);
    const ids = new Set(turns.map((t, i) => turnIdOf(t, i)));
    const known = new Set([...assignment.speakers.map((s) => s.id), ...Object.keys(doc.roster ?? {})]);
    for (const t of turns) {
      const speaker = isRecord(t) ? t[assignment.speakerKey] : undefined;
      if (typeof speaker === 'string' || typeof speaker === 'number') known.add(String(speaker));
    }
    for (const [id, { speaker }] of Object.entries(doc.turns)) {
      if (!ids.has(id)) return new AnswerError(`turns.${id}: the item's "${assignment.field}" has no turn ${id}`);
      if (speaker !== null && !known.has(speaker))
        return new AnswerError(
          `turns.${id}.speaker: "${speaker}" is not a speaker of "${assignment.field}" (the display's speakers, the item's turns or the answer's roster)`,
        );
    }
    return null;
  },
  spacy: 'values',
  agreement: {
    level: null,
    column: null,
    reason: 'speaker assignment is answered per turn; agreement over turns is not measured',
  },
  suggestable: false,
  shape: {
    stored: '"<field>_speakers:_data" → JSON text of {"v": 1, "schema_type": "speaker_assignment", "turns", "roster"?}',
    answer: z
      .object({
        v: z.literal(1),
        schema_type: z.literal(SPEAKER_SCHEMA_TYPE),
        turns: z.record(z.string(), z.object({ speaker: z.string().nullable() })),
        roster: z
          .record(
            z.string(),
            z.object({ name: z.string().optional(), color: z.string().optional(), side: z.string().optional() }),
          )
          .optional(),
      })
      .describe("an audio dialogue's speaker by turn id"),
  },
};

/** The scheme Potato makes for an audio dialogue field: a `text` scheme answered through the module above. */
export function speakerAssignmentScheme(assignment: NonNullable<Scheme['speaker_assignment']>): Scheme {
  return {
    name: `${assignment.field}_speakers`,
    annotation_type: 'text',
    description: `Speaker of each turn of "${assignment.field}"`,
    labels: [],
    speaker_assignment: assignment,
    extra: {},
  };
}
