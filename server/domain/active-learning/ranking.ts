/**
 * The hand-out order of active learning, from margins already computed: the least certain unlabelled items first,
 * with a share of slots given to a random unlabelled item so the learner's sample does not drift away from the
 * data as a whole; then the unscored unlabelled items and the labelled ones, each in task order.
 */
import { seededRandom } from '../seeded-random.js';

export interface RankInput {
  /** task positions of the unlabelled items that were scored, and their margins (same length) */
  scored: Int32Array;
  margins: Float64Array;
  /** every unlabelled task position, in task order (the scored ones included) */
  unlabelled: Int32Array;
  /** labelled task positions, in task order */
  labelled: Int32Array;
  /** how many of the least certain to order exactly; the rest of the scored items follow in task order */
  top: number;
  randomShare: number;
  seed: number;
}

/** Task positions in hand-out order; each position once. */
export function rankPositions(input: RankInput): Int32Array {
  const { scored, margins, unlabelled, labelled, randomShare } = input;
  const least = leastCertain(margins, Math.min(input.top, scored.length)).map((i) => scored[i]);
  const out = new Int32Array(unlabelled.length + labelled.length);
  const used = new Set<number>();
  const random = seededRandom(input.seed);
  let n = 0;
  let next = 0;
  while (next < least.length) {
    let position: number;
    if (randomShare > 0 && random() < randomShare) {
      // a random unlabelled item not yet placed; a few tries, then the next uncertain one
      position = -1;
      for (let tries = 0; tries < 8 && position < 0; tries++) {
        const candidate = unlabelled[Math.floor(random() * unlabelled.length)];
        if (!used.has(candidate)) position = candidate;
      }
      if (position < 0) continue;
    } else {
      position = least[next++];
      if (used.has(position)) continue;
    }
    used.add(position);
    out[n++] = position;
  }
  for (const p of unlabelled) if (!used.has(p)) out[n++] = p;
  for (const p of labelled) out[n++] = p;
  return out.subarray(0, n);
}

/** Indices of the `k` smallest margins, smallest first (ties by index): a max-heap of k, so n log k. */
function leastCertain(margins: Float64Array, k: number): number[] {
  if (k <= 0) return [];
  const heap: number[] = [];
  const worse = (a: number, b: number) => margins[a] > margins[b] || (margins[a] === margins[b] && a > b);
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < heap.length && worse(heap[l], heap[top])) top = l;
      if (r < heap.length && worse(heap[r], heap[top])) top = r;
      if (top === i) return;
      [heap[i], heap[top]] = [heap[top], heap[i]];
      i = top;
    }
  };
  for (let i = 0; i < margins.length; i++) {
    if (heap.length < k) {
      heap.push(i);
      up(heap.length - 1);
    } else if (worse(heap[0], i)) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort((a, b) => margins[a] - margins[b] || a - b);
}
