/**
 * Spherical k-means (cosine) over sparse unit vectors, seeded so the same corpus gives the same clusters on every
 * start. Written here rather than taken from a library: the k-means packages (ml-kmeans) take dense rows, and a
 * corpus's vocabulary runs to thousands of words, so each pass would cost items × clusters × vocabulary; over
 * sparse rows it costs items × clusters × words per text, which keeps 10,000 items within a second or two.
 */
import { seededRandom } from '../seeded-random.js';
import { runToEnd } from '../slices.js';
import { dotDense, type SparseVector } from './text-vectors.js';

export interface KMeansResult {
  /** each vector's cluster, 0 … k-1 */
  assignments: Int32Array;
  k: number;
}

const MAX_ITERATIONS = 25;
const RESTARTS = 3;
/** multiply-adds allowed to the passes: about a second, so a first plan on a large corpus is not held long */
const WORK_BUDGET = 4e8;

/**
 * Clusters the vectors into at most `k` groups. Centres start by k-means++ (each next centre drawn in proportion
 * to its distance from the nearest one chosen), from `seed`. Texts without words (zero vectors) join cluster 0.
 */
export function sphericalKMeans(
  vectors: readonly SparseVector[],
  dimensions: number,
  k: number,
  seed = 1,
  restarts = RESTARTS,
): KMeansResult {
  return runToEnd(kMeansSteps(vectors, dimensions, k, seed, restarts));
}

/** items walked between two pauses of the stepwise computation */
const ITEMS_PER_STEP = 256;

/**
 * `sphericalKMeans` as steps: it pauses (yields) every few hundred items of a pass, so a server can run it between
 * requests (`driveSteps`) and get the very clusters the one-go call gives.
 */
export function* kMeansSteps(
  vectors: readonly SparseVector[],
  dimensions: number,
  k: number,
  seed = 1,
  restarts = RESTARTS,
): Generator<void, KMeansResult> {
  // several seedings, the tightest kept (scikit-learn's n_init): one seeding can split a topic and merge two others
  // work of one pass over the corpus: items × clusters × words per item; large corpora get fewer passes
  let words = 0;
  for (const v of vectors) words += v.index.length;
  const pass = Math.max(1, words * k);
  const iterations = Math.max(3, Math.min(MAX_ITERATIONS, Math.floor(WORK_BUDGET / pass)));
  if (pass * MAX_ITERATIONS * restarts > WORK_BUDGET) restarts = 1;
  let best: (KMeansResult & { cohesion: number }) | undefined;
  for (let r = 0; r < restarts; r++) {
    const run = yield* onePass(vectors, dimensions, k, seed + r * 7919, iterations);
    if (!best || run.cohesion > best.cohesion + 1e-9) best = run;
  }
  return { assignments: best!.assignments, k: best!.k };
}

function* onePass(
  vectors: readonly SparseVector[],
  dimensions: number,
  k: number,
  seed: number,
  iterations: number,
): Generator<void, KMeansResult & { cohesion: number }> {
  const n = vectors.length;
  const withWords = vectors.map((v, i) => (v.index.length ? i : -1)).filter((i) => i >= 0);
  k = Math.max(1, Math.min(k, withWords.length));
  const assignments = new Int32Array(n);
  if (withWords.length <= 1 || k === 1) return { assignments, k: 1, cohesion: 0 };
  const random = seededRandom(seed);
  let step = 0;

  // k-means++ seeding on cosine distance (1 - similarity), among texts with words
  const chosen: number[] = [withWords[Math.floor(random() * withWords.length)]];
  const nearest = new Float64Array(n).fill(Infinity);
  const last = new Float32Array(dimensions);
  while (chosen.length < k) {
    // the newest centre spread out dense, so each distance is a walk over the item's words only
    last.fill(0);
    const centre = vectors[chosen[chosen.length - 1]];
    for (let t = 0; t < centre.index.length; t++) last[centre.index[t]] = centre.value[t];
    let total = 0;
    for (const i of withWords) {
      if (++step % ITEMS_PER_STEP === 0) yield;
      const d = Math.max(0, 1 - dotDense(vectors[i], last));
      if (d < nearest[i]) nearest[i] = d;
      total += nearest[i];
    }
    if (total <= 0) break; // every text is a copy of a chosen centre: no more distinct clusters
    let r = random() * total;
    let pick = withWords[withWords.length - 1];
    for (const i of withWords) {
      r -= nearest[i];
      if (r <= 0 && nearest[i] > 0) {
        pick = i;
        break;
      }
    }
    chosen.push(pick);
  }
  k = chosen.length;
  // centres stored word-major (word × cluster), so an item's similarities to every centre are, for each of its
  // words, one contiguous run of adds
  let centres = new Float32Array(dimensions * k);
  chosen.forEach((i, c) => {
    const v = vectors[i];
    for (let t = 0; t < v.index.length; t++) centres[v.index[t] * k + c] = v.value[t];
  });

  assignments.fill(-1);
  const sims = new Float64Array(k);
  let cohesion = 0;
  for (let iteration = 0; iteration < iterations; iteration++) {
    let moved = 0;
    cohesion = 0;
    for (const i of withWords) {
      if (++step % ITEMS_PER_STEP === 0) yield;
      const v = vectors[i];
      sims.fill(0);
      for (let t = 0; t < v.index.length; t++) {
        const w = v.value[t];
        const base = v.index[t] * k;
        for (let c = 0; c < k; c++) sims[c] += w * centres[base + c];
      }
      let best = 0;
      for (let c = 1; c < k; c++) if (sims[c] > sims[best]) best = c;
      cohesion += sims[best];
      if (assignments[i] !== best) {
        assignments[i] = best;
        moved++;
      }
    }
    if (moved === 0) break;
    // each centre the normalised sum of its members; a centre left empty keeps its place
    const sums = new Float32Array(dimensions * k);
    const sizes = new Int32Array(k);
    for (const i of withWords) {
      const v = vectors[i];
      const c = assignments[i];
      sizes[c]++;
      for (let t = 0; t < v.index.length; t++) sums[v.index[t] * k + c] += v.value[t];
    }
    const norms = new Float64Array(k);
    for (let d = 0; d < dimensions; d++) for (let c = 0; c < k; c++) norms[c] += sums[d * k + c] ** 2;
    for (let d = 0; d < dimensions; d++)
      for (let c = 0; c < k; c++)
        sums[d * k + c] = sizes[c] ? sums[d * k + c] / Math.sqrt(norms[c]) : centres[d * k + c];
    centres = sums;
  }
  for (let i = 0; i < n; i++) if (assignments[i] < 0) assignments[i] = 0;
  return { assignments, k, cohesion };
}
