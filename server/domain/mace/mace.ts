/**
 * MACE (Hovy, Berg-Kirkpatrick, Vaswani and Hovy 2013, "Learning Whom to Trust with MACE"): from redundant
 * categorical answers, each annotator's competence and each item's most likely label.
 *
 * The model: an item's true label T is drawn uniformly; annotator j either knows it (probability θ_j, the
 * competence) and answers T, or spams and answers by their own strategy ξ_j, whatever T is. Training is EM over
 * θ and ξ with T and the spamming choices hidden, from several random starts, keeping the start whose data
 * log-likelihood is highest. With priors (the paper's Variational Bayes: a symmetric Beta(α, α) on θ_j and a
 * symmetric Dirichlet(β) on ξ_j) the M-step uses exp(E[log θ]) under the posterior; without them it normalizes
 * the expected counts after adding `smoothing` to each, as the paper's EM does.
 *
 * Pure: no clock, no I/O; the same data, options and seed give the same result. `maceSteps` yields after each
 * iteration so a caller can run it in slices between requests; `mace` runs it through.
 */
import { seededRandom } from '../seeded-random.js';

export interface MaceData {
  items: number;
  annotators: number;
  /** number of labels; answers are label positions 0..labels-1 */
  labels: number;
  /** one entry per answer, parallel arrays: which item, which annotator, which label */
  item: Int32Array;
  annotator: Int32Array;
  label: Int32Array;
}

export interface MaceOptions {
  restarts: number;
  iterations: number;
  seed: number;
  /** Variational Bayes with these priors; null: plain EM with `smoothing` */
  priors: { alpha: number; beta: number } | null;
  /** added to every expected count before normalizing in plain EM (default 0.01 / labels) */
  smoothing?: number;
}

export interface MaceResult {
  /** per annotator, the probability of knowing rather than spamming (0..1) */
  competence: Float64Array;
  /** items × labels, each item's posterior over its true label */
  posterior: Float64Array;
  /** per item, the label with the highest posterior (the first listed among equals); -1 for an item no one answered */
  predicted: Int32Array;
  /** per item, the posterior's entropy in nats (0: certain; ln(labels): nothing known) */
  entropy: Float64Array;
  /** the data log-likelihood of the kept start */
  logLikelihood: number;
}

/**
 * posteriors within a millionth of the highest count as tied: an even split that EM leaves a few ulps apart is not
 * decided by float noise
 */
const TIE = 1e-6;

