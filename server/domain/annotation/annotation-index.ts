/**
 * Who annotated what, kept in memory from the stored annotations and then by every change: the annotators of
 * each instance, each annotator's count and last activity, and how many instances have k annotators, so that
 * progress, assignment and completion checks need no scan of the store.
 */
import type { Task } from '../task.js';
import { AnnotatorLists } from './annotator-lists.js';
import { isAnnotated, type AnnotationRecord } from './records.js';

/** What the index reads of a stored answer: whose, which instance, when, and how many labels and spans it holds. */
export type StoredAnswer = Pick<AnnotationRecord, 'username' | 'instance_id' | 'updated_at'> & {
  labels: number;
  spans: number;
};

/** How long the background reading holds the event loop at a time, and how many answers between looks. */
const SLICE_MS = 3;
const SLICE_ANSWERS = 1000;

export class AnnotationIndex {
  /** Annotators with a non-empty record: of task instances by position (annotator-lists.ts), of others by id. */
  private readonly byPosition: AnnotatorLists;
  private readonly byOtherId = new Map<string, string[]>();
  /** annotator → number of instances they have annotated, and when they last changed anything */
  private readonly byAnnotator = new Map<string, { annotated: number; last_activity: string }>();
  private annotated = 0;
  /** withCount[k]: task instances with exactly k annotators (k ≥ 1), kept by `index` so progress needs no scan */
  private readonly withCount: number[] = [];
  /**
   * Stored answers not indexed yet: `indexSome` reads them a slice at a time between requests, and any use of
   * the index first reads what is left, so the server can listen before a million answers are read.
   */
  private rest: Iterator<StoredAnswer> | undefined;
  private failed: Error | undefined;

  /**
   * `answers`: how many stored answers there are (the lists are sized for them at once); `stored`: those answers,
   * read by `indexSome` or at the index's first use. Nothing may change a stored answer before the index is used.
   */
  constructor(
    private readonly task: Task,
    answers = 0,
    stored?: Iterable<StoredAnswer>,
  ) {
    this.byPosition = new AnnotatorLists(task.instances.length, Math.max(1024, answers));
    this.rest = stored?.[Symbol.iterator]();
  }

  /** Indexes up to `n` more stored answers; whether any are left. */
  indexSome(n: number): boolean {
    if (this.failed) throw this.failed;
    const rest = this.rest;
    if (!rest) return false;
    try {
      for (let i = 0; i < n; i++) {
        const next = rest.next();
        if (next.done) {
          this.rest = undefined;
          return false;
        }
        this.indexStored(next.value);
      }
    } catch (e) {
      // a reading that failed has ended: every later use fails alike rather than counting from half the answers
      this.failed = e instanceof Error ? e : new Error(String(e));
      throw e;
    }
    return true;
  }

  /**
   * Reads the stored answers a slice at a time, so requests in the meantime wait little; settles once all are in
   * (or their reading failed or stopped).
   */
  readInBackground(): Promise<void> {
    return new Promise((done) => {
      const slice = () => {
        const deadline = performance.now() + SLICE_MS;
        try {
          while (this.indexSome(SLICE_ANSWERS)) if (performance.now() >= deadline) return void setImmediate(slice);
        } catch {
          // the store failed or closed under the reading: the index's next use reports it
        }
        done();
      };
      setImmediate(slice);
    });
  }

  /** Stops reading the stored answers (the store is closing); the index is not used after this. */
  stop(): void {
    this.rest?.return?.();
    this.rest = undefined;
  }

  private ready(): void {
    if (this.rest) this.indexSome(Infinity);
  }

  /** A record changed from `before` to `after` (an empty `after` for one removed); before the store has it. */
  index(before: AnnotationRecord | undefined, after: AnnotationRecord): void {
    this.ready();
    this.count(after, isAnnotated(before), isAnnotated(after));
  }

  /** A stored answer read at start-up, by the few fields the index needs. */
  private indexStored(answer: StoredAnswer): void {
    this.count(answer, false, answer.labels > 0 || answer.spans > 0);
  }

  private count(after: Pick<AnnotationRecord, 'username' | 'instance_id' | 'updated_at'>, was: boolean, is: boolean) {
    let mine = this.byAnnotator.get(after.username);
    if (!mine) this.byAnnotator.set(after.username, (mine = { annotated: 0, last_activity: after.updated_at }));
    else if (after.updated_at > mine.last_activity) mine.last_activity = after.updated_at;
    if (was === is) return;
    mine.annotated += is ? 1 : -1;
    this.annotated += is ? 1 : -1;
    const position = this.task.positionById.get(after.instance_id);
    if (position === undefined) {
      let list = this.byOtherId.get(after.instance_id);
      if (!list) this.byOtherId.set(after.instance_id, (list = []));
      if (is) list.push(after.username);
      else list.splice(list.indexOf(after.username), 1);
      return;
    }
    const now = is ? this.byPosition.add(position, after.username) : this.byPosition.remove(position, after.username);
    const had = is ? now - 1 : now + 1;
    if (had > 0) this.withCount[had]--;
    if (now > 0) this.withCount[now] = (this.withCount[now] ?? 0) + 1;
  }

  private annotatorList(instanceId: string): readonly string[] | undefined {
    const position = this.task.positionById.get(instanceId);
    return position === undefined ? this.byOtherId.get(instanceId) : this.byPosition.namesAt(position);
  }

  /** Task instances with at least `k` annotators, in time independent of the task's size. */
  instancesWithAtLeast(k: number): number {
    this.ready();
    if (k <= 0) return this.task.instances.length;
    let n = 0;
    for (let i = k; i < this.withCount.length; i++) n += this.withCount[i] ?? 0;
    return n;
  }

  annotatorsOf(instanceId: string): ReadonlySet<string> {
    this.ready();
    return new Set(this.annotatorList(instanceId));
  }

  annotatorCount(instanceId: string): number {
    this.ready();
    const position = this.task.positionById.get(instanceId);
    return position === undefined ? (this.byOtherId.get(instanceId)?.length ?? 0) : this.byPosition.size(position);
  }

  /** Per annotator: instances annotated and the time of their latest change. */
  activityOf(username: string): { annotated: number; last_activity: string | null } {
    this.ready();
    const mine = this.byAnnotator.get(username);
    return mine ? { ...mine } : { annotated: 0, last_activity: null };
  }

  /** Number of (annotator, instance) pairs with a non-empty annotation. */
  total(): number {
    this.ready();
    return this.annotated;
  }
}
