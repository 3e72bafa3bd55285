/**
 * The item-response model behind Potato's psychometrics: GLAD (Whitehill et al. 2009) for K classes. Annotator j
 * gives item i's true label with probability σ(α_j β_i), otherwise one of the other K − 1 labels alike; α is the
 * annotator's ability (1 a priori, 0 no information, below 0 systematically wrong), β = e^u the item's ease.
 * EM: the E-step gives each item's posterior over labels, the M-step moves α and u by Fisher-scoring steps on
 * the expected log-likelihood with N(1, 1) and N(0, 1) priors, which keep small studies from running away.
 * Deterministic (no random starts: α starts at its prior, which breaks the label-swap symmetry). Pure.
 */

export interface Observations {
  items: number;
  annotators: number;
  classes: number;
  item: Int32Array;
  annotator: Int32Array;
  label: Int32Array;
}

export interface Fit {
  /** ability per annotator */
  alpha: Float64Array;
  /** its standard error: 1 / √(Fisher information at the mode) */
  alphaSe: Float64Array;
  /** log ease per item (difficulty is its negative) */
  logBeta: Float64Array;
  /** items × classes, each row summing to 1 */
  posterior: Float64Array;
  /** the class proportions estimated */
  prior: Float64Array;
  iterations: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const TINY = 1e-12;

/** Item posteriors for given abilities and eases (the E-step, also used for the sensitivity band). */
export function posteriors(
  o: Observations,
  alpha: ArrayLike<number>,
  logBeta: ArrayLike<number>,
  prior: ArrayLike<number>,
): Float64Array {
  const K = o.classes;
  const log = new Float64Array(o.items * K);
  for (let i = 0; i < o.items; i++) for (let k = 0; k < K; k++) log[i * K + k] = Math.log(prior[k] + TINY);
  for (let n = 0; n < o.item.length; n++) {
    const i = o.item[n];
    const s = sigmoid(alpha[o.annotator[n]] * Math.exp(logBeta[i]));
    const right = Math.log(s + TINY);
    const wrong = Math.log((1 - s) / (K - 1) + TINY);
    for (let k = 0; k < K; k++) log[i * K + k] += k === o.label[n] ? right : wrong;
  }
  const post = new Float64Array(o.items * K);
  for (let i = 0; i < o.items; i++) {
    let max = -Infinity;
    for (let k = 0; k < K; k++) max = Math.max(max, log[i * K + k]);
    let sum = 0;
    for (let k = 0; k < K; k++) sum += post[i * K + k] = Math.exp(log[i * K + k] - max);
    for (let k = 0; k < K; k++) post[i * K + k] /= sum;
  }
  return post;
}

export function fitGlad(o: Observations, maxIterations = 100, tolerance = 1e-6): Fit {
  const K = o.classes;
  const alpha = new Float64Array(o.annotators).fill(1);
  const logBeta = new Float64Array(o.items);
  const prior = new Float64Array(K).fill(1 / K);
  let posterior = posteriors(o, alpha, logBeta, prior);
  let iterations = 0;
  const gA = new Float64Array(o.annotators);
  const hA = new Float64Array(o.annotators);
  const gB = new Float64Array(o.items);
  const hB = new Float64Array(o.items);
  for (; iterations < maxIterations; iterations++) {
    // class proportions, smoothed by one pseudo-count each
    prior.fill(1);
    for (let i = 0; i < o.items; i++) for (let k = 0; k < K; k++) prior[k] += posterior[i * K + k];
    const total = prior.reduce((a, b) => a + b, 0);
    for (let k = 0; k < K; k++) prior[k] /= total;
    // a few scoring steps: the gradient of Σ c log σ(x) + (1 − c) log(1 − σ(x)) in x = αβ is c − σ
    for (let step = 0; step < 3; step++) {
      for (let j = 0; j < o.annotators; j++) gA[j] = 1 - alpha[j];
      for (let i = 0; i < o.items; i++) gB[i] = -logBeta[i];
      hA.fill(1);
      hB.fill(1);
      for (let n = 0; n < o.item.length; n++) {
        const i = o.item[n];
        const j = o.annotator[n];
        const b = Math.exp(logBeta[i]);
        const x = alpha[j] * b;
        const s = sigmoid(x);
        const c = posterior[i * K + o.label[n]];
        const w = s * (1 - s);
        gA[j] += (c - s) * b;
        hA[j] += w * b * b;
        gB[i] += (c - s) * x;
        hB[i] += w * x * x;
      }
      for (let j = 0; j < o.annotators; j++) alpha[j] = clamp(alpha[j] + clamp(gA[j] / hA[j], -1, 1), -6, 6);
      for (let i = 0; i < o.items; i++) logBeta[i] = clamp(logBeta[i] + clamp(gB[i] / hB[i], -1, 1), -3, 3);
    }
    const next = posteriors(o, alpha, logBeta, prior);
    let change = 0;
    for (let n = 0; n < next.length; n++) change = Math.max(change, Math.abs(next[n] - posterior[n]));
    posterior = next;
    if (change < tolerance) {
      iterations++;
      break;
    }
  }
  const info = new Float64Array(o.annotators).fill(1);
  for (let n = 0; n < o.item.length; n++) {
    const b = Math.exp(logBeta[o.item[n]]);
    const s = sigmoid(alpha[o.annotator[n]] * b);
    info[o.annotator[n]] += s * (1 - s) * b * b;
  }
  const alphaSe = info.map((v) => 1 / Math.sqrt(v));
  return { alpha, alphaSe, logBeta, posterior, prior, iterations };
}
