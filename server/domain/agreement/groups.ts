/** Stored annotations grouped by instance, in flat arrays, for the agreement loops. */
import { isAnnotated, type AnnotationRecord } from '../annotation/records.js';
import type { Task } from '../task.js';

/**
 * The annotated records of the task's instances in instance order: the records of the g-th instance with two or
 * more annotators are records[bounds[2g]] up to (not including) records[bounds[2g + 1]]. Flat arrays rather than
 * an array per instance: 100k instances would otherwise mean 100k small allocations per report.
 */
/** What agreement reads of a record; kept instead of the record, whose other fields would stay alive for nothing. */
export type Answers = Pick<AnnotationRecord, 'labels' | 'spans'>;

const NO_SPANS: AnnotationRecord['spans'] = [];

export interface Groups {
  records: Answers[];
  bounds: Int32Array;
  /** the instance of each group (its position in the task) */
  instance: Int32Array;
  /** annotator number of each record, and the names: sets of annotators become typed arrays */
  annotator: Int32Array;
  names: string[];
}

export function groupByInstance(task: Task, records: Iterable<AnnotationRecord>): Groups {
  const kept: Answers[] = [];
  const users: string[] = [];
  let positions = new Int32Array(1024); // typed, grown by doubling: a long-lived array of numbers costs the GC more
  for (const record of records) {
    const position = task.positionById.get(record.instance_id); // quality checks have none
    if (position === undefined || !isAnnotated(record)) continue;
    if (kept.length === positions.length) {
      const grown = new Int32Array(positions.length * 2);
      grown.set(positions);
      positions = grown;
    }
    positions[kept.length] = position;
    // at 1M records the rest of each (timestamps, the wrapper) was a few hundred MB held through the report
    kept.push({ labels: record.labels, spans: record.spans.length ? record.spans : NO_SPANS });
    users.push(record.username);
  }
  // counting sort by instance position
  const N = task.instances.length;
  const start = new Int32Array(N + 1);
  for (let i = 0; i < kept.length; i++) start[positions[i] + 1]++;
  for (let i = 0; i < N; i++) start[i + 1] += start[i];
  const next = start.slice(0, N);
  const sorted = new Array<Answers>(kept.length);
  const sortedUsers = new Array<string>(kept.length);
  for (let i = 0; i < kept.length; i++) {
    const at = next[positions[i]]++;
    sorted[at] = kept[i];
    sortedUsers[at] = users[i];
  }
  const bounds: number[] = [];
  const instance: number[] = [];
  for (let i = 0; i < N; i++) {
    if (start[i + 1] - start[i] < 2) continue;
    bounds.push(start[i], start[i + 1]);
    instance.push(i);
  }
  const numbers = new Map<string, number>();
  const annotator = new Int32Array(sorted.length);
  for (let r = 0; r < sorted.length; r++) {
    let n = numbers.get(sortedUsers[r]);
    if (n === undefined) numbers.set(sortedUsers[r], (n = numbers.size));
    annotator[r] = n;
  }
  return { records: sorted, bounds: Int32Array.from(bounds), instance: Int32Array.from(instance), annotator, names: [...numbers.keys()] };
}
