/**
 * Which of the learner's features may be shown as evidence: a stop-word ("the", "was") or a bigram of two
 * ("of the") says nothing to the annotator and makes a hint look surer than it is. The lists are the `stopword`
 * package's for the languages most projects are written in.
 */
import { createRequire } from 'node:module';
import { SIDE } from './text-features.js';

// the package ships no types; its CommonJS export is an object of word lists by language code
const stopword = createRequire(import.meta.url)('stopword') as Record<string, string[]>;

const STOP = new Set(
  [
    ...stopword.eng,
    ...stopword.deu,
    ...stopword.fra,
    ...stopword.spa,
    ...stopword.ita,
    ...stopword.por,
    ...stopword.nld,
  ].map((w) => w.toLowerCase()),
);

/** A feature worth showing: a unigram that is no stop-word, or a bigram with at least one word that is not. */
export function informative(feature: string): boolean {
  // a pair feature's side tag is no part of its words
  return feature
    .slice(feature.indexOf(SIDE) + 1)
    .split(' ')
    .some((w) => !STOP.has(w));
}
