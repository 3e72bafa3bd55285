/** Words of a text as the embedded learner sees them: lower-cased word tokens with positions, and n-gram features. */

export interface Token {
  word: string;
  start: number;
  end: number;
}

// letters and digits of any script, with an inner apostrophe kept ("don't")
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD))
    tokens.push({ word: m[0].toLowerCase().replace(/’/g, "'"), start: m.index!, end: m.index! + m[0].length });
  return tokens;
}

/** The set of unigrams and bigrams ("not good") of a text; a set, so a word repeated does not shout. */
export function features(text: string): Set<string> {
  const words = tokenize(text).map((t) => t.word);
  const out = new Set<string>(words);
  for (let i = 1; i < words.length; i++) out.add(`${words[i - 1]} ${words[i]}`);
  return out;
}

/** Separates a pair feature's side from the feature ("A" + SIDE + "great"). */
export const SIDE = '\u0001';

/**
 * Two compared texts' features, each tagged with its side. What both texts share says nothing about which one is
 * preferred, so it is left out.
 */
export function pairFeatures(a: string, b: string): Set<string> {
  const fa = features(a);
  const fb = features(b);
  const out = new Set<string>();
  for (const f of fa) if (!fb.has(f)) out.add(`A${SIDE}${f}`);
  for (const f of fb) if (!fa.has(f)) out.add(`B${SIDE}${f}`);
  return out;
}

/** A feature without its side tag, and the side (undefined for a one-text feature). */
export function untag(feature: string): { feature: string; side?: string } {
  const at = feature.indexOf(SIDE);
  return at < 0 ? { feature } : { feature: feature.slice(at + 1), side: feature.slice(0, at) };
}
