/**
 * In-context examples for Potato's ICL labelling: the items whose annotators agree, as the model's worked examples.
 * Pure: it reads each item's human answers for one single-choice scheme and keeps those where enough annotators
 * answered and the majority's share reaches the threshold. The strongest agreement comes first, then task order, so
 * the prompt's examples do not change from one read to the next while nothing new is answered.
 */

import type { AnnotationRecord } from '../annotation/records.js';
import { chosenOf, suggestTarget } from '../ai/provider.js';
import type { Scheme } from '../task.js';

/** Who answered an item, and what: the annotation service, as ICL and the judge read it. */
export interface AnswerReader {
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
}

/** The label each annotator chose for a single-choice scheme on the item. */
export function humanLabels(answers: AnswerReader, scheme: Scheme, instanceId: string): string[] {
  const target = suggestTarget(scheme)!;
  const labels: string[] = [];
  for (const user of answers.annotatorsOf(instanceId)) {
    const chosen = chosenOf(target, answers.get(user, instanceId)?.labels[scheme.name]);
    if (chosen.length) labels.push(chosen[0]);
  }
  return labels;
}

export interface IclExample {
  instance_id: string;
  text: string;
  label: string;
  /** the majority label's share of the annotators who answered (0–1) */
  agreement: number;
  annotators: number;
}

export interface ExampleRules {
  /** the majority's share an item needs (0–1) */
  minAgreement: number;
  /** annotators an item needs */
  minAnnotators: number;
  /** examples kept per scheme */
  maxExamples: number;
}

/** One item's human answers to the scheme: each annotator's chosen label. */
export interface ItemAnswers {
  instance_id: string;
  text: string;
  labels: readonly string[];
}

/** The majority label of some answers and its share; ties go to the label first given. */
export function majority(labels: readonly string[]): { label: string; share: number } | undefined {
  if (!labels.length) return undefined;
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  let best = labels[0];
  for (const [label, n] of counts) if (n > counts.get(best)!) best = label;
  return { label: best, share: counts.get(best)! / labels.length };
}

/** Every item that qualifies, best first; `maxExamples` caps the list. Items come in task order. */
export function selectExamples(items: Iterable<ItemAnswers>, rules: ExampleRules): IclExample[] {
  const found: IclExample[] = [];
  for (const item of items) {
    if (item.labels.length < rules.minAnnotators) continue;
    const top = majority(item.labels);
    // a small epsilon: 4 of 5 is 0.8 and must pass a threshold of 0.8
    if (!top || top.share + 1e-9 < rules.minAgreement) continue;
    found.push({
      instance_id: item.instance_id,
      text: item.text,
      label: top.label,
      agreement: Math.round(top.share * 1000) / 1000,
      annotators: item.labels.length,
    });
  }
  // stable: task order among equal agreement
  return found.sort((a, b) => b.agreement - a.agreement).slice(0, rules.maxExamples);
}
