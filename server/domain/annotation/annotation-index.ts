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

export class AnnotationIndex {
  /** Annotators with a non-empty record: of task instances by position (annotator-lists.ts), of others by id. */
  private readonly byPosition: AnnotatorLists;
  private readonly byOtherId = new Map<string, string[]>();
  /** annotator → number of instances they have annotated, and when they last changed anything */
  private readonly byAnnotator = new Map<string, { annotated: number; last_activity: string }>();
  private annotated = 0;
  /** withCount[k]: task instances with exactly k annotators (k ≥ 1), kept by `index` so progress needs no scan */
  private readonly withCount: number[] = [];

  /** `answers`: how many stored answers are about to be indexed (the lists are sized for them at once) */
  constructor(
    private readonly task: Task,
    answers = 0,
  ) {
    this.byPosition = new AnnotatorLists(task.instances.length, Math.max(1024, answers));
  }

  /** A record changed from `before` to `after` (an empty `after` for one removed). */
  index(before: AnnotationRecord | undefined, after: AnnotationRecord): void {
    this.count(after, isAnnotated(before), isAnnotated(after));
  }

  /** A stored answer read at start-up, by the few fields the index needs. */
  indexStored(answer: StoredAnswer): void {
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
    if (k <= 0) return this.task.instances.length;
    let n = 0;
    for (let i = k; i < this.withCount.length; i++) n += this.withCount[i] ?? 0;
    return n;
  }

  annotatorsOf(instanceId: string): ReadonlySet<string> {
    return new Set(this.annotatorList(instanceId));
  }

  annotatorCount(instanceId: string): number {
    const position = this.task.positionById.get(instanceId);
    return position === undefined ? (this.byOtherId.get(instanceId)?.length ?? 0) : this.byPosition.size(position);
  }

  /** Per annotator: instances annotated and the time of their latest change. */
  activityOf(username: string): { annotated: number; last_activity: string | null } {
    const mine = this.byAnnotator.get(username);
    return mine ? { ...mine } : { annotated: 0, last_activity: null };
  }

  /** Number of (annotator, instance) pairs with a non-empty annotation. */
  total(): number {
    return this.annotated;
  }
}
