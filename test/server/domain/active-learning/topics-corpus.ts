/**
 * A generated corpus for active learning: four topics, each with forty words of falling frequency (so many are
 * rare), texts of two topic words among four filler words, and one text in eight with a word of another topic as
 * noise. Seeded, so every run labels the same texts.
 */
import { seededRandom } from '../../../../server/domain/seeded-random.js';

export const TOPICS = ['sport', 'politics', 'science', 'cooking'];
const WORDS_PER_TOPIC = 40;
const FILLER = Array.from({ length: 30 }, (_, i) => `common${i}`);

/** Zipf-like: the k-th word is drawn with weight 1/(k+1). */
function zipf(random: () => number, n: number): number {
  const total = Array.from({ length: n }, (_, k) => 1 / (k + 1)).reduce((a, b) => a + b, 0);
  let x = random() * total;
  for (let k = 0; k < n; k++) if ((x -= 1 / (k + 1)) <= 0) return k;
  return n - 1;
}

export function topicTexts(n: number, seed: number, prefix = 'doc'): { id: string; text: string; truth: string }[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, (_, i) => {
    const t = Math.floor(random() * TOPICS.length);
    const truth = TOPICS[t];
    const words = [0, 1].map(() => `${truth}${zipf(random, WORDS_PER_TOPIC)}`);
    for (let j = 0; j < 4; j++) words.push(FILLER[zipf(random, FILLER.length)]);
    if (random() < 1 / 8) {
      const other = TOPICS[(t + 1 + Math.floor(random() * 3)) % TOPICS.length];
      words.push(`${other}${zipf(random, WORDS_PER_TOPIC)}`);
    }
    for (let j = words.length - 1; j > 0; j--) {
      const k = Math.floor(random() * (j + 1));
      [words[j], words[k]] = [words[k], words[j]];
    }
    return { id: `${prefix}-${i + 1}`, text: words.join(' '), truth };
  });
}
