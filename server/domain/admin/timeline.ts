/**
 * Progress over time, derived from what is stored: each annotation's `created_at` and each instance's
 * `completed_at`. Cumulative counts per minute while the project spans at most 90 minutes (its first hour stays
 * readable), per hour up to two weeks, then per day, so the dashboard's chart shows the whole history, not only
 * the time a page was open.
 *
 * Annotations are counted per minute once, at the first report, and then kept in step by the submit hook, so a
 * dashboard polling during annotation does not rescan every record on the event loop each time.
 */
import type { Store } from '../ports.js';
import type { ExternalAnswer, SubmitContext, SubmitHook } from '../annotation/annotation-service.js';
import { isAnnotated, type AnnotationRecord } from '../annotation/records.js';

interface TimelinePoint {
  time: string;
  annotations: number;
  completed_items: number;
}

export interface Timeline {
  bucket: 'minute' | 'hour' | 'day';
  points: TimelinePoint[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / MINUTE) * MINUTE;

export class TimelineReport implements SubmitHook {
  /** minute start (epoch ms) → annotations first made in that minute; built at the first report */
  private minutes: Map<number, number> | undefined;

  constructor(
    private readonly store: Store,
    private readonly isTaskInstance: (instanceId: string) => boolean,
  ) {}

  private add(createdAt: string, delta: number): void {
    const minute = minuteOf(createdAt);
    if (!Number.isFinite(minute) || !this.minutes) return;
    this.minutes.set(minute, (this.minutes.get(minute) ?? 0) + delta);
  }

  after(ctx: SubmitContext): undefined {
    if (ctx.changed && this.isTaskInstance(ctx.instance.id)) this.counted(ctx.before, ctx.after);
    return undefined;
  }

  external(change: ExternalAnswer): void {
    if (this.isTaskInstance(change.instanceId)) this.counted(change.before, change.after);
  }

  private counted(before: AnnotationRecord | undefined, after: AnnotationRecord | undefined): void {
    if (!this.minutes) return;
    const was = isAnnotated(before);
    const is = isAnnotated(after);
    if (is && !was) this.add(after!.created_at, +1);
    else if (was && !is) this.add(before!.created_at, -1);
  }

  /** A write this hook counted ahead failed: count again from storage at the next report. */
  failed(): void {
    this.minutes = undefined;
  }

  report(): Timeline {
    if (!this.minutes) {
      this.minutes = new Map();
      for (const [, record] of this.store.entries('annotations'))
        if (isAnnotated(record)) this.add(record.created_at, +1);
    }
    const completed: [number, number][] = [];
    // the task's own completion row has the key ""
    for (const [id, row] of this.store.entries('completions'))
      if (id !== '') completed.push([Date.parse(row.completed_at), 1]);
    return buildTimeline([...this.minutes], completed);
  }
}

/** Pure: cumulative counts per bucket from (epoch-ms time, count) pairs. */
export function buildTimeline(created: [number, number][], completed: [number, number][]): Timeline {
  const all = [...created, ...completed].filter(([t, n]) => Number.isFinite(t) && n !== 0);
  if (!all.length) return { bucket: 'hour', points: [] };
  let first = Infinity;
  let last = -Infinity;
  for (const [t] of all) {
    if (t < first) first = t;
    if (t > last) last = t;
  }
  const span = last - first;
  const size = span > 14 * DAY ? DAY : span > 90 * MINUTE ? HOUR : MINUTE;
  const start = Math.floor(first / size) * size;
  const buckets = Math.floor((last - start) / size) + 1;
  const perBucket = (pairs: [number, number][]) => {
    const counts = new Array<number>(buckets).fill(0);
    for (const [t, n] of pairs) if (Number.isFinite(t)) counts[Math.floor((t - start) / size)] += n;
    for (let i = 1; i < buckets; i++) counts[i] += counts[i - 1];
    return counts;
  };
  const a = perBucket(created);
  const c = perBucket(completed);
  return {
    bucket: size === DAY ? 'day' : size === HOUR ? 'hour' : 'minute',
    points: a.map((annotations, i) => ({
      time: new Date(start + i * size).toISOString(),
      annotations,
      completed_items: c[i],
    })),
  };
}
