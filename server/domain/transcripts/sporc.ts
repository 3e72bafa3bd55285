/**
 * SPoRC (Structured Podcast Research Corpus) speaker-turn rows, in its JSONL (camelCase) or parquet (snake_case)
 * form, read into timed turns. Its speaker is a one-entry list of diarization labels unless the display names
 * another key (`inferredSpeakerName`, `inferredSpeakerRole`); SPoRC's "no speaker" sentinels leave a turn unassigned.
 */
import type { CaptionTurn } from './captions.js';

const NO_SPEAKER = new Set(['neither', 'NO_INFERRED_SPEAKER', 'NO_INFERRED_ROLE', '']);

const row = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const pick = (o: Record<string, unknown>, camel: string, snake: string) => o[camel] ?? o[snake];
const time = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : Number(v));

/** Whether a list is SPoRC's: rows holding `turnText` or `turn_text`. */
function isSporc(value: unknown): value is unknown[] {
  return (
    Array.isArray(value) && value.length > 0 && value.every((v) => row(v) && ('turnText' in v || 'turn_text' in v))
  );
}

function speakerOf(o: Record<string, unknown>, key: string | undefined): string | undefined {
  let v = key !== undefined && key in o ? o[key] : o.speaker;
  if (Array.isArray(v)) v = v[0];
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  return NO_SPEAKER.has(s) ? undefined : s;
}

export interface SporcTranscript {
  turns: CaptionTurn[];
  /** the episode's recording (`mp3url`), for a field that names none */
  audio?: string;
}

export function parseSporc(value: unknown, speakerKey?: string): SporcTranscript | undefined {
  if (!isSporc(value)) return undefined;
  const turns: CaptionTurn[] = [];
  let audio: string | undefined;
  for (const o of value as Record<string, unknown>[]) {
    const text = String(pick(o, 'turnText', 'turn_text') ?? '').trim();
    const start = time(pick(o, 'startTime', 'start_time'));
    const end = time(pick(o, 'endTime', 'end_time'));
    if (!text || !Number.isFinite(start) || !(end >= start)) continue;
    const speaker = speakerOf(o, speakerKey);
    turns.push(speaker ? { speaker, text, start, end } : { text, start, end });
    const url = pick(o, 'mp3url', 'mp3_url');
    if (audio === undefined && typeof url === 'string' && url) audio = url;
  }
  if (!turns.length) return undefined;
  return audio ? { turns, audio } : { turns };
}
