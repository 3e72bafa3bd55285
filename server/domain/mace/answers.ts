/**
 * The answers MACE is run on: per categorical scheme, the items that at least `minPerItem` annotators answered,
 * as label positions. A multiselect scheme is one yes/no question per option (ticked or not, for each annotator
 * who answered the scheme), each estimated on its own.
 */
import type { AnnotationRecord } from '../annotation/records.js';
import type { Scheme } from '../task.js';
import type { MaceData } from './mace.js';

/** The types whose answer is one label of a fixed list (or, multiselect, a set of them). */
export const MACE_TYPES: ReadonlySet<string> = new Set(['radio', 'likert', 'select', 'multiselect']);

export interface AnswerSource {
  /** task instance ids, in task order */
  instanceIds(): Iterable<string>;
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
}

export interface SchemeAnswers {
  scheme: Scheme;
  multi: boolean;
  /** label names: the scheme's labels; for multiselect its options, each a question of its own */
  labels: string[];
  instances: string[];
  annotators: string[];
  /** one entry for a single-choice scheme; for multiselect one per option, labels 0 = not ticked, 1 = ticked */
  data: MaceData[];
}

interface Builder {
  scheme: Scheme;
  labelIndex: Map<string, number>;
  instances: string[];
  annotators: string[];
  annotatorIndex: Map<string, number>;
  item: number[];
  annotator: number[];
  /** single choice: the label's position; multiselect: a list of ticked positions per answer */
  label: number[];
  ticked: number[][];
}

/** Items read between yields, so a large task is read in slices. */
const ITEMS_PER_SLICE = 256;

/** Reads the answers of every scheme MACE applies to; yields every few hundred items. */
export function* collectAnswers(
  schemes: readonly Scheme[],
  source: AnswerSource,
  minPerItem: number,
): Generator<void, SchemeAnswers[]> {
  const builders: Builder[] = schemes
    .filter((s) => MACE_TYPES.has(s.annotation_type) && !s.turn_level && s.labels.length >= 2)
    .map((scheme) => ({
      scheme,
      labelIndex: new Map(scheme.labels.map((l, i) => [l.name, i])),
      instances: [],
      annotators: [],
      annotatorIndex: new Map(),
      item: [],
      annotator: [],
      label: [],
      ticked: [],
    }));
  const answers: { user: string; chosen: number | number[] }[] = [];
  let read = 0;
  for (const id of source.instanceIds()) {
    if (++read % ITEMS_PER_SLICE === 0) yield;
    const users = source.annotatorsOf(id);
    if (users.size < minPerItem) continue;
    for (const b of builders) {
      answers.length = 0;
      const multi = b.scheme.annotation_type === 'multiselect';
      for (const user of users) {
        const chosen = source.get(user, id)?.labels[b.scheme.name];
        if (!chosen) continue;
        const positions: number[] = [];
        for (const name of Object.keys(chosen)) {
          const p = b.labelIndex.get(name);
          if (p !== undefined) positions.push(p);
        }
        // one label for a single choice; an answer naming none of the scheme's labels (free text) is not one
        if (multi) answers.push({ user, chosen: positions });
        else if (positions.length === 1) answers.push({ user, chosen: positions[0] });
      }
      if (answers.length < minPerItem) continue;
      const item = b.instances.push(id) - 1;
      for (const { user, chosen } of answers) {
        let j = b.annotatorIndex.get(user);
        if (j === undefined) b.annotatorIndex.set(user, (j = b.annotators.push(user) - 1));
        b.item.push(item);
        b.annotator.push(j);
        if (typeof chosen === 'number') b.label.push(chosen);
        else b.ticked.push(chosen);
      }
    }
  }
  return builders.map(finish);
}

function finish(b: Builder): SchemeAnswers {
  const multi = b.scheme.annotation_type === 'multiselect';
  const labels = b.scheme.labels.map((l) => l.name);
  const base = {
    items: b.instances.length,
    annotators: b.annotators.length,
    item: Int32Array.from(b.item),
    annotator: Int32Array.from(b.annotator),
  };
  const data = multi
    ? labels.map((_, option) => ({
        ...base,
        labels: 2,
        label: Int32Array.from(b.ticked, (ticked) => (ticked.includes(option) ? 1 : 0)),
      }))
    : [{ ...base, labels: labels.length, label: Int32Array.from(b.label) }];
  return { scheme: b.scheme, multi, labels, instances: b.instances, annotators: b.annotators, data };
}
