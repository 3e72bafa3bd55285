/**
 * Accepting the AI hint (`a`) or the first pre-annotation (`g`) fills the form (fill.ts); what the last fill left
 * alone is remembered, so the hint can name it and a second press replaces it. Forgotten when another instance
 * is shown.
 */
import { useCallback, useState } from 'react';
import type { Schemes } from '../../shared/api/types.js';
import type { Answers } from './answers.js';
import { fillFromAi, fillFromPrediction, type Filled } from './fill.js';
import type { Loaded } from './loaded.js';
import type { Annotation } from './use-annotation.js';

export interface FillHints {
  aiApplied: Filled | null;
  predictionApplied: Filled | null;
  acceptAi(): void;
  acceptPrediction(): void;
  reset(): void;
}

type Form = Pick<Annotation, 'loaded' | 'schemes' | 'answers' | 'setAnswers'>;

/** Where a fill comes from: the suggestion it reads on the instance shown, and how it fills the form from it. */
interface Source<S> {
  of(l: Loaded): S | null | undefined;
  fill(a: Answers, schemes: Schemes, suggestion: S, before: Filled | null): { answers: Answers; filled: Filled };
}

const AI: Source<NonNullable<Loaded['ai']>> = { of: (l) => l.ai, fill: fillFromAi };
const PREDICTION: Source<Loaded['predictions'][number]> = { of: (l) => l.predictions[0], fill: fillFromPrediction };

function useFill<S>({ loaded, schemes, answers, setAnswers }: Form, source: Source<S>) {
  const [applied, setApplied] = useState<Filled | null>(null);
  const suggestion = loaded ? source.of(loaded) : null;
  const accept = useCallback(() => {
    if (!suggestion || !schemes || (applied && !applied.kept.length)) return;
    const { answers: filledIn, filled } = source.fill(answers, schemes, suggestion, applied);
    setAnswers((): Answers => filledIn);
    setApplied(filled);
  }, [source, suggestion, schemes, answers, setAnswers, applied]);
  return { applied, accept, reset: setApplied };
}

export function useFillHints(a: Form): FillHints {
  const ai = useFill(a, AI);
  const prediction = useFill(a, PREDICTION);
  const { reset: resetAi } = ai;
  const { reset: resetPrediction } = prediction;
  const reset = useCallback(() => {
    resetAi(null);
    resetPrediction(null);
  }, [resetAi, resetPrediction]);
  return {
    aiApplied: ai.applied,
    predictionApplied: prediction.applied,
    acceptAi: ai.accept,
    acceptPrediction: prediction.accept,
    reset,
  };
}
