/**
 * Time and answer history per annotator and item: the time the item was on screen in a visible tab (reported
 * by the page; a tab in the background does not count), how many times it was opened, and every change of an
 * answer as saved, with its time. One small row per annotator and item (`item_time`), changes as
 * [epoch ms, key, value] triples, so a long study stays compact; annotators read only their own.
 */
import { isoTime, type Clock, type Store, type StoreOp } from '../ports.js';
import type { ItemTime } from '../data/export-rows.js';
import type { AnswerChange, SubmitContext, SubmitHook } from '../annotation/submit-hooks.js';
import { annotationKey, type AnnotationRecord } from '../annotation/records.js';
import { invalid } from '../errors.js';

export type { AnswerChange };

export interface ItemTimeRecord {
  username: string;
  instance_id: string;
  /** visible time on the item, ms */
  ms: number;
  visits: number;
  changes: AnswerChange[];
  /** the page's ids of the latest reports added, newest last: a report sent again is added once */
  reports?: string[];
}

declare module '../ports.js' {
  interface Tables {
    item_time: ItemTimeRecord;
  }
}

/** A row keeps this many changes, the latest. */
const MAX_CHANGES = 200;
/** Report ids a row remembers: a page sends one report at a time, so a retry names one of the last few. */
const KEPT_REPORTS = 4;
/** One report covers at most an hour: a page left open overnight reports in pieces anyway. */
export const MAX_REPORT_MS = 3_600_000;

/** The answers of a record as flat keys: `scheme:label` → value, spans `scheme:label[start:end]` → their text. */
function flat(record: AnnotationRecord | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!record) return out;
  for (const [scheme, chosen] of Object.entries(record.labels))
    for (const [label, value] of Object.entries(chosen)) out.set(`${scheme}:${label}`, value);
  for (const s of record.spans) out.set(`${s.schema}:${s.label}[${s.start}:${s.end}]`, s.value);
  return out;
}

/** Pure: the changes from one saved answer to the next. */
function answerChanges(before: AnnotationRecord | undefined, after: AnnotationRecord, at: number): AnswerChange[] {
  return flatChanges(flat(before), flat(after), at);
}

/** Pure: the changes from one set of flat answers (key → value) to the next. */
export function flatChanges(
  was: ReadonlyMap<string, string>,
  is: ReadonlyMap<string, string>,
  at: number,
): AnswerChange[] {
  const out: AnswerChange[] = [];
  for (const [key, value] of is) if (was.get(key) !== value) out.push([at, key, value]);
  for (const key of was.keys()) if (!is.has(key)) out.push([at, key, null]);
  return out;
}

function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

export interface TimeReport {
  /** median over every timed annotator–item pair */
  median_ms: number;
  annotators: {
    username: string;
    items: number;
    median_ms: number;
    total_ms: number;
    visits: number;
    changes: number;
  }[];
  /** items by their median time, slowest first (at most 20) */
  slowest_items: { instance_id: string; annotators: number; median_ms: number }[];
  /** annotators with at least MIN_ITEMS timed items whose median is under FAST_SHARE of the project's */
  fast_annotators: { username: string; items: number; median_ms: number; share: number }[];
}

export const FAST_SHARE = 0.25;
export const MIN_ITEMS = 3;

