/**
 * Deepgram's response (`{"results": {utterances | channels}}`) read into timed turns: its `utterances` when the
 * request asked for them, else the first channel's first alternative's words grouped by speaker change and pause
 * (`words.ts`). Speakers are numbers (with `diarize=true`) and read as Potato names them, `speaker_0`; a word's
 * `punctuated_word` is preferred to its bare `word`. Times are seconds.
 */
import type { CaptionTurn } from './captions.js';
import { groupWords, record, seconds, speakerLabel, timedTurn, type Word } from './words.js';

const results = (value: unknown) => record(record(value)?.results);

function isDeepgram(value: unknown): boolean {
  const r = results(value);
  return !!r && (Array.isArray(r.channels) || Array.isArray(r.utterances));
}

function firstWords(r: Record<string, unknown>): unknown[] {
  const channel = record(Array.isArray(r.channels) ? r.channels[0] : undefined);
  const alternative = record(Array.isArray(channel?.alternatives) ? channel.alternatives[0] : undefined);
  return Array.isArray(alternative?.words) ? alternative.words : [];
}

export function parseDeepgram(value: unknown): CaptionTurn[] | undefined {
  if (!isDeepgram(value)) return undefined;
  const r = results(value)!;
  let turns: CaptionTurn[];
  if (Array.isArray(r.utterances) && r.utterances.length) {
    turns = r.utterances.flatMap((u) => {
      const o = record(u) ?? {};
      const turn = timedTurn(o.transcript, seconds(o.start), seconds(o.end), speakerLabel(o.speaker));
      return turn ? [turn] : [];
    });
  } else {
    const words: Word[] = firstWords(r).flatMap((w) => {
      const o = record(w);
      const text = o?.punctuated_word ?? o?.word;
      if (!o || typeof text !== 'string') return [];
      const speaker = speakerLabel(o.speaker);
      return [{ text, start: seconds(o.start), end: seconds(o.end), ...(speaker ? { speaker } : {}) }];
    });
    turns = groupWords(words);
  }
  return turns.length ? turns : undefined;
}
