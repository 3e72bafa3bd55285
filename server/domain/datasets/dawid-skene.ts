/**
 * Dawid and Skene's consensus (1979): each annotator's confusion matrix and the classes' priors are estimated
 * together by EM, so a careful annotator outweighs a careless one. Pure and deterministic: started from the
 * majority vote, a fixed number of rounds, classes in first-seen order.
 */

/** One answer: who gave it, to which item, which class (any string; a canonical JSON of the answer). */
export type Observation = readonly [worker: string, item: string, label: string];

export interface Consensus {
  /** item → the most probable class */
  labels: Map<string, string>;
  /** item → that class's posterior probability */
  confidence: Map<string, number>;
  /** worker → the probability that they give the true class (their matrix's diagonal, weighted by the priors) */
  reliability: Map<string, number>;
}

const ROUNDS = 50;
/** added to every count, so a class a worker never gave keeps a small probability */
const SMOOTHING = 0.01;

export function dawidSkene(observations: readonly Observation[]): Consensus {
  const classes: string[] = [];
  const classIndex = new Map<string, number>();
  const items = new Map<string, [number, number][]>(); // item → [worker index, class index]
  const workers: string[] = [];
  const workerIndex = new Map<string, number>();
  for (const [w, item, label] of observations) {
    if (!classIndex.has(label)) classIndex.set(label, classes.push(label) - 1);
    if (!workerIndex.has(w)) workerIndex.set(w, workers.push(w) - 1);
    const list = items.get(item) ?? [];
    list.push([workerIndex.get(w)!, classIndex.get(label)!]);
    items.set(item, list);
  }
  const K = classes.length;
  const itemIds = [...items.keys()];
  // posteriors start as the vote shares
  let post = itemIds.map((id) => {
    const p = new Array<number>(K).fill(0);
    for (const [, c] of items.get(id)!) p[c]++;
    const total = p.reduce((a, b) => a + b, 0);
    return p.map((x) => x / total);
  });
  let priors = new Array<number>(K).fill(1 / K);
  let confusion: number[][][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // M step: priors and each worker's confusion matrix from the posteriors
    priors = new Array<number>(K).fill(0);
    for (const p of post) p.forEach((x, k) => (priors[k] += x / itemIds.length));
    confusion = workers.map(() => Array.from({ length: K }, () => new Array<number>(K).fill(SMOOTHING)));
    itemIds.forEach((id, i) => {
      for (const [w, c] of items.get(id)!) for (let k = 0; k < K; k++) confusion[w][k][c] += post[i][k];
    });
    for (const m of confusion)
      for (const row of m) {
        const total = row.reduce((a, b) => a + b, 0);
        row.forEach((x, c) => (row[c] = x / total));
      }
    // E step: each item's class posterior from the priors and its answers
    post = itemIds.map((id) => {
      const logp = priors.map((p) => Math.log(Math.max(p, 1e-12)));
      for (const [w, c] of items.get(id)!) for (let k = 0; k < K; k++) logp[k] += Math.log(confusion[w][k][c]);
      const top = Math.max(...logp);
      const e = logp.map((l) => Math.exp(l - top));
      const total = e.reduce((a, b) => a + b, 0);
      return e.map((x) => x / total);
    });
  }
  const labels = new Map<string, string>();
  const confidence = new Map<string, number>();
  itemIds.forEach((id, i) => {
    let best = 0;
    for (let k = 1; k < K; k++) if (post[i][k] > post[i][best]) best = k;
    labels.set(id, classes[best]);
    confidence.set(id, post[i][best]);
  });
  const reliability = new Map(workers.map((w, wi) => [w, priors.reduce((s, p, k) => s + p * confusion[wi][k][k], 0)]));
  return { labels, confidence, reliability };
}
