/**
 * Praat TextGrids read into timed turns, one tier a speaker (the tier's name): each interval with text is a turn,
 * the empty ones (the silences between) are not, and the turns of all tiers are put in time order. Praat's long and
 * short text forms hold the same values in the same order, the long one with `name =` labels and `[n]` indices
 * between them, so both are read as one stream of numbers, quoted strings and `<exists>` flags. Point tiers
 * (`TextTier`) have no span and give no turns.
 */
import type { CaptionTurn } from './captions.js';
import { timedTurn } from './words.js';

const TOKEN =
  /"((?:[^"]|"")*)"|\[[^\]\n]*\]|<(exists|absent)>|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|[A-Za-z_][\w?]*/g;

export function isTextGrid(text: string): boolean {
  return /^\s*File type = "ooTextFile(?: short)?"\s*\r?\n\s*Object class = "TextGrid"/.test(
    text.replace(/^\uFEFF/, ''),
  );
}

/** The values in order: strings unquoted, numbers as numbers, labels and indices left out. */
function tokens(text: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of text.matchAll(TOKEN)) {
    if (m[1] !== undefined) out.push(m[1].replace(/""/g, '"'));
    else if (m[2] !== undefined) out.push(`<${m[2]}>`);
    else if (m[3] !== undefined) out.push(Number(m[3]));
  }
  return out;
}

export function parseTextGrid(text: string): CaptionTurn[] | undefined {
  if (!isTextGrid(text)) return undefined;
  const t = tokens(text.replace(/^\uFEFF/, ''));
  // "ooTextFile", "TextGrid", xmin, xmax, <exists>, the tier count
  if (t[4] !== '<exists>') return undefined;
  let at = 6;
  const tiers = Number(t[5]);
  const turns: CaptionTurn[] = [];
  for (let tier = 0; tier < tiers && at < t.length; tier++) {
    const [kind, name, , , count] = t.slice(at, at + 5);
    at += 5;
    const n = Number(count);
    if (typeof kind !== 'string' || !Number.isInteger(n) || n < 0) return undefined;
    if (kind !== 'IntervalTier') {
      at += 2 * n; // a point tier: time and mark per point
      continue;
    }
    for (let i = 0; i < n; i++, at += 3) {
      const [start, end, label] = t.slice(at, at + 3);
      if (typeof start !== 'number' || typeof end !== 'number' || typeof label !== 'string') return undefined;
      const turn = timedTurn(label, start, end, typeof name === 'string' && name.trim() ? name.trim() : undefined);
      if (turn) turns.push(turn);
    }
  }
  // a stable sort keeps tiers' turns that start together in tier order
  turns.sort((a, b) => a.start - b.start);
  return turns.length ? turns : undefined;
}
