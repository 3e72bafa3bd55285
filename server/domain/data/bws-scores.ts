/**
 * Best–worst scaling scores by counting: for each item of the pool, (times chosen best − times chosen worst) /
 * times it was in an answered tuple, from -1 to 1; ranked highest first (ties by item id). The tuples' items
 * are read from each instance's `_bws_items` (config/bws-tuples.ts).
 */
import { invalid } from '../errors.js';
import type { Scheme, Task } from '../task.js';
import type { ExportItem } from './export-rows.js';
import { bwsTupleItems } from './bws-tuple.js';

export interface BwsScore {
  item_id: string;
  text: string;
  score: number;
  best_count: number;
  worst_count: number;
  appearances: number;
  rank: number;
}

/** The bws scheme asked for, or the only one; refuses naming `schema`. */
export function bwsScheme(task: Task, name: string | undefined): Scheme {
  const schemes = bwsSchemes(task);
  if (name !== undefined) {
    const found = schemes.find((s) => s.name === name);
    if (!found) throw invalid(`schema: "${name}" is not a bws scheme of this project`);
    return found;
  }
  if (schemes.length !== 1)
    throw invalid(
      schemes.length
        ? `schema: say which bws scheme (${schemes.map((s) => s.name).join(', ')})`
        : 'schema: this project has no bws scheme',
    );
  return schemes[0];
}

export function bwsScores(scheme: Scheme, items: Iterable<ExportItem>): BwsScore[] {
  return bwsScoresByScheme([scheme], items).get(scheme.name)!;
}

/** Pool items that are in some tuple (Potato's `total_items`). */
export function bwsPoolSize(task: Task): number {
  const ids = new Set<string>();
  for (const instance of task.instances) for (const item of bwsTupleItems(instance.data)) ids.add(item.source_id);
  return ids.size;
}

/** Answered tuples of a scheme: the records that count in its scores (Potato's `total_annotations`). */
export function bwsAnswerCount(scheme: Scheme, items: Iterable<ExportItem>): number {
  let n = 0;
  for (const { record } of items) {
    const chosen = record.labels[scheme.name];
    if (chosen && (chosen.best !== undefined || chosen.worst !== undefined)) n++;
  }
  return n;
}

/** The project's bws schemes (best–worst scaling). */
export const bwsSchemes = (task: Task): Scheme[] => task.schemes.filter((s) => s.annotation_type === 'bws');

/** Scores of several bws schemes in one pass over the items, by scheme name. */
export function bwsScoresByScheme(schemes: readonly Scheme[], items: Iterable<ExportItem>): Map<string, BwsScore[]> {
  type Count = { text: string; best: number; worst: number; seen: number };
  const counts = schemes.map(() => new Map<string, Count>());
  for (const { instance, record } of items) {
    schemes.forEach((scheme, n) => {
      const chosen = record.labels[scheme.name];
      if (!chosen || (chosen.best === undefined && chosen.worst === undefined)) return;
      for (const item of bwsTupleItems(instance.data)) {
        let c = counts[n].get(item.source_id);
        if (!c) counts[n].set(item.source_id, (c = { text: String(item.text ?? ''), best: 0, worst: 0, seen: 0 }));
        c.seen++;
        if (chosen.best === item.position) c.best++;
        if (chosen.worst === item.position) c.worst++;
      }
    });
  }
  const out = new Map<string, BwsScore[]>();
  schemes.forEach((scheme, n) => {
    const scores = [...counts[n]].map(([item_id, c]) => ({
      item_id,
      text: c.text,
      score: (c.best - c.worst) / c.seen,
      best_count: c.best,
      worst_count: c.worst,
      appearances: c.seen,
      rank: 0,
    }));
    scores.sort((a, b) => b.score - a.score || (a.item_id < b.item_id ? -1 : a.item_id > b.item_id ? 1 : 0));
    scores.forEach((s, i) => (s.rank = i + 1));
    out.set(scheme.name, scores);
  });
  return out;
}
