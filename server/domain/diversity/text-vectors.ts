/**
 * Items as TF-IDF vectors of their words. Potato embeds items with a sentence-transformer; this project runs no
 * model, so items are compared by the words they use: each text's word counts (the tokenizer the learners use),
 * weighted by how rare a word is in the corpus, L2-normalised so a dot product is the cosine. Vectors are sparse
 * (a text uses a few dozen words of a vocabulary of thousands), which keeps clustering a 10,000-item corpus cheap.
 */
import { tokenize } from '../ai/text-features.js';
import { runToEnd } from '../slices.js';

export interface SparseVector {
  /** vocabulary indexes, ascending */
  readonly index: Int32Array;
  /** weights, L2 norm 1 (all zero for a text without words) */
  readonly value: Float32Array;
}

/**
 * The vocabulary: words found in at least two texts (a word of one text brings no two texts together), the
 * `MAX_WORDS` most widespread of them, so the clusters' dense centres stay a few megabytes.
 */
const MAX_WORDS = 4096;

export interface TextVectors {
  vectors: SparseVector[];
  dimensions: number;
}

/** Sparse TF-IDF vectors of the texts, in the same order, and the size of the vocabulary they index. */
export function textVectors(texts: readonly string[]): TextVectors {
  return runToEnd(textVectorSteps(texts));
}

/** texts handled between two pauses of the stepwise computation */
const TEXTS_PER_STEP = 64;

/**
 * `textVectors` as steps: it pauses (yields) every few dozen texts, so a server can run it between requests
 * (`driveSteps`) and get the very result the one-go call gives.
 */
export function* textVectorSteps(texts: readonly string[]): Generator<void, TextVectors> {
  const tokens: string[][] = [];
  for (const text of texts) {
    tokens.push(tokenize(text).map((t) => t.word));
    if (tokens.length % TEXTS_PER_STEP === 0) yield;
  }
  const documentFrequency = new Map<string, number>();
  for (const words of tokens)
    for (const word of new Set(words)) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  const kept = [...documentFrequency]
    .filter(([, df]) => df >= 2)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_WORDS);
  const vocabulary = new Map(kept.map(([word], id) => [word, id]));
  const n = texts.length;
  // smoothed idf, as scikit-learn's TfidfVectorizer: a word in every text still weighs a little
  const idf = kept.map(([, df]) => Math.log((1 + n) / (1 + df)) + 1);
  const vectors: SparseVector[] = [];
  for (const words of tokens) {
    const tf = new Map<number, number>();
    for (const word of words) {
      const id = vocabulary.get(word);
      if (id !== undefined) tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    const index = Int32Array.from([...tf.keys()].sort((a, b) => a - b));
    const value = new Float32Array(index.length);
    let norm = 0;
    index.forEach((id, k) => {
      // sublinear tf: a word said ten times is not ten times the topic
      const w = (1 + Math.log(tf.get(id)!)) * idf[id];
      value[k] = w;
      norm += w * w;
    });
    norm = Math.sqrt(norm);
    if (norm > 0) for (let k = 0; k < value.length; k++) value[k] /= norm;
    vectors.push({ index, value });
    if (vectors.length % TEXTS_PER_STEP === 0) yield;
  }
  return { vectors, dimensions: vocabulary.size };
}

/** The dot product of a sparse vector with a dense one. */
export function dotDense(v: SparseVector, dense: Float64Array | Float32Array): number {
  let s = 0;
  for (let k = 0; k < v.index.length; k++) s += v.value[k] * dense[v.index[k]];
  return s;
}
