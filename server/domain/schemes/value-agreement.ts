/**
 * Agreement measures for answers made of several numbers: rating grids (a number per row), ranges (two ends)
 * and distributions (a share per label). Each is Krippendorff's alpha with the difference that fits the answer;
 * docs/agreement.md says why each was chosen.
 */
import type { Scheme } from '../task.js';
import type { AgreementMeasure } from './module.js';

/** multirate: each option's scale label by its position on the scale, ordinal per row and over all rows. */
export const GRID_ORDINAL: AgreementMeasure = {
  level: 'ordinal',
  column: 'rows',
  row: (scheme, stored) => {
    const at = (scheme.extra.scale as string[]).indexOf(stored);
    return at < 0 ? undefined : at;
  },
};

/** semantic_differential: each pair's point as a number, interval per row and over all rows. */
export const GRID_INTERVAL: AgreementMeasure = {
  level: 'interval',
  column: 'rows',
  row: (_scheme, stored) => {
    const n = Number(stored);
    return stored === '' || !Number.isFinite(n) ? undefined : n;
  },
};

/**
 * δ² between two ranges "low,high": the interval difference taken on both ends, ((Δlow)² + (Δhigh)²) / 2, in
 * units of the slider's span so that it runs from 0 to 1.
 */
function rangeDistance(span: number): (a: string, b: string) => number {
  return (a, b) => {
    const [al, ah] = a.split(',').map(Number);
    const [bl, bh] = b.split(',').map(Number);
    return ((al - bl) ** 2 + (ah - bh) ** 2) / (2 * span * span);
  };
}

export function rangeMeasure(scheme: Scheme): AgreementMeasure {
  return {
    level: 'range',
    column: 'value',
    value: (_scheme, chosen) =>
      chosen.range_low === undefined || chosen.range_high === undefined
        ? undefined
        : `${Number(chosen.range_low)},${Number(chosen.range_high)}`,
    distance: rangeDistance(scheme.max! - scheme.min!),
  };
}

/**
 * Jensen–Shannon divergence (base 2, so from 0 to 1) between two lists of non-negative shares, each normalised
 * to sum to 1. It is the square of a metric, as the interval difference is, which is why alpha takes it as δ².
 */
export function jensenShannon(p: readonly number[], q: readonly number[]): number {
  const sp = p.reduce((a, b) => a + b, 0);
  const sq = q.reduce((a, b) => a + b, 0);
  let d = 0;
  for (let i = 0; i < p.length; i++) {
    const a = p[i] / sp;
    const b = q[i] / sq;
    const m = (a + b) / 2;
    if (a > 0) d += (a / 2) * Math.log2(a / m);
    if (b > 0) d += (b / 2) * Math.log2(b / m);
  }
  return Math.max(0, Math.min(1, d));
}

/** soft_label and constant_sum: the shares in label order (a label left out is 0), compared by Jensen–Shannon. */
export const JENSEN_SHANNON: AgreementMeasure = {
  level: 'jensen_shannon',
  column: 'value',
  value: (scheme, chosen) => {
    let any = false;
    const shares = scheme.labels.map((l) => {
      const v = chosen[l.name];
      if (v === undefined) return 0;
      any = true;
      return Number(v);
    });
    return any ? shares.join(',') : undefined;
  },
  distance: (a, b) => jensenShannon(a.split(',').map(Number), b.split(',').map(Number)),
};
