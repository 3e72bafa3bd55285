/**
 * How well an LLM judge agrees with the annotators, pure: per scheme, the judge's label beside the human gold
 * (the annotators' majority) on every item both have, Cohen's κ of the two as two coders with its Landis–Koch
 * reading, the agreement rate, the confusion matrix (rows human, columns judge) and the disagreements.
 */
import { cohenKappa } from '../agreement/kappa.js';

export interface Comparison {
  instance_id: string;
  human: string;
  judge: string;
  confidence: number | null;
  reasoning: string;
}

export interface SchemeAlignment {
  n_compared: number;
  /** share of items where the judge's label is the gold (0–1); null with none compared */
  agreement_rate: number | null;
  /** null when undefined: nothing compared, or one and the same label throughout on both sides */
  kappa: number | null;
  interpretation: string;
  confusion: { labels: string[]; matrix: number[][] };
  disagreements: Comparison[];
}

/** Landis and Koch's (1977) words for a κ. */
export function interpretKappa(kappa: number | null): string {
  if (kappa === null) return 'undefined';
  if (kappa < 0) return 'poor';
  if (kappa <= 0.2) return 'slight';
  if (kappa <= 0.4) return 'fair';
  if (kappa <= 0.6) return 'moderate';
  if (kappa <= 0.8) return 'substantial';
  return 'almost perfect';
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export function alignmentOf(labels: readonly string[], comparisons: readonly Comparison[]): SchemeAlignment {
  const index = new Map(labels.map((l, i) => [l, i]));
  const matrix = labels.map(() => labels.map(() => 0));
  for (const c of comparisons) {
    const h = index.get(c.human);
    const j = index.get(c.judge);
    if (h !== undefined && j !== undefined) matrix[h][j]++;
  }
  let kappa: number | null;
  try {
    kappa = comparisons.length ? round(cohenKappa(comparisons.map((c) => [c.human, c.judge] as const))) : null;
  } catch {
    kappa = null; // one label throughout: κ is undefined, the agreement rate still says how they compare
  }
  const agree = comparisons.filter((c) => c.human === c.judge).length;
  return {
    n_compared: comparisons.length,
    agreement_rate: comparisons.length ? round(agree / comparisons.length) : null,
    kappa,
    interpretation: interpretKappa(kappa),
    confusion: { labels: [...labels], matrix },
    disagreements: comparisons.filter((c) => c.human !== c.judge),
  };
}

/** A short, stable name for a prompt (FNV-1a), so predictions under an edited rubric are kept apart. */
export function promptVersion(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `v_${h.toString(16).padStart(8, '0')}`;
}
