/**
 * The study designer: how many annotators per item a study needs, by simulation before anyone annotates. Each
 * simulated study has `items` items of `classes` equally likely labels; every annotator gives the true label with
 * probability `accuracy`, else one of the others alike. For each redundancy from 2 to `maxAnnotators`, `sims`
 * studies give Krippendorff's alpha (its mean and 95% interval) and the majority vote's accuracy (ties broken at
 * random); the recommendation is the smallest redundancy whose interval is narrower than `targetCi`. Seeded, so
 * the same question gets the same table. Pure.
 */
import { Coincidences, alphaOf } from '../agreement/alpha.js';
import { seededRandom } from '../seeded-random.js';

export interface DesignQuestion {
  items: number;
  accuracy: number;
  classes: number;
  targetCi: number;
  maxAnnotators: number;
  sims: number;
  /** per judgment; 0 leaves the cost at 0 */
  cost: number;
  seed?: number;
}

export interface DesignRow {
  annotators_per_item: number;
  alpha: number | null;
  alpha_lo: number | null;
  alpha_hi: number | null;
  width: number | null;
  majority_accuracy: number;
  judgments: number;
  cost: number;
  recommended: boolean;
}

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (at - lo);
}

export function designStudy(q: DesignQuestion): { rows: DesignRow[]; recommended: number | null } {
  const random = seededRandom(q.seed ?? 20_170_125);
  const rows: DesignRow[] = [];
  const labels = new Int32Array(q.maxAnnotators);
  const votes = new Int32Array(q.classes);
  for (let m = 2; m <= q.maxAnnotators; m++) {
    const alphas: number[] = [];
    let right = 0;
    for (let sim = 0; sim < q.sims; sim++) {
      const co = new Coincidences<number>();
      for (let i = 0; i < q.items; i++) {
        const truth = Math.floor(random() * q.classes);
        votes.fill(0);
        for (let a = 0; a < m; a++) {
          const other = (truth + 1 + Math.floor(random() * (q.classes - 1))) % q.classes;
          labels[a] = random() < q.accuracy ? truth : other;
          votes[labels[a]]++;
        }
        co.addUnit(labels, m);
        const top = Math.max(...votes);
        const tied = [...votes.keys()].filter((k) => votes[k] === top);
        if (tied[Math.floor(random() * tied.length)] === truth) right++;
      }
      try {
        alphas.push(alphaOf(co, 'nominal'));
      } catch {
        // every label alike in this study: alpha is undefined there
      }
    }
    alphas.sort((a, b) => a - b);
    const lo = alphas.length ? quantile(alphas, 0.025) : null;
    const hi = alphas.length ? quantile(alphas, 0.975) : null;
    rows.push({
      annotators_per_item: m,
      alpha: alphas.length ? alphas.reduce((a, b) => a + b, 0) / alphas.length : null,
      alpha_lo: lo,
      alpha_hi: hi,
      width: lo === null || hi === null ? null : hi - lo,
      majority_accuracy: right / (q.sims * q.items),
      judgments: q.items * m,
      cost: q.items * m * q.cost,
      recommended: false,
    });
  }
  const pick = rows.find((r) => r.width !== null && r.width < q.targetCi);
  if (pick) pick.recommended = true;
  return { rows, recommended: pick?.annotators_per_item ?? null };
}