/** Runs MACE to the end. */
export function mace(data: MaceData, options: MaceOptions): MaceResult {
  const steps = maceSteps(data, options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** MACE as a generator: yields after each iteration, returns the result of the best start. */
export function* maceSteps(data: MaceData, options: MaceOptions): Generator<void, MaceResult> {
  const { items, annotators, labels: K } = data;
  const byItem = groupByItem(data);
  const random = seededRandom(options.seed);
  const smoothing = options.smoothing ?? 0.01 / K;
  // the weights the E-step uses: know[j] for answering the truth, spam[j] × strategy[j·K + a] for answering a
  const know = new Float64Array(annotators);
  const spam = new Float64Array(annotators);
  const strategy = new Float64Array(annotators * K);
  const weights = { know, spam, strategy };
  const knowCount = new Float64Array(annotators);
  const spamCount = new Float64Array(annotators);
  const labelCount = new Float64Array(annotators * K);
  const q = new Float64Array(K);
  let best: MaceResult | undefined;

  for (let restart = 0; restart < Math.max(1, options.restarts); restart++) {
    for (let j = 0; j < annotators; j++) {
      know[j] = random();
      spam[j] = 1 - know[j];
      let sum = 0;
      for (let a = 0; a < K; a++) sum += strategy[j * K + a] = random() + 1e-6;
      for (let a = 0; a < K; a++) strategy[j * K + a] /= sum;
    }
    for (let iteration = 0; iteration < options.iterations; iteration++) {
      knowCount.fill(0);
      spamCount.fill(0);
      labelCount.fill(0);
      // E-step: each item's posterior over its label, and from it the expected knowing and spamming counts
      for (let i = 0; i < items; i++) {
        const from = byItem.start[i];
        const to = byItem.start[i + 1];
        if (from === to) continue;
        itemPosterior(from, to, byItem, data, weights, K, q, false);
        for (let e = from; e < to; e++) {
          const n = byItem.order[e];
          const j = data.annotator[n];
          const a = data.label[n];
          const guess = spam[j] * strategy[j * K + a];
          const knew = (q[a] * know[j]) / (know[j] + guess);
          knowCount[j] += knew;
          spamCount[j] += 1 - knew;
          labelCount[j * K + a] += 1 - knew;
        }
      }
      // M-step
      const priors = options.priors;
      for (let j = 0; j < annotators; j++) {
        if (priors) {
          const total = digamma(knowCount[j] + spamCount[j] + 2 * priors.alpha);
          know[j] = Math.exp(digamma(knowCount[j] + priors.alpha) - total);
          spam[j] = Math.exp(digamma(spamCount[j] + priors.alpha) - total);
        } else {
          know[j] = (knowCount[j] + smoothing) / (knowCount[j] + spamCount[j] + 2 * smoothing);
          spam[j] = 1 - know[j];
        }
        let sum = 0;
        for (let a = 0; a < K; a++) sum += labelCount[j * K + a];
        for (let a = 0; a < K; a++) {
          strategy[j * K + a] = priors
            ? Math.exp(digamma(labelCount[j * K + a] + priors.beta) - digamma(sum + K * priors.beta))
            : (labelCount[j * K + a] + smoothing) / (sum + K * smoothing);
        }
      }
      yield;
    }
    const result = finish(data, byItem, options, knowCount, spamCount, labelCount, smoothing);
    if (!best || result.logLikelihood > best.logLikelihood) best = result;
  }
  return best!;
}

interface ItemGroups {
  /** answer numbers sorted by item */
  order: Int32Array;
  /** item i's answers are order[start[i]..start[i+1]) */
  start: Int32Array;
}

function groupByItem(data: MaceData): ItemGroups {
  const start = new Int32Array(data.items + 1);
  for (let n = 0; n < data.item.length; n++) start[data.item[n] + 1]++;
  for (let i = 0; i < data.items; i++) start[i + 1] += start[i];
  const next = start.slice(0, data.items);
  const order = new Int32Array(data.item.length);
  for (let n = 0; n < data.item.length; n++) order[next[data.item[n]]++] = n;
  return { order, start };
}

const SCALE = 1e150;

/**
 * Writes the item's posterior over its label into `q`; with `likelihood`, returns the log of its answers'
 * probability under the weights (the uniform prior on T included), else 0. Every answer's guess term is common to
 * all labels but the one it names, so only that label's weight changes, by (knows + guesses) / guesses: one
 * division per answer, and the logs only when the likelihood is asked for (once per start, not per iteration).
 * Weights far above 1 are scaled down, and the scaling counted, so that many answers on one item cannot overflow.
 */
function itemPosterior(
  from: number,
  to: number,
  groups: ItemGroups,
  data: MaceData,
  weights: { know: Float64Array; spam: Float64Array; strategy: Float64Array },
  K: number,
  q: Float64Array,
  likelihood: boolean,
): number {
  const { know, spam, strategy } = weights;
  q.fill(1);
  let logGuesses = 0;
  let scaled = 0;
  for (let e = from; e < to; e++) {
    const n = groups.order[e];
    const j = data.annotator[n];
    const a = data.label[n];
    const guess = spam[j] * strategy[j * K + a];
    if (likelihood) logGuesses += Math.log(guess);
    if ((q[a] *= (know[j] + guess) / guess) > SCALE) {
      for (let t = 0; t < K; t++) q[t] *= 1 / SCALE;
      scaled++;
    }
  }
  let sum = 0;
  for (let t = 0; t < K; t++) sum += q[t];
  for (let t = 0; t < K; t++) q[t] /= sum;
  return likelihood ? logGuesses + Math.log(sum) + scaled * Math.log(SCALE) - Math.log(K) : 0;
}

/**
 * The result of one start: point estimates from its last expected counts (posterior means under the priors),
 * and with them each item's posterior and the data log-likelihood that ranks the starts.
 */
function finish(
  data: MaceData,
  groups: ItemGroups,
  options: MaceOptions,
  knowCount: Float64Array,
  spamCount: Float64Array,
  labelCount: Float64Array,
  smoothing: number,
): MaceResult {
  const { items, annotators, labels: K } = data;
  const a0 = options.priors ? options.priors.alpha : smoothing;
  const b0 = options.priors ? options.priors.beta : smoothing;
  const competence = new Float64Array(annotators);
  const spam = new Float64Array(annotators);
  const strategy = new Float64Array(annotators * K);
  for (let j = 0; j < annotators; j++) {
    competence[j] = (knowCount[j] + a0) / (knowCount[j] + spamCount[j] + 2 * a0);
    spam[j] = 1 - competence[j];
    let sum = 0;
    for (let a = 0; a < K; a++) sum += labelCount[j * K + a];
    for (let a = 0; a < K; a++) strategy[j * K + a] = (labelCount[j * K + a] + b0) / (sum + K * b0);
  }
  const posterior = new Float64Array(items * K);
  const predicted = new Int32Array(items).fill(-1);
  const entropy = new Float64Array(items);
  const q = new Float64Array(K);
  let logLikelihood = 0;
  for (let i = 0; i < items; i++) {
    const from = groups.start[i];
    const to = groups.start[i + 1];
    if (from === to) continue;
    logLikelihood += itemPosterior(from, to, groups, data, { know: competence, spam, strategy }, K, q, true);
    posterior.set(q, i * K);
    let h = 0;
    let top = 0;
    for (let t = 0; t < K; t++) {
      if (q[t] > 0) h -= q[t] * Math.log(q[t]);
      if (q[t] > q[top] + TIE) top = t;
    }
    predicted[i] = top;
    entropy[i] = Math.max(0, h);
  }
  return { competence, posterior, predicted, entropy, logLikelihood };
}

/** ψ(x) for x > 0: the recurrence up to 6, then the asymptotic series. */
export function digamma(x: number): number {
  let result = 0;
  while (x < 6) {
    result -= 1 / x;
    x += 1;
  }
  const f = 1 / (x * x);
  return result + Math.log(x) - 0.5 / x - f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f * (1 / 132)))));
}
