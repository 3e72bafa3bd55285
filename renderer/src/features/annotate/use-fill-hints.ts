/**
 * Accepting the AI hint (`a`) or the first pre-annotation (`g`) fills the form (fill.ts); what the last fill left
 * alone is remembered, so the hint can name it and a second press replaces it. Forgotten when another instance
 * is shown.
 */
import { useCallback, useState } from 'react';
import type { Answers } from './answers.js';
import { fillFromAi, fillFromPrediction, type Filled } from './fill.js';
import type { Annotation } from './use-annotation.js';

export interface FillHints {
  aiApplied: Filled | null;
  predictionApplied: Filled | null;
  acceptAi(): void;
  acceptPrediction(): void;
  reset(): void;
}

export function useFillHints(a: Pick<Annotation, 'loaded' | 'schemas' | 'answers' | 'setAnswers'>): FillHints {
  const [aiApplied, setAiApplied] = useState<Filled | null>(null);
  const [predictionApplied, setPredictionApplied] = useState<Filled | null>(null);
  const { loaded, schemas, answers, setAnswers } = a;

  const acceptAi = useCallback(() => {
    const ai = loaded?.ai;
    if (!ai || !schemas || (aiApplied && !aiApplied.kept.length)) return;
    const { answers: filledIn, filled } = fillFromAi(answers, schemas, ai, aiApplied);
    setAnswers((): Answers => filledIn);
    setAiApplied(filled);
  }, [loaded, schemas, answers, setAnswers, aiApplied]);

  const acceptPrediction = useCallback(() => {
    const first = loaded?.predictions[0];
    if (!first || !schemas || (predictionApplied && !predictionApplied.kept.length)) return;
    const { answers: filledIn, filled } = fillFromPrediction(answers, schemas, first, predictionApplied);
    setAnswers((): Answers => filledIn);
    setPredictionApplied(filled);
  }, [loaded, schemas, answers, setAnswers, predictionApplied]);

  const reset = useCallback(() => {
    setAiApplied(null);
    setPredictionApplied(null);
  }, []);

  return { aiApplied, predictionApplied, acceptAi, acceptPrediction, reset };
}
