/**
 * Word-level transcripts (NIST CTM, AWS Transcribe's items, Deepgram's and AssemblyAI's word lists) grouped into
 * turns as Potato groups them: a new turn where the speaker changes or the silence since the last word is longer
 * than a pause, so a long monologue still reads as the sentences it was spoken in.
 */
import type { CaptionTurn } from './captions.js';

/** Potato's pause between turns, in seconds. */
const TURN_PAUSE = 0.8;

export interface Word {
  text: string;
  start: number;
  end: number;
  speaker?: string;
  /** punctuation that joins the word before it with no space */
  attach?: boolean;
  /** the recording the word is from, where a file lists several: a new one starts a new turn */
  recording?: string;
}

export function groupWords(words: readonly Word[], pause = TURN_PAUSE): CaptionTurn[] {
  const turns: CaptionTurn[] = [];
  let current: CaptionTurn | undefined;
  let recording: string | undefined;
  for (const w of words) {
    const text = w.text.trim();
    if (!text) continue;
    if (current && w.attach) {
      current.text += text;
      continue;
    }
    if (!Number.isFinite(w.start) || w.start < 0 || !(w.end >= w.start)) continue;
    const from = recording;
    recording = w.recording;
    if (!current || current.speaker !== w.speaker || w.recording !== from || w.start - current.end > pause) {
      current = w.speaker
        ? { speaker: w.speaker, text, start: w.start, end: w.end }
        : { text, start: w.start, end: w.end };
      turns.push(current);
      continue;
    }
    current.text += ` ${text}`;
    current.end = Math.max(current.end, w.end);
  }
  return turns;
}

/** A vendor's speaker label as text: Deepgram's and Rev.ai's numbers become Potato's `speaker_<n>`. */
export function speakerLabel(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return `speaker_${v}`;
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** A time in seconds from a number or a numeric string (AWS writes `"1.25"`), scaled (AssemblyAI's milliseconds). */
export function seconds(v: unknown, scale = 1): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return n / scale;
}

export const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** A timed turn, or nothing when its text is empty or its times are not a forward span. */
export function timedTurn(text: unknown, start: number, end: number, speaker?: string): CaptionTurn | undefined {
  const t = typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';
  if (!t || !Number.isFinite(start) || start < 0 || !(end >= start)) return undefined;
  return speaker ? { speaker, text: t, start, end } : { text: t, start, end };
}
