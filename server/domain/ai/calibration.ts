/**
 * Calibration of the embedded classifier's confidence. Naive Bayes posteriors are famously overconfident (a
 * dozen examples give 99 %), so the confidence shown is how often the classifier's top label was right when it
 * said about as much before: every annotation is first predicted by the model as it stood (test, then train:
 * the annotation is held out from its own prediction), and the outcomes are kept in bins of the raw posterior.
 * A bin's rate is smoothed toward the overall hit rate (itself Laplace-smoothed), and the bins are made monotone
 * (pool adjacent violators), so few observations give modest numbers and a surer raw score never reads lower.
 */

const BINS = 10;
/** pseudo-observations of the overall hit rate each bin starts with */
const STRENGTH = 4;

export class Calibrator {
  private readonly seen = new Array<number>(BINS).fill(0);
  private readonly hits = new Array<number>(BINS).fill(0);
  private table: number[] | undefined;

  private bin(p: number): number {
    return Math.min(BINS - 1, Math.max(0, Math.floor(p * BINS)));
  }

  /** Observations so far. */
  get observed(): number {
    return this.seen.reduce((a, b) => a + b, 0);
  }

  /** The model said `p` for its top label before learning an annotation; `hit`: the annotation has that label. */
  observe(p: number, hit: boolean): void {
    const b = this.bin(p);
    this.seen[b]++;
    if (hit) this.hits[b]++;
    this.table = undefined;
  }

  /** How likely the top label with raw posterior `p` is right, as far as the observations tell. */
  calibrate(p: number): number {
    this.table ??= this.build();
    return this.table[this.bin(p)];
  }

  private build(): number[] {
    const n = this.observed;
    const overall = (this.hits.reduce((a, b) => a + b, 0) + 1) / (n + 2);
    // pool adjacent violators over the smoothed bin rates, weighted by their (pseudo-)observations
    const blocks: { rate: number; weight: number; bins: number }[] = [];
    for (let b = 0; b < BINS; b++) {
      const weight = this.seen[b] + STRENGTH;
      blocks.push({ rate: (this.hits[b] + STRENGTH * overall) / weight, weight, bins: 1 });
      while (blocks.length > 1 && blocks[blocks.length - 2].rate > blocks[blocks.length - 1].rate) {
        const last = blocks.pop()!;
        const prev = blocks[blocks.length - 1];
        prev.rate = (prev.rate * prev.weight + last.rate * last.weight) / (prev.weight + last.weight);
        prev.weight += last.weight;
        prev.bins += last.bins;
      }
    }
    return blocks.flatMap((b) => new Array<number>(b.bins).fill(b.rate));
  }
}
