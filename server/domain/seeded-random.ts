/**
 * Seeded randomness: the same seed gives the same sequence on every machine and after every restart, so random
 * orders, samples and tuples a project hands out stay the same for its annotators.
 */

/** A small, fast, seedable PRNG (mulberry32), so `random` gives each annotator the same order after a restart. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
