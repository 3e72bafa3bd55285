/**
 * Generated texts with a learnable signal: each carries two words from its label's vocabulary among shared
 * filler words, in a seeded random order, so runs are repeatable.
 */
import { seededRandom } from '../../../../server/domain/seeded-random.js';

const VOCAB: Record<string, string[]> = {
  positive: ['great', 'love', 'excellent', 'wonderful', 'happy', 'perfect', 'amazing', 'fantastic'],
  negative: ['terrible', 'awful', 'broken', 'hate', 'poor', 'useless', 'disappointing', 'worst'],
};
const FILLER = [
  'the',
  'product',
  'arrived',
  'it',
  'was',
  'and',
  'box',
  'item',
  'this',
  'really',
  'today',
  'quite',
  'my',
  'order',
  'colour',
  'size',
];

export function learnableItems(n: number, seed = 42): { id: string; text: string; truth: string }[] {
  const random = seededRandom(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  return Array.from({ length: n }, (_, i) => {
    const truth = random() < 0.5 ? 'positive' : 'negative';
    const words = [pick(VOCAB[truth]), pick(VOCAB[truth]), ...Array.from({ length: 6 }, () => pick(FILLER))];
    for (let j = words.length - 1; j > 0; j--) {
      const k = Math.floor(random() * (j + 1));
      [words[j], words[k]] = [words[k], words[j]];
    }
    const text = words.join(' ');
    return { id: `gen-${i + 1}`, text: text[0].toUpperCase() + text.slice(1) + '.', truth };
  });
}
