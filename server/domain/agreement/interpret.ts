/**
 * Reading an alpha value by Krippendorff's guideline (Content Analysis, 2004, §11.4.4): rely on variables with
 * alpha ≥ .800, draw only tentative conclusions from .667 ≤ alpha < .800, and discard data below .667.
 */
export type Interpretation = 'reliable' | 'tentative' | 'unreliable';

const RELIABLE = 0.8;
const TENTATIVE = 0.667;

export function interpretAlpha(alpha: number): Interpretation {
  if (alpha >= RELIABLE) return 'reliable';
  if (alpha >= TENTATIVE) return 'tentative';
  return 'unreliable';
}
