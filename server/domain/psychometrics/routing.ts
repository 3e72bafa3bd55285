/**
 * Adaptive routing (`assignment_strategy: psychometric`): the items an annotator is handed next, most informative
 * first. The exact one-step expected information gain of annotator j labelling item i is the entropy of the item's
 * posterior now minus its expected entropy once j's label is known, j's label following the model (the true
 * label with probability σ(α_j β_i), another alike otherwise). Items already resolved (posterior at the threshold
 * with enough annotators) stop taking labels. Pure.
 */

const entropy = (p: ArrayLike<number>) => {
  let h = 0;
  for (let k = 0; k < p.length; k++) if (p[k] > 0) h -= p[k] * Math.log(p[k]);
  return h;
};

/** The expected drop in entropy (nats) of posterior `p` once an annotator right with probability `s` labels it. */
export function expectedGain(p: ArrayLike<number>, s: number): number {
  const K = p.length;
  const wrong = (1 - s) / (K - 1);
  let expected = 0;
  const next = new Float64Array(K);
  for (let l = 0; l < K; l++) {
    let pl = 0;
    for (let k = 0; k < K; k++) pl += next[k] = p[k] * (k === l ? s : wrong);
    if (pl <= 0) continue;
    for (let k = 0; k < K; k++) next[k] /= pl;
    expected += pl * entropy(next);
  }
  return entropy(p) - expected;
}

export interface RoutingItem {
  id: string;
  /** the posterior over the labels; the class proportions for an item nobody labelled */
  posterior: ArrayLike<number>;
  /** e^u, the item's ease (1 for an unlabelled item) */
  ease: number;
  annotators: number;
}

/**
 * Ids by expected gain for an annotator of ability `alpha`, highest first, ties in the order given; resolved ones left
 * out.
 */
export function rankByGain(
  items: readonly RoutingItem[],
  alpha: number,
  stop: { confidence: number; minAnnotators: number },
): string[] {
  return items
    .filter((it) => !(Math.max(...Array.from(it.posterior)) >= stop.confidence && it.annotators >= stop.minAnnotators))
    .map((it, n) => ({ id: it.id, n, gain: expectedGain(it.posterior, 1 / (1 + Math.exp(-alpha * it.ease))) }))
    .sort((a, b) => b.gain - a.gain || a.n - b.n)
    .map((x) => x.id);
}
