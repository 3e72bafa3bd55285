/**
 * Progress over time, derived from what is stored: each annotation's `created_at` and each instance's
 * `completed_at`. Cumulative counts per hour (per day once the project spans more than two weeks), so the
 * dashboard's chart shows the whole history, not only the time a page was open. Recomputed only when the number
 * of annotations or completions changes (neither timestamp is ever rewritten).
 */
import type { Store } from '../ports.js';

export interface TimelinePoint {
  time: string;
  annotations: number;
  completed_items: number;
}

export interface Timeline {
  bucket: 'hour' | 'day';
  points: TimelinePoint[];
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export class TimelineReport {
  private cached: { key: string; value: Timeline } | undefined;

  constructor(private readonly store: Store) {}

  report(): Timeline {
    const key = `${this.store.size('annotations')}:${this.store.size('completions')}`;
    if (this.cached?.key === key) return this.cached.value;
    const created: number[] = [];
    for (const [, record] of this.store.entries('annotations')) created.push(Date.parse(record.created_at));
    const completed: number[] = [];
    // the task's own completion row has the key ""
    for (const [id, row] of this.store.entries('completions')) if (id !== '') completed.push(Date.parse(row.completed_at));
    const value = buildTimeline(created, completed);
    this.cached = { key, value };
    return value;
  }
}

/** Pure: cumulative counts per bucket from two lists of epoch-ms times. */
export function buildTimeline(created: number[], completed: number[]): Timeline {
  const all = [...created, ...completed].filter(Number.isFinite);
  if (!all.length) return { bucket: 'hour', points: [] };
  let first = Infinity;
  let last = -Infinity;
  for (const t of all) {
    if (t < first) first = t;
    if (t > last) last = t;
  }
  const size = last - first > 14 * DAY ? DAY : HOUR;
  const start = Math.floor(first / size) * size;
  const buckets = Math.floor((last - start) / size) + 1;
  const perBucket = (times: number[]) => {
    const counts = new Array<number>(buckets).fill(0);
    for (const t of times) if (Number.isFinite(t)) counts[Math.floor((t - start) / size)]++;
    for (let i = 1; i < buckets; i++) counts[i] += counts[i - 1];
    return counts;
  };
  const a = perBucket(created);
  const c = perBucket(completed);
  return {
    bucket: size === DAY ? 'day' : 'hour',
    points: a.map((annotations, i) => ({ time: new Date(start + i * size).toISOString(), annotations, completed_items: c[i] })),
  };
}
