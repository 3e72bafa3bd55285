/**
 * What the boundary lab's answers add up to, derived on each read: how often the edits aimed at each label
 * flipped it (its sensitivity), how often each annotator held their label on meaning-preserving paraphrases
 * (invariance consistency, flagged below 60%), the flips with their rationales, and the contrast set: one
 * labelled (original, counterfactual) pair per answer that is not "unsure". Pure.
 */
import type { ProbeKind } from './probe-rules.js';

export const VERDICTS = ['holds', 'flips', 'unsure'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** An answer with its probe, as the read-outs need it. */
export interface AnsweredProbe {
  instance_id: string;
  schema: string;
  annotator: string;
  original_text: string;
  original_label: string;
  counterfactual_text: string;
  kind: ProbeKind;
  edit_hint: string;
  source: string;
  verdict: Verdict;
  new_label: string | null;
  rationale: string;
  /** epoch seconds, as Potato writes them */
  timestamp: number;
}

/** Below this share of paraphrases held, an annotator is flagged. */
const CONSISTENCY_FLAG = 0.6;

export interface BoundaryStats {
  totals: { probes_generated: number; probes_answered: number; holds: number; flips: number; unsure: number };
  by_label: Record<string, { flip_probes_answered: number; flipped: number; flip_rate: number | null }>;
  annotators: Record<
    string,
    {
      answered: number;
      invariance_answered: number;
      invariance_held: number;
      consistency: number | null;
      flagged: boolean;
    }
  >;
  flips: {
    instance_id: string;
    original_text: string;
    counterfactual_text: string;
    original_label: string;
    new_label: string | null;
    kind: ProbeKind;
    rationale: string;
    annotator: string;
  }[];
}

export function boundaryStats(
  answers: readonly AnsweredProbe[],
  labels: readonly string[],
  generated: number,
): BoundaryStats {
  const count = (v: Verdict) => answers.filter((a) => a.verdict === v).length;
  const byLabel: BoundaryStats['by_label'] = {};
  for (const label of labels) {
    // unsure answers say nothing about the boundary
    const aimed = answers.filter((a) => a.kind === 'flip' && a.original_label === label && a.verdict !== 'unsure');
    const flipped = aimed.filter((a) => a.verdict === 'flips').length;
    byLabel[label] = {
      flip_probes_answered: aimed.length,
      flipped,
      flip_rate: aimed.length ? flipped / aimed.length : null,
    };
  }
  const annotators: BoundaryStats['annotators'] = {};
  for (const name of [...new Set(answers.map((a) => a.annotator))].sort()) {
    const own = answers.filter((a) => a.annotator === name);
    const para = own.filter((a) => a.kind === 'invariance' && a.verdict !== 'unsure');
    const held = para.filter((a) => a.verdict === 'holds').length;
    const consistency = para.length ? held / para.length : null;
    annotators[name] = {
      answered: own.length,
      invariance_answered: para.length,
      invariance_held: held,
      consistency,
      flagged: consistency !== null && consistency < CONSISTENCY_FLAG,
    };
  }
  return {
    totals: {
      probes_generated: generated,
      probes_answered: answers.length,
      holds: count('holds'),
      flips: count('flips'),
      unsure: count('unsure'),
    },
    by_label: byLabel,
    annotators,
    flips: answers
      .filter((a) => a.verdict === 'flips')
      .map((a) => ({
        instance_id: a.instance_id,
        original_text: a.original_text,
        counterfactual_text: a.counterfactual_text,
        original_label: a.original_label,
        new_label: a.new_label,
        kind: a.kind,
        rationale: a.rationale,
        annotator: a.annotator,
      })),
  };
}

/** The contrast set: a "holds" keeps the original label on the counterfactual (a hard negative). */
export function contrastRecords(answers: readonly AnsweredProbe[]) {
  return answers
    .filter((a) => a.verdict !== 'unsure')
    .map((a) => ({
      instance_id: a.instance_id,
      schema: a.schema,
      original_text: a.original_text,
      original_label: a.original_label,
      counterfactual_text: a.counterfactual_text,
      counterfactual_label: a.verdict === 'flips' ? a.new_label : a.original_label,
      kind: a.kind,
      flipped: a.verdict === 'flips',
      rationale: a.rationale,
      edit_hint: a.edit_hint,
      probe_source: a.source,
      annotator: a.annotator,
      timestamp: a.timestamp,
    }));
}
