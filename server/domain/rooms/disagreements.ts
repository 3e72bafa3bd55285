/**
 * The items a team disagrees on, for a huddle: computed from the stored answers at the moment they are asked for
 * (no adjudication setup needed), as Potato does. An item disagrees when two or more annotators answered the
 * scheme and their answers are not all the same.
 */
import type { AnnotationRecord } from '../annotation/records.js';
import type { Task } from '../task.js';

export interface AnswerSource {
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
}

export interface Disagreement {
  instance_id: string;
  text: string;
  /** annotator → their answer */
  annotations: Record<string, string>;
  n_annotators: number;
  /** answer → how many gave it */
  label_counts: Record<string, number>;
}

export function disagreementsOn(
  task: Task,
  answers: AnswerSource,
  schema: string,
  among: readonly string[] | undefined,
  limit: number,
): Disagreement[] {
  const out: Disagreement[] = [];
  const ids = among ?? task.instances.map((i) => i.id);
  for (const id of new Set(ids)) {
    if (out.length >= limit) break;
    const who = answers.annotatorsOf(id);
    if (who.size < 2) continue;
    const given: Record<string, string> = {};
    const counts: Record<string, number> = {};
    for (const name of who) {
      const chosen = answers.get(name, id)?.labels[schema];
      if (!chosen) continue;
      const label = Object.keys(chosen)[0];
      if (label === undefined) continue;
      given[name] = label;
      counts[label] = (counts[label] ?? 0) + 1;
    }
    if (Object.keys(counts).length < 2) continue;
    out.push({
      instance_id: id,
      text: task.instanceById.get(id)?.text ?? '',
      annotations: given,
      n_annotators: Object.keys(given).length,
      label_counts: counts,
    });
  }
  return out;
}
