/**
 * AssemblyAI's transcript (`{"text", "utterances" | "words"}`) read into timed turns: its `utterances` (made when
 * `speaker_labels` was asked for), else its `words` grouped by speaker change and pause (`words.ts`). Its times are
 * milliseconds; speakers are letters (`A`, `B`).
 */
import type { CaptionTurn } from './captions.js';
import { groupWords, record, seconds, speakerLabel, timedTurn, type Word } from './words.js';

function isAssemblyAi(value: unknown): boolean {
  const o = record(value);
  return !!o && typeof o.text === 'string' && (Array.isArray(o.utterances) || Array.isArray(o.words));
}

export function parseAssemblyAi(value: unknown): CaptionTurn[] | undefined {
  if (!isAssemblyAi(value)) return undefined;
  const o = record(value)!;
  let turns: CaptionTurn[];
  if (Array.isArray(o.utterances) && o.utterances.length) {
    turns = o.utterances.flatMap((u) => {
      const x = record(u) ?? {};
      const turn = timedTurn(x.text, seconds(x.start, 1000), seconds(x.end, 1000), speakerLabel(x.speaker));
      return turn ? [turn] : [];
    });
  } else {
    const words: Word[] = (Array.isArray(o.words) ? o.words : []).flatMap((w) => {
      const x = record(w);
      if (!x || typeof x.text !== 'string') return [];
      const speaker = speakerLabel(x.speaker);
      return [
        { text: x.text, start: seconds(x.start, 1000), end: seconds(x.end, 1000), ...(speaker ? { speaker } : {}) },
      ];
    });
    turns = groupWords(words);
  }
  return turns.length ? turns : undefined;
}
