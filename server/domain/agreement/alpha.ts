/**
 * Krippendorff's alpha, computed from a coincidence matrix as in Krippendorff (2011), "Computing Krippendorff's
 * Alpha-Reliability":
 *
 *   alpha = 1 − D_o / D_e = 1 − (n − 1) · Σ_ck o_ck δ²_ck / Σ_ck n_c n_k δ²_ck
 *
 * where o_ck counts, within each unit of m_u ≥ 2 values, the ordered pairs of values (c, k) from different coders
 * weighted 1 / (m_u − 1); n_c are its row sums and n their total. Units with fewer than two values are not
 * pairable and add nothing, which is how missing values are handled. Any number of coders; pure, no I/O.
 */
import { DomainError } from '../errors.js';
import { seededRandom } from '../seeded-random.js';

export type Level = 'nominal' | 'ordinal' | 'interval' | 'ratio';
/** δ²: the squared difference between two values (0 for equal values). Jaccard distance, for instance. */
export type Difference<V> = (a: V, b: V) => number;

/** The coefficient is not defined for these data; the message says why. */
export class UndefinedAgreement extends DomainError {
  constructor(message: string) {
    super('invalid', message);
    this.name = 'UndefinedAgreement';
  }
}

// o_ck lives in a dense square while there are few distinct values (choices, likert points, slider steps), and
// in a sparse map keyed c · STRIDE + k past that: open numeric domains may have very many distinct values.
const DENSE = 64;
const STRIDE = 2 ** 26;

export class Coincidences<V> {
  /** distinct values in order of first appearance; a value's index is its row and column */
  readonly values: V[] = [];
  private readonly indexByKey = new Map<unknown, number>();
  private dense: Float64Array | null = new Float64Array(DENSE * DENSE);
  private sparse: Map<number, number> | null = null;
  private pairable = 0;
  private scratch = new Int32Array(16);

  /** `keyOf` maps a value to something `Map` compares by identity (sets to a string, say). */
  constructor(private readonly keyOf: (value: V) => unknown = (v) => v) {}

  indexOf(value: V): number {
    const key = this.keyOf(value);
    let index = this.indexByKey.get(key);
    if (index === undefined) {
      index = this.values.length;
      if (index >= STRIDE) throw new RangeError('too many distinct values for a coincidence matrix');
      if (index === DENSE) this.goSparse();
      this.values.push(value);
      this.indexByKey.set(key, index);
    }
    return index;
  }

  private goSparse(): void {
    const cells = [...this.entries()];
    this.dense = null;
    this.sparse = new Map(cells.map(([c, k, o]) => [c * STRIDE + k, o]));
  }

  /** Adds one unit: the values its coders gave, missing ones left out (the first `count` of `values`). */
  addUnit(values: ArrayLike<V>, count = values.length): void {
    const m = count;
    if (m < 2) return;
    if (this.scratch.length < m) this.scratch = new Int32Array(m * 2);
    const index = this.scratch;
    for (let i = 0; i < m; i++) index[i] = this.indexOf(values[i]);
    const weight = 1 / (m - 1);
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) if (i !== j) this.add(index[i], index[j], weight);
    this.pairable++;
  }

  /**
   * Adds `units` units at once, given for each ordered value pair (c, k) from different coders its count summed
   * over those units, each unit's pairs already divided by m_u − 1 (value indices from `indexOf`). For callers
   * that tally many small units, such as the characters of texts, in typed arrays.
   */
  addTally(units: number, pairs: Iterable<readonly [c: number, k: number, weight: number]>): void {
    if (units <= 0) return;
    for (const [c, k, weight] of pairs) if (weight) this.add(c, k, weight);
    this.pairable += units;
  }

  private add(c: number, k: number, weight: number): void {
    if (this.dense) {
      this.dense[c * DENSE + k] += weight;
      return;
    }
    const key = c * STRIDE + k;
    this.sparse!.set(key, (this.sparse!.get(key) ?? 0) + weight);
  }

  /** Number of pairable units added. */
  get units(): number {
    return this.pairable;
  }

  /** o_ck for one cell (0 when absent). */
  get(c: number, k: number): number {
    return this.dense
      ? c < DENSE && k < DENSE
        ? this.dense[c * DENSE + k]
        : 0
      : (this.sparse!.get(c * STRIDE + k) ?? 0);
  }

  /** The non-zero cells as [c, k, o_ck]. */
  *entries(): IterableIterator<[number, number, number]> {
    if (this.dense) {
      const V = this.values.length;
      for (let c = 0; c < V; c++)
        for (let k = 0; k < V; k++) if (this.dense[c * DENSE + k]) yield [c, k, this.dense[c * DENSE + k]];
      return;
    }
    for (const [key, o] of this.sparse!) yield [Math.floor(key / STRIDE), key % STRIDE, o];
  }

  /** n_c: how many pairable values each value index has. */
  marginals(): Float64Array {
    const n = new Float64Array(this.values.length);
    for (const [c, , o] of this.entries()) n[c] += o;
    return n;
  }
}

