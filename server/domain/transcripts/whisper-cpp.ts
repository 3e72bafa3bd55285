/**
 * whisper.cpp's JSON (`{"transcription": [{offsets: {from, to}, text}]}`) read into timed turns. Its offsets are
 * milliseconds; whisper.cpp does not diarize, so no turn has a speaker.
 */
import type { CaptionTurn } from './captions.js';

export function isWhisperCpp(value: unknown): boolean {
  return !!value && typeof value === 'object' && Array.isArray((value as { transcription?: unknown }).transcription);
}

export function parseWhisperCpp(value: unknown): CaptionTurn[] | undefined {
  if (!isWhisperCpp(value)) return undefined;
  const turns: CaptionTurn[] = [];
  for (const entry of (value as { transcription: unknown[] }).transcription) {
    const e = (entry ?? {}) as { offsets?: { from?: unknown; to?: unknown }; text?: unknown };
    const start = Number(e.offsets?.from) / 1000;
    const end = Number(e.offsets?.to) / 1000;
    const text = typeof e.text === 'string' ? e.text.trim() : '';
    if (text && Number.isFinite(start) && start >= 0 && end >= start) turns.push({ text, start, end });
  }
  return turns.length ? turns : undefined;
}
