/**
 * NIST CTM word alignments (`<file> <channel> <start> <duration> <word> [<confidence>]`, `;;` comments) grouped into
 * turns by speaker change and pause (`words.ts`). The channel is the speaker when the file has more than one; a
 * file with a single channel names no one, so its turns are unassigned rather than all spoken by "A" or "1".
 */
import type { CaptionTurn } from './captions.js';
import { groupWords, type Word } from './words.js';

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;

interface CtmRow {
  file: string;
  channel: string;
  start: number;
  end: number;
  word: string;
}

function rows(text: string): CtmRow[] | undefined {
  const out: CtmRow[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith(';;')) continue;
    const f = trimmed.split(/\s+/);
    if (f.length < 5 || f.length > 7 || !NUMBER.test(f[2]!) || !NUMBER.test(f[3]!)) return undefined;
    const start = Number(f[2]);
    // start plus duration, to the millisecond, so 1.85 + 0.2 is 2.05 and not 2.0500000000000003
    const end = Math.round((start + Number(f[3])) * 1000) / 1000;
    out.push({ file: f[0]!, channel: f[1]!, start, end, word: f[4]! });
  }
  return out.length ? out : undefined;
}

export function isCtm(text: string): boolean {
  return rows(text) !== undefined;
}

export function parseCtm(text: string): CaptionTurn[] | undefined {
  const all = rows(text);
  if (!all) return undefined;
  const diarized = new Set(all.map((r) => r.channel)).size > 1;
  const words: Word[] = all.map((r) => ({
    text: r.word,
    start: r.start,
    end: r.end,
    recording: r.file,
    ...(diarized ? { speaker: r.channel } : {}),
  }));
  // channels are often listed one after the other; the page shows the turns in the order they were spoken
  const turns = groupWords(words).sort((a, b) => a.start - b.start);
  return turns.length ? turns : undefined;
}
