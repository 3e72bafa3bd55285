/** trajectory_eval's normalized keys and its score, which the server stores and the page shows as it will be. */

export interface EvalKeys {
  correctness_options: string[];
  error_types: { name: string; subtypes: string[] }[];
  severities: { name: string; weight: number }[];
  show_score: boolean;
  max_score: number;
}

/** One step's judgement in the stored answer. */
export interface StepEval {
  step_index: number;
  correctness: string;
  error_type?: string;
  error_subtype?: string;
  severity?: string;
  rationale?: string;
}

/** The score of a set of step judgements: the maximum less every severity's weight, never below 0. */
export function traceScore(k: EvalKeys, steps: readonly StepEval[]): number {
  let score = k.max_score;
  for (const s of steps) score -= Math.abs(k.severities.find((v) => v.name === s.severity)?.weight ?? 0);
  return Math.max(0, score);
}
