/**
 * One scheme's part of the judge calibration report: the human gold over the sample (one annotator's label or the
 * majority), each judge's modal labels set against it (accuracy, κ, confusion, ECE, Brier, reliability bins), and
 * agreement among the judges and among the annotators. Pure: the caller reads the answers and stored labels.
 */
import type { Scheme } from '../task.js';
import { humanLabels, majority, type AnswerReader } from '../icl/icl-examples.js';
import { chosenOf, suggestTarget } from '../ai/provider.js';
import { alignmentOf, interpretKappa } from './alignment.js';
import { calibrationOf, pairKappa, type SchemeCalibration } from './calibration.js';

/** a judge's prediction for one item: its modal label over the k samples and the share that agreed */
export interface JudgePrediction {
  modal_label: string;
  confidence: number;
}

export interface SchemeCalibrationInput {
  scheme: Scheme;
  sample: readonly string[];
  answers: AnswerReader;
  gold: 'single' | 'majority';
  /** each judge's predictions over the sample, by instance id (items it could not label left out) */
  predicted: ReadonlyMap<string, ReadonlyMap<string, JudgePrediction>>;
  nBins: number;
}

export function schemeCalibration(input: SchemeCalibrationInput): SchemeCalibration {
  const { scheme, sample, answers } = input;
  const target = suggestTarget(scheme)!;
  const gold = new Map<string, string>();
  const byAnnotator = new Map<string, Map<string, string>>();
  for (const id of sample) {
    const labels = humanLabels(answers, scheme, id);
    const g = input.gold === 'majority' ? majority(labels)?.label : labels[0];
    if (g) gold.set(id, g);
    for (const user of answers.annotatorsOf(id)) {
      const chosen = chosenOf(target, answers.get(user, id)?.labels[scheme.name])[0];
      if (!chosen) continue;
      if (!byAnnotator.has(user)) byAnnotator.set(user, new Map());
      byAnnotator.get(user)!.set(id, chosen);
    }
  }
  const models = Object.fromEntries(
    [...input.predicted].map(([model, labels]) => {
      const both = [...gold].filter(([id]) => labels.has(id));
      const scored = both.map(([id, g]) => ({
        gold: g,
        predicted: labels.get(id)!.modal_label,
        confidence: labels.get(id)!.confidence,
      }));
      const a = alignmentOf(
        scheme.labels.map((l) => l.name),
        both.map(([id, g]) => ({
          instance_id: id,
          human: g,
          judge: labels.get(id)!.modal_label,
          confidence: labels.get(id)!.confidence,
          reasoning: '',
        })),
      );
      const { n, accuracy, ece, brier, bins } = calibrationOf(scored, input.nBins);
      const report = { n, accuracy, kappa: a.kappa, interpretation: a.interpretation, confusion: a.confusion };
      return [model, { ...report, ece, brier, bins }];
    }),
  );
  const modals = [...input.predicted].map(
    ([model, labels]) => [model, new Map([...labels].map(([id, l]) => [id, l.modal_label]))] as const,
  );
  const llm_llm = modals.flatMap(([a, x], i) =>
    modals.slice(i + 1).map(([b, y]) => ({ a, b, kappa: pairKappa(x, y) })),
  );
  const annotators = [...byAnnotator.values()];
  const humanPairs = annotators
    .flatMap((x, i) => annotators.slice(i + 1).map((y) => pairKappa(x, y)))
    .filter((k): k is number => k !== null);
  const human_human = humanPairs.length
    ? Math.round((humanPairs.reduce((s, k) => s + k, 0) / humanPairs.length) * 1000) / 1000
    : null;
  return {
    n_gold: gold.size,
    models,
    llm_llm_kappa: llm_llm,
    human_human_kappa: human_human,
    human_human_interpretation: interpretKappa(human_human),
  };
}
