/** Stored annotations grouped by instance, in flat arrays, for the agreement loops. */
import { isAnnotated, type AnnotationRecord, type SpanRecord } from '../annotation/records.js';
import type { Task } from '../task.js';

/** A schema's answer in a record as a number (NaN: none). */
export type ColumnReader = (labels: AnnotationRecord['labels']) => number;

/**
 * The annotated records of the task's instances in instance order: the records of the g-th instance with two or
 * more annotators are rows bounds[2g] up to (not including) bounds[2g + 1]. Flat arrays rather than an array per
 * instance: 100k instances would otherwise mean 100k small allocations per report. Of each record only its
 * answers are kept (a column per reader) and its spans, so the records themselves die young.
 */
export interface Groups {
  /** per reader given, the answers of every row; null where the reader was null */
  columns: (Float64Array | null)[];
  spans: SpanRecord[][];
  bounds: Int32Array;
  /** the instance of each group (its position in the task) */
  instance: Int32Array;
  /** annotator number of each row, and the names: sets of annotators become typed arrays */
  annotator: Int32Array;
  names: string[];
}

const NO_SPANS: SpanRecord[] = [];

/** Doubles a typed array's room, keeping its content. */
function grown<T extends Int32Array | Float64Array>(array: T): T {
  const next = new (array.constructor as new (n: number) => T)(array.length * 2);
  next.set(array);
  return next;
}

export function groupByInstance(task: Task, records: Iterable<AnnotationRecord>, readers: (ColumnReader | null)[]): Groups {
  // typed, grown by doubling: a long-lived array of numbers costs the GC more
  let positions = new Int32Array(1024);
  const read = readers.map((r) => (r ? new Float64Array(1024) : null));
  const spans: SpanRecord[][] = [];
  const users: string[] = [];
  let kept = 0;
  for (const record of records) {
    const position = task.positionById.get(record.instance_id); // quality checks have none
    if (position === undefined || !isAnnotated(record)) continue;
    if (kept === positions.length) {
      positions = grown(positions);
      for (let c = 0; c < read.length; c++) if (read[c]) read[c] = grown(read[c]!);
    }
    positions[kept] = position;
    for (let c = 0; c < read.length; c++) if (read[c]) read[c]![kept] = readers[c]!(record.labels);
    spans.push(record.spans.length ? record.spans : NO_SPANS);
    users.push(record.username);
    kept++;
  }
  // counting sort by instance position
  const N = task.instances.length;
  const start = new Int32Array(N + 1);
  for (let i = 0; i < kept; i++) start[positions[i] + 1]++;
  for (let i = 0; i < N; i++) start[i + 1] += start[i];
  const next = start.slice(0, N);
  const order = new Int32Array(kept); // row → its place in instance order
  for (let i = 0; i < kept; i++) order[i] = next[positions[i]]++;
  const sortedSpans = new Array<SpanRecord[]>(kept);
  const sortedUsers = new Array<string>(kept);
  for (let i = 0; i < kept; i++) {
    sortedSpans[order[i]] = spans[i];
    sortedUsers[order[i]] = users[i];
  }
  const columns = read.map((column) => {
    if (!column) return null;
    const sorted = new Float64Array(kept);
    for (let i = 0; i < kept; i++) sorted[order[i]] = column[i];
    return sorted;
  });
  const bounds: number[] = [];
  const instance: number[] = [];
  for (let i = 0; i < N; i++) {
    if (start[i + 1] - start[i] < 2) continue;
    bounds.push(start[i], start[i + 1]);
    instance.push(i);
  }
  const numbers = new Map<string, number>();
  const annotator = new Int32Array(kept);
  for (let r = 0; r < kept; r++) {
    let n = numbers.get(sortedUsers[r]);
    if (n === undefined) numbers.set(sortedUsers[r], (n = numbers.size));
    annotator[r] = n;
  }
  return { columns, spans: sortedSpans, bounds: Int32Array.from(bounds), instance: Int32Array.from(instance), annotator, names: [...numbers.keys()] };
}
