/**
 * Rev.ai's transcript (`{"monologues": [{speaker, elements}]}`) read into timed turns, one a monologue: its text is
 * the elements' values joined as written (Rev.ai's punctuation elements carry the spaces), its times from the first
 * and last timed word (`ts`, `end_ts`, seconds). The speaker is the monologue's `speaker_name`, else its number as
 * Potato names it, `speaker_0`.
 */
import type { CaptionTurn } from './captions.js';
import { record, seconds, speakerLabel, timedTurn } from './words.js';

function isRevAi(value: unknown): boolean {
  return Array.isArray(record(value)?.monologues);
}

export function parseRevAi(value: unknown): CaptionTurn[] | undefined {
  if (!isRevAi(value)) return undefined;
  const turns: CaptionTurn[] = [];
  for (const m of record(value)!.monologues as unknown[]) {
    const o = record(m);
    const elements = (Array.isArray(o?.elements) ? o.elements : []).flatMap((e: unknown) => {
      const r = record(e);
      return r ? [r] : [];
    });
    const timed = elements.filter((e) => e.type === 'text' && Number.isFinite(seconds(e.ts)));
    const text = elements.map((e) => (typeof e.value === 'string' ? e.value : '')).join('');
    const first = timed[0];
    const last = timed[timed.length - 1];
    if (!first || !last) continue;
    const speaker = speakerLabel(o?.speaker_name) ?? speakerLabel(o?.speaker);
    const turn = timedTurn(text, seconds(first.ts), seconds(last.end_ts ?? last.ts), speaker);
    if (turn) turns.push(turn);
  }
  return turns.length ? turns : undefined;
}
