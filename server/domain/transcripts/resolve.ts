/**
 * An audio dialogue field's transcript, wherever and however the item gives it: a turn list, a transcript in a
 * format read here (inline or in a sidecar file of the task folder), or Potato's `{audio, turns | transcript}`.
 * The display and the load check both call this, so what loads without a warning is what the page shows.
 */
import { detectTranscript, FORMATS_READ } from './detect.js';
import { parseParagraph } from './paragraph.js';
import { asTurns, type TurnKeys } from '../display/values.js';
import type { AudioDialogueOptions, Turn } from '../display/types.js';

/** Potato's sidecar extensions: in `auto`, a short one-line value ending in one of these is a file's path. */
const SIDECAR = /\.(srt|vtt|webvtt|json|json3|srv1|srv2|srv3|ttml|dfxp|xml|ass|ssa|tsv|ctm|textgrid|eaf|txt)$/i;

function isTranscriptPath(value: string, mode: AudioDialogueOptions['transcriptIsPath']): boolean {
  const v = value.trim();
  if (mode === false || !v || /[\r\n]/.test(v)) return false;
  return mode === true || (v.length <= 512 && SIDECAR.test(v));
}

/** What reading a sidecar gave: its text, nothing at that path, or a refusal (the path leaves the task folder). */
export type SidecarRead = { text: string } | { missing: string } | { refused: string };
export type ReadSidecar = (path: string) => SidecarRead;

export type ResolvedTranscript =
  | { turns: Turn[]; audio?: unknown; format: string; sidecar?: string }
  /** `kind` says why no turns: the caller shows the value as text */
  | { problem: string; kind: 'refused' | 'missing' | 'unread' };

const record = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** A JSON document's turn list in Potato's own shapes: a list, or `turns`/`segments` of an object. */
function jsonTurns(text: string, turnsKey: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    const o = record(parsed);
    return o ? (o[turnsKey] ?? o.turns ?? o.segments) : parsed;
  } catch {
    return undefined;
  }
}

/**
 * A recording a sidecar names by a relative path (an EAF's `RELATIVE_MEDIA_URL`) is relative to the sidecar, as
 * ELAN writes it; the page's media are relative to the task folder. A URL or a path climbing out is left as written,
 * for the media check to judge.
 */
function besideSidecar(sidecar: string, media: string): string {
  if (/^[a-z][\w+.-]*:|^\//i.test(media)) return media;
  const parts = sidecar.replace(/\\/g, '/').split('/').slice(0, -1);
  for (const part of media.split('/')) {
    if (part === '..' && parts.length && parts[parts.length - 1] !== '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

export function resolveTranscript(
  value: unknown,
  options: AudioDialogueOptions,
  keys: TurnKeys,
  readSidecar: ReadSidecar | undefined,
): ResolvedTranscript {
  const o = record(value);
  let list = o ? (o[options.turnsKey] ?? o.segments ?? o.transcript) : value;
  let sidecar: string | undefined;
  if (typeof list === 'string' && readSidecar && isTranscriptPath(list, options.transcriptIsPath)) {
    sidecar = list.trim();
    const read = readSidecar(sidecar);
    if ('refused' in read) return { kind: 'refused', problem: read.refused };
    if ('missing' in read) return { kind: 'missing', problem: read.missing };
    list = read.text;
  }
  const audio = o?.[options.audioKey];
  const detected = detectTranscript(list, keys.speaker);
  const base = sidecar ? { sidecar } : {};
  if (detected) {
    const own = detected.audio !== undefined && sidecar ? besideSidecar(sidecar, detected.audio) : detected.audio;
    return { ...base, turns: detected.turns, audio: audio ?? own, format: detected.format };
  }
  const turns = asTurns(typeof list === 'string' ? jsonTurns(list, options.turnsKey) : (list ?? value), true, keys);
  if (turns) return { ...base, turns, audio, format: 'turn list' };
  const paragraph = parseParagraph(list);
  if (paragraph) return { ...base, turns: paragraph, audio, format: 'plain text' };
  const what = sidecar ? `the file ${sidecar}` : 'the value';
  return {
    kind: 'unread',
    problem: `${what} is neither a turn list nor a transcript in a format read here (${FORMATS_READ})`,
  };
}
