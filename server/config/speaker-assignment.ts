/**
 * The speaker-assignment schemes Potato makes for its `audio_dialogue` display fields (`<field>_speakers`, unless
 * the field's `display_options.allow_speaker_assignment` is false), read from `instance_display` so scripts and
 * pages written for Potato can post and read them (docs/turn-level.md).
 */
import type { ListedSpeaker, Scheme } from '../domain/task.js';
import { speakerAssignmentScheme } from '../domain/schemes/speaker-assignment.js';

/** The audio dialogue field's display options read here; the display config warns about the others. */
export const SPEAKER_ASSIGNMENT_OPTIONS = ['allow_speaker_assignment', 'speakers', 'turns_key', 'speaker_key'] as const;

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => !!v && typeof v === 'object' && !Array.isArray(v);

function readAllowed(value: unknown, where: string, warn: (m: string) => void): boolean {
  if (value === undefined || value === null || value === true || value === 'true' || value === 'True') return true;
  if (value === false || value === 'false' || value === 'False') return false;
  warn(`${where}.allow_speaker_assignment: expected true or false; speakers may be assigned (Potato's default)`);
  return true;
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined);

/** One listed speaker: its id, and the name, colour and side the page shows when they are given as text. */
function readSpeaker(s: unknown, where: string, warn: (m: string) => void): ListedSpeaker | undefined {
  const id = text(isMapping(s) ? s.id : s);
  if (!id) {
    warn(`${where}: expected {id, name, color, side} with an id; the entry is left out`);
    return undefined;
  }
  const speaker: ListedSpeaker = { id };
  if (!isMapping(s)) return speaker;
  const name = text(s.name);
  const color = text(s.color);
  if (name) speaker.name = name;
  if (color) speaker.color = color;
  if (s.side === 'left' || s.side === 'right') speaker.side = s.side;
  else if (s.side !== undefined && s.side !== null) warn(`${where}.side: expected left or right; the side is not set`);
  return speaker;
}

function readSpeakers(value: unknown, where: string, warn: (m: string) => void): ListedSpeaker[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    warn(`${where}.speakers: expected a list of {id, name, color, side}; the item's own speakers are used`);
    return [];
  }
  return value.flatMap((s, i) => readSpeaker(s, `${where}.speakers[${i}]`, warn) ?? []);
}

/**
 * The schemes to add for the config's audio dialogue fields. `html_layout` replaces `instance_display`, so then
 * there are none; a configured scheme of the same name is kept and the made one left out, with a warning.
 */
export function speakerAssignmentSchemes(
  config: Mapping,
  configured: readonly Scheme[],
  warn: (m: string) => void,
): Scheme[] {
  const display = config.instance_display;
  if (config.html_layout || !isMapping(display) || !Array.isArray(display.fields)) return [];
  const names = new Set(configured.map((s) => s.name));
  const made: Scheme[] = [];
  display.fields.forEach((f, i) => {
    if (!isMapping(f) || f.type !== 'audio_dialogue' || typeof f.key !== 'string' || !f.key) return;
    const where = `instance_display.fields[${i}].display_options`;
    const options = isMapping(f.display_options) ? f.display_options : {};
    if (!readAllowed(options.allow_speaker_assignment, where, warn)) return;
    const key = (name: unknown, fallback: string) => (typeof name === 'string' && name ? name : fallback);
    const scheme = speakerAssignmentScheme({
      field: f.key,
      speakers: readSpeakers(options.speakers, where, warn),
      turnsKey: key(options.turns_key, 'turns'),
      speakerKey: key(options.speaker_key, 'speaker'),
    });
    if (names.has(scheme.name)) {
      warn(
        `annotation_schemes: "${scheme.name}" is the name of the speaker assignment Potato makes for "${f.key}"; the configured scheme is used and speakers are not assigned`,
      );
      return;
    }
    names.add(scheme.name);
    made.push(scheme);
  });
  return made;
}
