/**
 * Potato's judge calibration, pure: each model's k samples per item read as a modal label with an empirical
 * confidence (the share of the samples agreeing with it), the human blind-labelling sample drawn from the labelled
 * items (seeded), and how well each model's confidence tracks its correctness against the human gold: accuracy,
 * expected calibration error over equal-width bins, the Brier score and the reliability bins. Agreement (κ,
 * confusion) is judge alignment's `alignmentOf`, shared rather than copied.
 */
import { seededRandom } from '../seeded-random.js';
import { cohenKappa } from '../agreement/kappa.js';

/** One model's k answers for one item; a failed query is a null sample (Potato records None). */
export function modalOf(samples: readonly (string | null)[]): { modal_label: string | null; confidence: number } {
  const counts = new Map<string, number>();
  for (const s of samples) if (s !== null) counts.set(s, (counts.get(s) ?? 0) + 1);
  let best: string | null = null;
  let top = 0;
  // a tie goes to the label sampled first: Map keeps insertion order
  for (const [label, n] of counts) if (n > top) [best, top] = [label, n];
  return { modal_label: best, confidence: samples.length ? round(top / samples.length) : 0 };
}

export interface Scored {
  gold: string;
  predicted: string;
  confidence: number;
}

interface ReliabilityBin {
  /** the bin's confidence range [low, high) (the last bin includes 1) */
  low: number;
  high: number;
  n: number;
  mean_confidence: number | null;
  accuracy: number | null;
}

export interface Calibration {
  n: number;
  accuracy: number | null;
  /** Σ over bins of (n_bin / n) · |accuracy_bin − mean confidence_bin| */
  ece: number | null;
  /** mean of (confidence − correct)² */
  brier: number | null;
  bins: ReliabilityBin[];
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export function calibrationOf(scored: readonly Scored[], nBins: number): Calibration {
  const bins = Array.from({ length: nBins }, (_, i) => ({
    low: i / nBins,
    high: (i + 1) / nBins,
    conf: 0,
    hit: 0,
    n: 0,
  }));
  let hits = 0;
  let brier = 0;
  for (const s of scored) {
    const correct = s.predicted === s.gold ? 1 : 0;
    hits += correct;
    brier += (s.confidence - correct) ** 2;
    const b = bins[Math.min(nBins - 1, Math.floor(s.confidence * nBins))];
    b.n++;
    b.conf += s.confidence;
    b.hit += correct;
  }
  const n = scored.length;
  const ece = bins.reduce((sum, b) => (b.n ? sum + (b.n / n) * Math.abs(b.hit / b.n - b.conf / b.n) : sum), 0);
  return {
    n,
    accuracy: n ? round(hits / n) : null,
    ece: n ? round(ece) : null,
    brier: n ? round(brier / n) : null,
    bins: bins.map((b) => ({
      low: round(b.low),
      high: round(b.high),
      n: b.n,
      mean_confidence: b.n ? round(b.conf / b.n) : null,
      accuracy: b.n ? round(b.hit / b.n) : null,
    })),
  };
}

/** Cohen's κ of two raters over the items both labelled; null when undefined (none shared, one label throughout). */
export function pairKappa(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): number | null {
  const pairs: [string, string][] = [];
  for (const [id, x] of a) {
    const y = b.get(id);
    if (y !== undefined) pairs.push([x, y]);
  }
  try {
    return pairs.length ? round(cohenKappa(pairs)) : null;
  } catch {
    return null;
  }
}

export type SampleStrategy = 'all' | 'random' | 'stratified';

/**
 * The items humans blind-label: every labelled item (`all`), `size` of them at random, or `size` spread evenly
 * over the strata (`stratumOf`: a data field or the modal label), a stratum's share drawn at random; seeded, so
 * the same settings draw the same sample. Returned in the order given.
 */
export function drawSample(
  ids: readonly string[],
  strategy: SampleStrategy,
  size: number,
  seed: number,
  stratumOf: (id: string) => string,
): string[] {
  if (strategy === 'all' || size >= ids.length) return [...ids];
  const random = seededRandom(seed);
  const shuffled = (list: readonly string[]) => {
    const a = [...list];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  let picked: string[];
  if (strategy === 'random') picked = shuffled(ids).slice(0, size);
  else {
    const strata = new Map<string, string[]>();
    for (const id of ids) strata.set(stratumOf(id), [...(strata.get(stratumOf(id)) ?? []), id]);
    const queues = [...strata.values()].map(shuffled);
    picked = [];
    // round-robin over the strata, so a small stratum is not crowded out by a large one
    for (let round = 0; picked.length < size; round++)
      for (const q of queues) if (round < q.length && picked.length < size) picked.push(q[round]);
  }
  const chosen = new Set(picked);
  return ids.filter((id) => chosen.has(id));
}

/** One judge against the human gold on one scheme. */
interface JudgeScore extends Calibration {
  kappa: number | null;
  interpretation: string;
  confusion: { labels: string[]; matrix: number[][] };
}

export interface SchemeCalibration {
  /** sample items with a human gold label */
  n_gold: number;
  models: Record<string, JudgeScore>;
  /** Cohen's κ of each pair of judges' modal labels on the sample */
  llm_llm_kappa: { a: string; b: string; kappa: number | null }[];
  /** mean Cohen's κ over the pairs of annotators who labelled sample items in common */
  human_human_kappa: number | null;
  human_human_interpretation: string;
}

export interface CalibrationReport {
  built_at: string;
  gold: 'single' | 'majority';
  sample_size: number;
  models: string[];
  schemas: Record<string, SchemeCalibration>;
}
