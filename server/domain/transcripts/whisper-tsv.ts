/**
 * Whisper's TSV output (`--output_format tsv`): a `start	end	text` header, then one segment a row with its times in
 * integer milliseconds. Whisper does not diarize, so no turn has a speaker.
 */
import type { CaptionTurn } from './captions.js';
import { timedTurn } from './words.js';

const HEADER = /^\s*start\tend\ttext\s*$/i;

export function isWhisperTsv(text: string): boolean {
  return HEADER.test(text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '');
}

export function parseWhisperTsv(source: string): CaptionTurn[] | undefined {
  if (!isWhisperTsv(source)) return undefined;
  const turns: CaptionTurn[] = [];
  for (const line of source.split(/\r?\n/).slice(1)) {
    const [start, end, ...text] = line.split('\t');
    if (!/^\s*\d+(\.\d+)?\s*$/.test(start ?? '') || !/^\s*\d+(\.\d+)?\s*$/.test(end ?? '')) continue;
    const turn = timedTurn(text.join(' '), Number(start) / 1000, Number(end) / 1000);
    if (turn) turns.push(turn);
  }
  return turns.length ? turns : undefined;
}
