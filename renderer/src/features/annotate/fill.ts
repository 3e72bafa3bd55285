/**
 * Filling the form from the AI suggestion or a pre-annotation. The first fill leaves every scheme the annotator
 * already answered alone and names them; a second press of the same key replaces those answers too.
 */
import type { AiSuggestion, Prediction, Schemes } from '../../shared/api/types.js';
import {
  actionable,
  answered,
  applyPrediction,
  applySuggestion,
  clearLabels,
  predictedSchemes,
  withoutSchemes,
  type Answers,
} from './answers.js';

/** What the last fill did: the schemes it left alone because the annotator had answered them. */
export interface Filled {
  kept: string[];
}

export function fillFromAi(
  a: Answers,
  schemes: Schemes,
  ai: AiSuggestion,
  before: Filled | null,
): { answers: Answers; filled: Filled } {
  const suggested = Object.entries(ai.suggestions)
    .filter(([, s]) => actionable(s))
    .map(([k]) => k);
  if (before?.kept.length) {
    const replace = Object.fromEntries(Object.entries(ai.suggestions).filter(([k]) => before.kept.includes(k)));
    return { answers: applySuggestion(clearLabels(a, before.kept), schemes, replace), filled: { kept: [] } };
  }
  const kept = suggested.filter((k) => answered(a, k));
  const open = Object.fromEntries(Object.entries(ai.suggestions).filter(([k]) => !kept.includes(k)));
  return { answers: applySuggestion(a, schemes, open), filled: { kept } };
}

export function fillFromPrediction(
  a: Answers,
  schemes: Schemes,
  p: Prediction,
  before: Filled | null,
): { answers: Answers; filled: Filled } {
  if (before?.kept.length) {
    const others = predictedSchemes(p).filter((k) => !before.kept.includes(k));
    return {
      answers: applyPrediction(clearLabels(a, before.kept), schemes, withoutSchemes(p, others)),
      filled: { kept: [] },
    };
  }
  const kept = predictedSchemes(p).filter((k) => answered(a, k));
  return { answers: applyPrediction(a, schemes, withoutSchemes(p, kept)), filled: { kept } };
}
