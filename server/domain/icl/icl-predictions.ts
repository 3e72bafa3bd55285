/**
 * What ICL labelling keeps about each model label and the read-outs derived from them, pure: the record (made and
 * verified), its verification status, the accuracy against the humans' blind answers, which new labels are set
 * aside for verification (Potato's `selection_strategy`) and how many more the limits allow.
 */
import { seededRandom } from '../seeded-random.js';

/** @public exported so the labeler's inferred results can be named in the typecheck's declaration files */
export interface IclVerification {
  human_label: string;
  /** the annotator whose answer verified it */
  by: string;
  at: string;
  correct: boolean;
}

/** A label a model gave an item, as ICL labelling and the judge both keep one. */
export interface ModelLabel {
  instance_id: string;
  schema_name: string;
  predicted_label: string;
  /** 0–1 as the model stated it; null when it gave none */
  confidence: number | null;
  reasoning: string;
  model_name: string;
  /** the ids of the examples in its prompt */
  examples_used: string[];
  created_at: string;
}

export interface IclPrediction extends ModelLabel {
  /** confidence at or above llm_labeling.confidence_threshold (a label without a confidence is not accepted) */
  accepted: boolean;
  /** set aside for a human's blind answer by verification.sample_rate and selection_strategy */
  selected_for_verification: boolean;
  verification: IclVerification | null;
}

/** A new label as the model gave it, accepted when its confidence reaches `confidenceThreshold`; not yet set aside. */
export function newPrediction(
  label: Omit<ModelLabel, 'created_at'>,
  confidenceThreshold: number,
  at: string,
): IclPrediction {
  const accepted = label.confidence !== null && label.confidence >= confidenceThreshold;
  return { ...label, accepted, selected_for_verification: false, verification: null, created_at: at };
}

/** The label verified by a human's answer `humanLabel`, correct when it is the model's. */
export function verifiedBy(p: IclPrediction, by: string, humanLabel: string, at: string): IclPrediction {
  return { ...p, verification: { human_label: humanLabel, by, at, correct: humanLabel === p.predicted_label } };
}

export type VerificationStatus = 'pending' | 'correct' | 'incorrect' | 'not_selected';
export const VERIFICATION_STATUSES: readonly VerificationStatus[] = ['pending', 'correct', 'incorrect', 'not_selected'];

/** Any human answer verifies a label; one set aside and not yet answered is pending. */
export function statusOf(p: IclPrediction): VerificationStatus {
  if (p.verification) return p.verification.correct ? 'correct' : 'incorrect';
  return p.selected_for_verification ? 'pending' : 'not_selected';
}

export interface IclAccuracy {
  total_predictions: number;
  verified_correct: number;
  verified_incorrect: number;
  pending_verification: number;
  total_verified: number;
  /** correct / verified; null before any verification */
  accuracy: number | null;
}

export function accuracyOf(predictions: readonly IclPrediction[]): IclAccuracy {
  let correct = 0;
  let incorrect = 0;
  let pending = 0;
  for (const p of predictions) {
    const s = statusOf(p);
    if (s === 'correct') correct++;
    else if (s === 'incorrect') incorrect++;
    else if (s === 'pending') pending++;
  }
  const verified = correct + incorrect;
  return {
    total_predictions: predictions.length,
    verified_correct: correct,
    verified_incorrect: incorrect,
    pending_verification: pending,
    total_verified: verified,
    accuracy: verified ? Math.round((correct / verified) * 1000) / 1000 : null,
  };
}

export type SelectionStrategy = 'low_confidence' | 'random' | 'mixed';

/**
 * The indexes of a batch's labels set aside for verification: `round(rate × n)` of them (at least one when the rate
 * is above 0), the least confident first, at random (seeded, so a batch is chosen alike every time), or half each.
 */
export function pickForVerification(
  confidences: readonly (number | null)[],
  rate: number,
  strategy: SelectionStrategy,
  seed: number,
): Set<number> {
  const n = confidences.length;
  const want = rate <= 0 ? 0 : Math.min(n, Math.max(1, Math.round(rate * n)));
  const byConfidence = [...confidences.keys()].sort((a, b) => (confidences[a] ?? -1) - (confidences[b] ?? -1) || a - b);
  const random = seededRandom(seed);
  const shuffled = [...confidences.keys()];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
  }
  const chosen = new Set<number>();
  const lowFirst = strategy === 'low_confidence' ? want : strategy === 'mixed' ? Math.ceil(want / 2) : 0;
  for (const i of byConfidence) if (chosen.size < lowFirst) chosen.add(i);
  for (const i of shuffled) if (chosen.size < want) chosen.add(i);
  return chosen;
}

export interface LabelLimits {
  /** null: no cap */
  maxTotal: number | null;
  /** share of the scheme's items without a human answer that the model may label (0–1) */
  maxUnlabeledRatio: number;
  batchSize: number;
}

/**
 * How many more items a batch may label: the batch size; the total cap over every label made; and the ratio cap,
 * a share of the items without a human answer, less the labels already on such items (a label whose item has since
 * been answered no longer counts against it).
 */
export function capacity(
  limits: LabelLimits,
  counts: { predicted: number; unlabelled: number; predictedUnlabelled: number },
): number {
  const byTotal = limits.maxTotal === null ? Infinity : limits.maxTotal - counts.predicted;
  const byRatio = Math.floor(limits.maxUnlabeledRatio * counts.unlabelled + 1e-9) - counts.predictedUnlabelled;
  return Math.max(0, Math.min(limits.batchSize, byTotal, byRatio));
}
