/** What the agreement report says about one scheme, and how a coincidence matrix becomes that. */
import type { AgreementMeasure } from '../schemes/module.js';
import { alphaOf, UndefinedAgreement, type Coincidences, type Difference, type Level } from './alpha.js';
import { interpretAlpha, type Interpretation } from './interpret.js';

export type AgreementLevel = NonNullable<AgreementMeasure['level']>;

export interface SchemeAgreement {
  krippendorff_alpha: number | null;
  level: AgreementLevel | null;
  /** instances with answers from two or more annotators */
  items_evaluated: number;
  /** distinct annotators who answered one of those instances */
  annotators: number;
  interpretation: Interpretation | null;
  /** why alpha is null */
  reason?: string;
  /** radio and select only: null unless every evaluated instance has the same number of annotators */
  fleiss_kappa?: number | null;
  /** radio and select only: null unless exactly two annotators answered the evaluated instances */
  cohen_kappa?: number | null;
  /** measures that ask for it: 1 − distance averaged over pairs of answers to one instance, and exact matches */
  pairwise?: { pairs: number; mean_similarity: number | null; exact_match: number | null };
  /** rating grids only: alpha of each row alone */
  by_row?: Record<string, SchemeAgreement>;
}

export function empty(level: AgreementLevel | null): SchemeAgreement {
  return { krippendorff_alpha: null, level, items_evaluated: 0, annotators: 0, interpretation: null };
}

export function finish<V>(
  co: Coincidences<V>,
  level: AgreementLevel,
  metric: Level | Difference<V>,
  items: number,
  annotators: number,
): SchemeAgreement {
  if (items === 0) return { ...empty(level), reason: 'no instance has answers from two or more annotators yet' };
  const base = { level, items_evaluated: items, annotators };
  try {
    const alpha = alphaOf(co, metric);
    return { krippendorff_alpha: alpha, ...base, interpretation: interpretAlpha(alpha) };
  } catch (e) {
    if (!(e instanceof UndefinedAgreement)) throw e;
    return { krippendorff_alpha: null, ...base, interpretation: null, reason: e.message };
  }
}