/** Alpha of a coincidence matrix at a level of measurement, or with any difference function δ². */
export function alphaOf<V>(co: Coincidences<V>, level: Level | Difference<V>): number {
  const n_c = co.marginals();
  const n = n_c.reduce((a, b) => a + b, 0);
  if (co.units === 0 || n === 0)
    throw new UndefinedAgreement(
      'no pairable unit: alpha needs at least one unit that two or more coders gave a value',
    );
  const used = [...n_c.keys()].filter((c) => n_c[c] > 0);
  if (used.length < 2) {
    throw new UndefinedAgreement(
      'every pairable value is the same, so there is no variation to measure agreement against: alpha is undefined',
    );
  }
  const delta = differenceFor(co, level, n_c);
  let observed = 0;
  for (const [c, k, o] of co.entries()) if (c !== k) observed += o * delta(c, k);
  const expected =
    level === 'interval'
      ? intervalExpected(co.values as unknown[], n_c, n)
      : typeof level === 'function' && (used.length * (used.length - 1)) / 2 > EXACT_PAIRS
        ? sampledExpected(used, n_c, n, delta)
        : pairwiseExpected(used, n_c, delta);
  if (!(expected > 0))
    throw new UndefinedAgreement('the values differ but their differences are all zero: alpha is undefined');
  return 1 - ((n - 1) * observed) / expected;
}

/** δ² over value indices. Ordinal and ratio need numeric values. */
function differenceFor<V>(
  co: Coincidences<V>,
  level: Level | Difference<V>,
  n_c: Float64Array,
): (c: number, k: number) => number {
  const values = co.values;
  if (typeof level === 'function') return (c, k) => level(values[c], values[k]);
  if (level === 'nominal') return (c, k) => (c === k ? 0 : 1);
  const num = values.map((v) => {
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new UndefinedAgreement(`${level} alpha needs finite numbers, got ${JSON.stringify(v)}`);
    return v;
  });
  if (level === 'interval') return (c, k) => (num[c] - num[k]) ** 2;
  if (level === 'ratio') {
    return (c, k) => {
      const sum = num[c] + num[k];
      return sum === 0 ? 0 : ((num[c] - num[k]) / sum) ** 2;
    };
  }
  // ordinal: δ_ck = Σ_{g from c to k} n_g − (n_c + n_k) / 2, over the values in rank order
  const order = num.map((_, i) => i).sort((a, b) => num[a] - num[b]);
  const rank = new Int32Array(num.length);
  const below = new Float64Array(num.length + 1); // below[r]: Σ n_g over ranks < r
  order.forEach((c, r) => {
    rank[c] = r;
    below[r + 1] = below[r] + n_c[c];
  });
  return (c, k) => {
    const lo = Math.min(rank[c], rank[k]);
    const hi = Math.max(rank[c], rank[k]);
    return (below[hi + 1] - below[lo] - (n_c[c] + n_c[k]) / 2) ** 2;
  };
}

/** Σ_ck n_c n_k δ²_ck over the used values: quadratic in the number of distinct values. */
function pairwiseExpected(used: number[], n_c: Float64Array, delta: (c: number, k: number) => number): number {
  let sum = 0;
  for (let i = 0; i < used.length; i++) {
    for (let j = i + 1; j < used.length; j++) sum += 2 * n_c[used[i]] * n_c[used[j]] * delta(used[i], used[j]);
  }
  return sum;
}

/**
 * Past this many pairs of distinct values, expected disagreement under a difference function (a post-edit's
 * Levenshtein distance, a link set's F1) is estimated from SAMPLED_PAIRS pairs instead: exact, it is quadratic in
 * the distinct answers, and open answers make nearly every answer distinct, so a project of post-edits
 * would wait on it for minutes. The estimate's standard error is under 0.5 / √SAMPLED_PAIRS of the mean difference.
 */
export const EXACT_PAIRS = 200_000;
const SAMPLED_PAIRS = 100_000;

/**
 * Σ_ck n_c n_k δ²_ck = n² · E[δ²(c, k)] for c and k drawn independently, each value c with probability n_c / n:
 * the mean over SAMPLED_PAIRS such draws, from a fixed seed so a report does not change when its data do not.
 */
function sampledExpected(
  used: number[],
  n_c: Float64Array,
  n: number,
  delta: (c: number, k: number) => number,
): number {
  const upTo = new Float64Array(used.length); // upTo[i]: Σ n_c over used[0..i]
  let sum = 0;
  used.forEach((c, i) => (upTo[i] = sum += n_c[c]));
  const draw = (u: number) => {
    let lo = 0;
    let hi = used.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (upTo[mid] > u) hi = mid;
      else lo = mid + 1;
    }
    return used[lo];
  };
  // a fixed seed, so the same answers give the same estimate on every read
  const random = seededRandom(0x9e3779b9);
  let total = 0;
  for (let s = 0; s < SAMPLED_PAIRS; s++) {
    const c = draw(random() * n);
    const k = draw(random() * n);
    if (c !== k) total += delta(c, k);
  }
  return (n * n * total) / SAMPLED_PAIRS;
}

/** Σ_ck n_c n_k (v_c − v_k)² = 2n · Σ_c n_c (v_c − mean)²: linear, for open numeric domains. */
function intervalExpected(values: unknown[], n_c: Float64Array, n: number): number {
  const v = values as number[];
  let mean = 0;
  for (let c = 0; c < v.length; c++) mean += n_c[c] * v[c];
  mean /= n;
  let spread = 0;
  for (let c = 0; c < v.length; c++) spread += n_c[c] * (v[c] - mean) ** 2;
  return 2 * n * spread;
}

/** Jaccard distance between two sets: 1 − |A ∩ B| / |A ∪ B| (0 for two empty sets). */
export function jaccardDistance<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  let common = 0;
  for (const x of a) if (b.has(x)) common++;
  const union = a.size + b.size - common;
  return union === 0 ? 0 : 1 - common / union;
}
