/**
 * A multinomial naive Bayes text classifier over binary word uni- and bigram features (Laplace smoothing).
 * Counts are additive, so an annotation is learned or unlearned in time proportional to its own length: the
 * model follows the annotations incrementally and never retrains from scratch on a request.
 */

import { informative } from './evidence.js';

const ALPHA = 1;

export interface Prediction {
  label: string;
  /** labels by posterior, best first */
  ranked: { label: string; p: number }[];
  /** the features of the text that weighed most for `label`, best first; stop-words are never evidence */
  evidence: string[];
}

export class NaiveBayes {
  /** label → number of training documents */
  private readonly docs = new Map<string, number>();
  /** label → feature → count */
  private readonly counts = new Map<string, Map<string, number>>();
  /** label → sum of its feature counts */
  private readonly totals = new Map<string, number>();
  /** feature → count over all labels; its size is the vocabulary */
  private readonly vocab = new Map<string, number>();
  private totalDocs = 0;

  /** Adds (sign 1) or removes (sign -1) one document labelled with `labels`. */
  add(labels: readonly string[], feats: Iterable<string>, sign: 1 | -1): void {
    const list = [...feats];
    for (const label of labels) {
      bump(this.docs, label, sign);
      this.totalDocs += sign;
      this.addCounts(label, list, sign);
    }
  }

  /** Pseudo-counts that make `label` likelier for these features without being a document (a keyword prior). */
  addPrior(label: string, feats: Iterable<string>, weight: number): void {
    this.addCounts(label, [...feats], weight);
  }

  private addCounts(label: string, feats: string[], n: number): void {
    let counts = this.counts.get(label);
    if (!counts) this.counts.set(label, (counts = new Map()));
    for (const f of feats) {
      bump(counts, f, n);
      bump(this.vocab, f, n);
    }
    bump(this.totals, label, n * feats.length);
  }

  /** Documents seen, and how many distinct labels they carry. */
  stats(): { documents: number; labels: number } {
    return { documents: this.totalDocs, labels: this.docs.size };
  }

  private logLikelihood(label: string, f: string): number {
    const counts = this.counts.get(label);
    return Math.log(((counts?.get(f) ?? 0) + ALPHA) / ((this.totals.get(label) ?? 0) + ALPHA * this.vocab.size));
  }

  /** A label's log joint score: log prior plus the log likelihoods of the known features. */
  private score(label: string, labelCount: number, known: readonly string[]): number {
    let s = Math.log((this.docs.get(label)! + ALPHA) / (this.totalDocs + ALPHA * labelCount));
    for (const f of known) s += this.logLikelihood(label, f);
    return s;
  }

  /**
   * How far apart the two likeliest labels are, as ln p1 − ln p2 (0: a tie); null with fewer than two labels.
   * Taken from the log scores, not from posteriors, which round to 1.0 for most texts once a few dozen are learned.
   */
  margin(feats: Iterable<string>): number | null {
    const labels = [...this.docs.keys()];
    if (labels.length < 2) return null;
    const known = [...feats].filter((f) => this.vocab.has(f));
    let best = -Infinity;
    let second = -Infinity;
    for (const label of labels) {
      const s = this.score(label, labels.length, known);
      if (s > best) [best, second] = [s, best];
      else if (s > second) second = s;
    }
    return best - second;
  }

  predict(feats: Iterable<string>): Prediction | null {
    const labels = [...this.docs.keys()];
    if (!labels.length) return null;
    const known = [...feats].filter((f) => this.vocab.has(f));
    const scores = labels.map((label) => this.score(label, labels.length, known));
    const max = Math.max(...scores);
    const exp = scores.map((s) => Math.exp(s - max));
    const sum = exp.reduce((a, b) => a + b, 0);
    const ranked = labels.map((label, i) => ({ label, p: exp[i] / sum })).sort((a, b) => b.p - a.p);
    const best = ranked[0].label;
    const others = labels.filter((l) => l !== best);
    // a feature's weight: how much likelier it is under the best label than on average under the others
    const weighed = known
      .map((f) => {
        const rest = others.length ? others.reduce((acc, l) => acc + this.logLikelihood(l, f), 0) / others.length : 0;
        return { f, w: this.logLikelihood(best, f) - rest };
      })
      .filter((x) => x.w > 0 && informative(x.f))
      .sort((a, b) => b.w - a.w || a.f.localeCompare(b.f));
    return { label: best, ranked, evidence: weighed.slice(0, 5).map((x) => x.f) };
  }
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next <= 1e-9) map.delete(key);
  else map.set(key, next);
}
