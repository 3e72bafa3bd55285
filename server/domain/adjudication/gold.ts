/**
 * What adjudication settles: each item's gold answer (the decision, else its annotators' majority with the vote
 * share), and how each annotator's answers agree with the decided ones.
 */
import type { Instance } from '../task.js';
import type { AnnotationRecord, SpanRecord } from '../annotation/records.js';
import { decisionAsRecord } from './decisions.js';
import { answerKey, comparableSchemes, majorityAnswer } from './item-agreement.js';
import type { AdjudicationDeps, AdjudicationQueue } from './queue.js';
import type { Confidence } from './records.js';

export interface GoldAnswer {
  instance_id: string;
  source: 'adjudicated' | 'majority';
  labels: Record<string, Record<string, string>>;
  spans: SpanRecord[];
  adjudicator?: string;
  decided_at?: string;
  notes?: string;
  confidence?: Confidence;
  vote_share?: Record<string, number>;
  ties?: string[];
  annotators: number;
}

/**
 * The item's gold answer: the decision where there is one, else the majority of its annotators (none without
 * annotators).
 */
export function goldAnswer(
  deps: AdjudicationDeps,
  queue: AdjudicationQueue,
  instance: Instance,
): GoldAnswer | undefined {
  const decision = deps.store.get('adjudications', instance.id);
  const names = queue.annotatorNames(instance.id);
  if (decision) {
    return {
      instance_id: instance.id,
      source: 'adjudicated',
      labels: decision.labels,
      spans: decision.spans,
      adjudicator: decision.adjudicator,
      decided_at: decision.decided_at,
      notes: decision.notes,
      confidence: decision.confidence,
      annotators: names.length,
    };
  }
  const records = names
    .map((n) => deps.annotations.get(n, instance.id))
    .filter((r): r is AnnotationRecord => r !== undefined);
  if (!records.length) return undefined;
  const majority = majorityAnswer(deps.task, records);
  return {
    instance_id: instance.id,
    source: 'majority',
    labels: majority.labels,
    spans: majority.spans,
    vote_share: majority.vote_share,
    ties: majority.ties,
    annotators: records.length,
  };
}

/**
 * Each annotator's answers read against the adjudicated gold answers: per scheme, items compared and the share that
 * matched.
 */
export function agreementWithGold(deps: AdjudicationDeps, adjudicators: ReadonlySet<string>) {
  const { task, annotations, store } = deps;
  const schemes = comparableSchemes(task);
  const by: Record<string, Record<string, { items: number; matched: number; share: number }>> = {};
  let decided = 0;
  for (const [instanceId, d] of store.entries('adjudications')) {
    if (!task.positionById.has(instanceId)) continue;
    decided++;
    const gold = decisionAsRecord(d);
    for (const name of annotations.annotatorsOf(instanceId)) {
      const record = annotations.get(name, instanceId);
      if (!record || adjudicators.has(name)) continue;
      for (const scheme of schemes) {
        const want = answerKey(scheme, gold);
        const got = answerKey(scheme, record);
        if (want === undefined && got === undefined) continue;
        const cell = ((by[name] ??= {})[scheme.name] ??= { items: 0, matched: 0, share: 0 });
        cell.items++;
        if (want === got) cell.matched++;
      }
    }
  }
  for (const schemes of Object.values(by))
    for (const cell of Object.values(schemes)) cell.share = cell.matched / cell.items;
  return { adjudicated_items: decided, by_annotator: by };
}

/**
 * For each of `names`, their answers on every item in the queue read against its gold answer (the decision, else
 * the majority, their own vote included, as Potato reads consensus): answers compared and how many matched.
 */
export function agreementOfAnnotators(deps: AdjudicationDeps, queue: AdjudicationQueue, names: readonly string[]) {
  const out = new Map(names.map((n) => [n, { compared: 0, matched: 0 }]));
  const schemes = comparableSchemes(deps.task);
  for (const instance of deps.task.instances) {
    // only the items these annotators answered: the others' agreement and majority are not worked out
    const annotators = deps.annotations.annotatorsOf(instance.id);
    if (!names.some((n) => annotators.has(n))) continue;
    const c = queue.candidate(instance);
    const theirs = c?.records.filter((r) => out.has(r.username));
    if (!theirs?.length) continue;
    const gold = goldAnswer(deps, queue, instance);
    if (!gold) continue;
    for (const record of theirs)
      for (const scheme of schemes) {
        const want = answerKey(scheme, gold);
        const got = answerKey(scheme, record);
        if (want === undefined && got === undefined) continue;
        const cell = out.get(record.username)!;
        cell.compared++;
        if (want === got) cell.matched++;
      }
  }
  return out;
}