export class ItemTimes implements SubmitHook {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly isTaskInstance: (instanceId: string) => boolean,
  ) {}

  get(username: string, instanceId: string): ItemTimeRecord | undefined {
    return this.store.get('item_time', annotationKey(username, instanceId));
  }

  /** Every annotator's row on every item. */
  rows(): Iterable<ItemTimeRecord> {
    return [...this.store.entries('item_time')].map(([, row]) => row);
  }

  /** As exports show it: changes with ISO times. */
  exportOf(username: string, instanceId: string): ItemTime | undefined {
    const row = this.get(username, instanceId);
    if (!row) return undefined;
    return {
      visible_ms: row.ms,
      visits: row.visits,
      changes: row.changes.map(([at, key, value]) => ({ at: isoTime(at), key, value })),
    };
  }

  private row(username: string, instanceId: string): ItemTimeRecord {
    return this.get(username, instanceId) ?? { username, instance_id: instanceId, ms: 0, visits: 0, changes: [] };
  }

  /** Records each saved change of a task item's answer in the same write as the answer. */
  after(ctx: SubmitContext): { ops: StoreOp[] } | undefined {
    if (!ctx.changed || !this.isTaskInstance(ctx.instance.id)) return undefined;
    const { taken } = ctx;
    // an answer taken in brings its own history where the other tool kept one, else it is one change
    const changes = taken?.changes ?? answerChanges(ctx.before, ctx.after, taken?.at ?? this.clock.now());
    if (!changes.length && !taken?.ms) return undefined;
    const row = this.row(ctx.username, ctx.instance.id);
    const all = [...row.changes, ...changes];
    const value = { ...row, changes: all.length > MAX_CHANGES ? all.slice(-MAX_CHANGES) : all };
    if (taken) Object.assign(value, { ms: row.ms + taken.ms, visits: row.visits + taken.visits });
    return { ops: [{ table: 'item_time', key: annotationKey(ctx.username, ctx.instance.id), value }] };
  }

  /**
   * The page's report: visible time since its last report, and whether this opened the item (a visit). With
   * `reportId`, a report already added (a step sent again after its answer was lost) adds nothing.
   */
  async report(
    username: string,
    instanceId: string,
    visibleMs: number,
    visit: boolean,
    reportId?: string,
  ): Promise<{ visible_ms: number; visits: number }> {
    if (!this.isTaskInstance(instanceId)) throw invalid(`instance_id: "${instanceId}" is not an item of this task`);
    const row = this.row(username, instanceId);
    if (reportId !== undefined && row.reports?.includes(reportId)) return { visible_ms: row.ms, visits: row.visits };
    const next: ItemTimeRecord = { ...row, ms: row.ms + Math.round(visibleMs), visits: row.visits + (visit ? 1 : 0) };
    if (reportId !== undefined) next.reports = [...(row.reports ?? []), reportId].slice(-KEPT_REPORTS);
    if (next.ms !== row.ms || next.visits !== row.visits)
      await this.store.write([{ table: 'item_time', key: annotationKey(username, instanceId), value: next }]);
    return { visible_ms: next.ms, visits: next.visits };
  }

  /** The dashboard's figures, from every row (only items with visible time count towards times). */
  summary(): TimeReport {
    const byAnnotator = new Map<string, { times: number[]; visits: number; changes: number }>();
    const byItem = new Map<string, number[]>();
    const all: number[] = [];
    for (const [, row] of this.store.entries('item_time')) {
      let a = byAnnotator.get(row.username);
      if (!a) byAnnotator.set(row.username, (a = { times: [], visits: 0, changes: 0 }));
      a.visits += row.visits;
      a.changes += row.changes.length;
      if (row.ms <= 0) continue;
      a.times.push(row.ms);
      all.push(row.ms);
      let item = byItem.get(row.instance_id);
      if (!item) byItem.set(row.instance_id, (item = []));
      item.push(row.ms);
    }
    const projectMedian = median(all);
    const annotators = [...byAnnotator]
      .map(([username, a]) => ({
        username,
        items: a.times.length,
        median_ms: median(a.times),
        total_ms: a.times.reduce((x, y) => x + y, 0),
        visits: a.visits,
        changes: a.changes,
      }))
      .sort((x, y) => x.username.localeCompare(y.username));
    return {
      median_ms: projectMedian,
      annotators,
      slowest_items: [...byItem]
        .map(([instance_id, times]) => ({ instance_id, annotators: times.length, median_ms: median(times) }))
        .sort((x, y) => y.median_ms - x.median_ms || x.instance_id.localeCompare(y.instance_id))
        .slice(0, 20),
      fast_annotators: annotators
        .filter((a) => a.items >= MIN_ITEMS && projectMedian > 0 && a.median_ms < FAST_SHARE * projectMedian)
        .map((a) => ({
          username: a.username,
          items: a.items,
          median_ms: a.median_ms,
          share: Math.round((a.median_ms / projectMedian) * 100) / 100,
        })),
    };
  }
}
