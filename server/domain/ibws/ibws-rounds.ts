/**
 * Potato's iterative best–worst scaling, as pure functions. Round 1 is one bucket holding the whole pool. After a
 * round, each bucket that had tuples is sorted by the items' scores in that round (counting: (best − worst) /
 * appearances) and cut into upper, middle and lower thirds; the next round tuples each bucket that still holds at
 * least `tuple_size` items, from a generator seeded by (seed, round, bucket), so every start makes the same rounds
 * from the same answers. A bucket smaller than a tuple is terminal: its items stay tied.
 */
import { seededRandom } from '../seeded-random.js';

export interface IbwsSettings {
  tupleSize: number;
  /** appearances of each item per round */
  perItem: number;
  seed: number;
  maxRounds: number | null;
}

export interface Bucket {
  /** pool item ids, best first by the latest scores */
  items: string[];
  terminal: boolean;
}

/** A best/worst answer to one tuple: the item ids chosen (either may be missing). */
export interface TupleAnswer {
  items: readonly string[];
  best?: string;
  worst?: string;
}

export interface PlannedTuple {
  id: string;
  round: number;
  bucket: number;
  items: string[];
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Counting scores of one round's answers, by item id. */
export function roundScores(answers: Iterable<TupleAnswer>): Map<string, number> {
  const counts = new Map<string, { net: number; seen: number }>();
  for (const a of answers)
    for (const id of a.items) {
      const c = counts.get(id) ?? { net: 0, seen: 0 };
      c.seen++;
      if (a.best === id) c.net++;
      if (a.worst === id) c.net--;
      counts.set(id, c);
    }
  return new Map([...counts].map(([id, c]) => [id, c.net / c.seen]));
}

/** Items best first by their scores (unscored ones as 0), ties by id. */
export const sortByScore = (items: readonly string[], scores: ReadonlyMap<string, number>) =>
  [...items].sort((a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || byId(a, b));

/** The buckets after a round: each bucket that was tupled is split into thirds by this round's scores. */
export function partition(buckets: readonly Bucket[], scores: ReadonlyMap<string, number>, size: number): Bucket[] {
  const out: Bucket[] = [];
  for (const b of buckets) {
    if (b.terminal) {
      out.push(b);
      continue;
    }
    const sorted = sortByScore(b.items, scores);
    const cut1 = Math.round(sorted.length / 3);
    const cut2 = Math.round((2 * sorted.length) / 3);
    for (const part of [sorted.slice(0, cut1), sorted.slice(cut1, cut2), sorted.slice(cut2)])
      if (part.length) out.push({ items: part, terminal: part.length < size });
  }
  return out;
}

/** The first round's single bucket. */
export const firstBuckets = (pool: readonly string[], size: number): Bucket[] => [
  { items: [...pool], terminal: pool.length < size },
];

/**
 * Tuples of `size` distinct items in which every item appears at least `passes` times: each pass shuffles the
 * items and cuts them into tuples, the last one topped up with other items.
 */
function sampleTuples(ids: readonly string[], size: number, passes: number, random: () => number): string[][] {
  const tuples: string[][] = [];
  for (let p = 0; p < passes; p++) {
    const order = [...ids];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (let start = 0; start < order.length; start += size) {
      const tuple = order.slice(start, start + size);
      const others = order.slice(0, start);
      while (tuple.length < size) tuple.push(others.splice(Math.floor(random() * others.length), 1)[0]);
      tuples.push(tuple);
    }
  }
  return tuples;
}

/** Tuples of a round, within each bucket that is not terminal; ids `ibws_r<round>_b<bucket>_<n>`. */
export function roundTuples(round: number, buckets: readonly Bucket[], s: IbwsSettings): PlannedTuple[] {
  const out: PlannedTuple[] = [];
  buckets.forEach((b, index) => {
    if (b.terminal) return;
    const random = seededRandom((s.seed * 1000003 + round * 1009 + index) >>> 0);
    sampleTuples(b.items, s.tupleSize, s.perItem, random).forEach((items, n) =>
      out.push({ id: `ibws_r${round}_b${index}_${String(n + 1).padStart(4, '0')}`, round, bucket: index, items }),
    );
  });
  return out;
}

/** Whether no further round is made: every bucket terminal, or max_rounds reached. */
export const isFinal = (round: number, buckets: readonly Bucket[], s: IbwsSettings) =>
  buckets.every((b) => b.terminal) || (s.maxRounds !== null && round >= s.maxRounds);

/** The ranking: buckets in order, within a bucket by the latest scores (already their order). */
export function ranking(buckets: readonly Bucket[]): { item_id: string; rank: number; bucket_position: number }[] {
  const out: { item_id: string; rank: number; bucket_position: number }[] = [];
  buckets.forEach((b, position) => {
    for (const id of b.items) out.push({ item_id: id, rank: out.length + 1, bucket_position: position });
  });
  return out;
}
