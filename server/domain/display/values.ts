/** Reading an item's fields for display: dotted paths, and values of any JSON shape as text, lists or turns. */
import type { MediaSource, Turn } from './types.js';
import { turnIdOf } from '../../../shared/schemes/turn-level.js';

/** `a.b`, `a.0`, `a[0]`: the value at a path in the item, or undefined. A key holding the whole path wins. */
export function valueAt(item: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(item, path)) return item[path];
  let at: unknown = item;
  for (const part of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/**
 * A value as one piece of text: strings as they are, lists one entry per line, objects as `key: value` lines
 * (nested ones indented), so a structured field reads as text rather than as JSON with its quotes and escapes.
 */
export function asText(value: unknown, indent = ''): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map((v: unknown) => asText(v, indent))
      .join(value.some((v) => v && typeof v === 'object') ? '\n\n' : '\n');
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) =>
      v && typeof v === 'object'
        ? `${indent}${k}:\n${asText(v, `${indent}  `)}`
        : `${indent}${k}: ${asText(v).replace(/\n/g, `\n${indent}  `)}`,
    )
    .join('\n');
}

const SPEAKER_KEYS = ['speaker', 'role', 'author', 'from', 'user', 'name', 'agent'];
const TURN_TEXT_KEYS = ['text', 'content', 'utterance', 'message', 'value'];

/** Which keys of a turn object hold its speaker and text, when a display names them (`speaker_key`, `text_key`). */
export interface TurnKeys {
  speaker?: string;
  text?: string;
}

const present = (o: Record<string, unknown>, k: string | undefined) =>
  k !== undefined && (typeof o[k] === 'string' || typeof o[k] === 'number');

export const textOf = (v: unknown) =>
  (typeof v === 'string' && v !== '') || typeof v === 'number' ? String(v) : undefined;

/** A time in seconds: a number, or `[HH:]MM:SS[.,]mmm` as transcripts write it; undefined otherwise. */
function seconds(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const m = /^\s*(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:[.,]\d+)?)\s*$/.exec(v) ?? /^\s*()()(\d+(?:\.\d+)?)\s*$/.exec(v);
  if (!m) return undefined;
  return Number(m[1] || 0) * 3600 + Number(m[2] || 0) * 60 + Number(m[3].replace(',', '.'));
}

/** A turn's id and the keys turn-level questions filter on, copied when the turn has them. */
export function withBindingKeys(turn: Turn, o: Record<string, unknown>, index: number): Turn {
  const id = turnIdOf(o, index);
  if (id !== `t${index}`) turn.id = id;
  const agent = textOf(o.agent_id);
  // Potato reads a turn's `type` before its `step_type`, both as written
  const stepType = (typeof o.type === 'string' ? textOf(o.type) : undefined) ?? textOf(o.step_type);
  const tool = textOf(o.tool) ?? textOf(o.tool_name);
  const run = textOf(o.run_id);
  if (agent) turn.agent = agent;
  if (stepType) turn.step_type = stepType;
  if (tool) turn.tool = tool;
  if (run) turn.run = run;
  // where the turn is in a recording (an audio dialogue's player plays it from there)
  const start = seconds(o.start ?? o.start_time);
  const end = seconds(o.end ?? o.end_time);
  if (start !== undefined) turn.start = start;
  if (end !== undefined && (start === undefined || end >= start)) turn.end = end;
  return turn;
}

/** Turns of a conversation: `[{speaker, text}]` (or role/content and kin), or `["Speaker: text", …]`. */
export function asTurns(value: unknown, splitSpeaker = true, keys: TurnKeys = {}): Turn[] | undefined {
  if (!Array.isArray(value) || !value.length) return undefined;
  const turns: Turn[] = [];
  for (const entry of value) {
    if (typeof entry === 'string') {
      const m = splitSpeaker ? /^([^:\n]{1,40}):\s+([\s\S]*)$/.exec(entry) : null;
      turns.push(m ? { speaker: m[1], text: m[2] } : { text: entry });
    } else if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
      const o = entry as Record<string, unknown>;
      const textKey = present(o, keys.text) ? keys.text : TURN_TEXT_KEYS.find((k) => present(o, k));
      if (!textKey) return undefined;
      const speakerKey = present(o, keys.speaker) ? keys.speaker : SPEAKER_KEYS.find((k) => present(o, k));
      const turn: Turn = speakerKey
        ? { speaker: String(o[speakerKey]), text: asText(o[textKey]) }
        : { text: asText(o[textKey]) };
      turns.push(withBindingKeys(turn, o, turns.length));
    } else return undefined;
  }
  return turns;
}

/** Whether a list reads as a conversation: objects with a speaker, or every string "Name: …". */
export function looksLikeTurns(value: unknown): boolean {
  if (!Array.isArray(value) || value.length < 2) return false;
  if (value.every((v) => v && typeof v === 'object' && SPEAKER_KEYS.some((k) => k in (v as object))))
    return asTurns(value) !== undefined;
  return false;
}

/** Items of a list value; a string stays one item. */
export function asItems(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => asText(v));
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k}: ${asText(v)}`);
  return [asText(value)];
}

const UNSAFE_SCHEME = /^\s*(javascript|vbscript|data(?!:(image|audio|video)\/))\s*:/i;

/**
 * Where a media value is loaded from: http(s) URLs as they are (remote), paths relative to the task folder
 * through the media route. Absolute paths, `..` and scripting schemes are refused.
 */
export function mediaSource(value: unknown): MediaSource {
  const raw = asText(value).trim();
  if (!raw) return { refused: 'the item has no value here' };
  if (/^https?:\/\//i.test(raw)) return { src: raw, remote: true };
  if (/^data:(image|audio|video)\//i.test(raw)) return { src: raw, remote: false };
  if (UNSAFE_SCHEME.test(raw) || /^[a-z][a-z0-9+.-]*:/i.test(raw))
    return { refused: `${raw.slice(0, 80)}: only http(s) URLs and paths inside the task folder are shown` };
  const path = raw.replace(/\\/g, '/');
  if (path.startsWith('/') || path.split('/').includes('..'))
    return { refused: `${raw.slice(0, 80)}: a media path must stay inside the task folder` };
  return {
    src: `/api/media/${path
      .split('/')
      .filter((p) => p && p !== '.')
      .map(encodeURIComponent)
      .join('/')}`,
    remote: false,
  };
}

/**
 * A PDF's path inside the task folder, served as other media are. A URL is refused: the page fetches a PDF's bytes
 * itself, and its policy lets it connect to this server only.
 */
export function pdfSource(value: unknown): MediaSource {
  const raw = asText(value).trim();
  if (/^https?:\/\//i.test(raw))
    return {
      refused: `${raw.slice(0, 80)}: a PDF is shown from the task folder only; put the file there and name its path`,
    };
  if (/^data:/i.test(raw)) return { refused: 'a PDF is shown from a file in the task folder, not from a data: URL' };
  return mediaSource(raw);
}
