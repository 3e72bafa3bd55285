/**
 * Who gets which instance. Each annotator's ordered list is built once, at their first visit, by the project's
 * strategy and capped by max_annotations_per_user; an instance is handed out only while fewer than
 * num_annotators_per_item annotators hold it. The per-instance holder counts are derived from the stored lists
 * when first needed and kept in step by the one method that changes lists.
 */
import type { Task } from '../task.js';
import type { Store, StoreOp } from '../ports.js';
import { planAssignment } from './assignment-plan.js';
import { strategyOrder, type AssignmentSettings } from './assignment-settings.js';
import { HolderCounts } from './holder-counts.js';
import { ListIndex } from './list-index.js';
import { annotatorProgress, type AnnotatorProgress } from './progress.js';

export { planAssignment } from './assignment-plan.js';

interface AssignmentRecord {
  username: string;
  instance_ids: string[];
  created_at: string;
}

interface CursorRecord {
  index: number;
}

/**
 * Written with every hand-out under an overlap limit. Two hand-outs made at once by two server processes
 * sharing a project (each counting holders from what it had) thus write one key, so the store refuses the
 * second and it is planned again from counts that include the first.
 */
interface HandOutRecord {
  at: string;
}

declare module '../ports.js' {
  interface Tables {
    assignments: AssignmentRecord;
    cursors: CursorRecord;
    hand_outs: HandOutRecord;
  }
}

/** With an overlap limit, lists are handed out this many instances at a time … */
export const BATCH = 20;
/** … and grow when no more than this many of them are left unannotated. */
export const LOW_WATER = 5;

/** Extra items (quality-control checks) mixed into a freshly planned list; they do not count toward the cap. */
export type ListDecorator = (username: string, list: string[]) => string[];

export class Assignments {
  /**
   * How many lists hold each instance, counted at the first need: only an overlap limit or least_annotated
   * consult them, and counting every list would otherwise lengthen every start.
   */
  private counts: HolderCounts | undefined;
  /** username → their list, read from the store at first use: large lists are packed rows there, not arrays */
  private readonly lists = new Map<string, readonly string[]>();
  /** everyone with a stored list, from the store at first use */
  private names: Set<string> | undefined;
  private readonly decorators: ListDecorator[] = [];
  private readonly heldBack: ((username: string) => boolean)[] = [];
  /** username → where each instance is in their list; built on first use */
  private readonly positions = new Map<string, ListIndex>();
  /**
   * username → how many task instances (checks not counted) their list holds, for the test every request makes
   * of whether the list should grow; kept with the list it was counted from (stored lists are replaced, never
   * changed) and the task's size, so it never goes stale
   */
  private readonly realCounts = new Map<string, { list: readonly string[]; taskSize: number; count: number }>();
  /** bumped whenever a holder count changes, so the per-annotator counts of open instances know they are stale */
  private version = 0;
  private readonly openHeld = new Map<
    string,
    { list: readonly string[]; version: number; required: number; count: number }
  >();

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly settings: AssignmentSettings,
    private readonly now: () => string,
  ) {}

  /** Forgets what was derived from the stored lists; after a failed write, which the store has undone. */
  recount(): void {
    this.counts = undefined;
    this.version++;
    this.names = undefined;
    this.positions.clear();
    this.lists.clear();
  }

  decorate(decorator: ListDecorator): void {
    this.decorators.push(decorator);
  }

  private counted(): HolderCounts {
    if (!this.counts) {
      this.counts = new HolderCounts(this.task);
      for (const [username, record] of this.store.entries('assignments')) {
        // the lists are decoded here anyway: keep them, unless a newer one (a replaceOp not yet written) is held
        if (!this.lists.has(username)) this.lists.set(username, record.instance_ids);
        this.count(record.instance_ids, +1);
      }
    }
    return this.counts;
  }

  private count(ids: readonly string[], delta: number): void {
    this.version++;
    this.counts!.add(ids, delta);
  }

  /**
   * What the annotator is expected to annotate, of task instances: their quota, or without one every instance
   * they hold or may still be handed. Under an overlap limit an instance taken into their list stops being
   * open to them at the same time, so the figure holds still as the list grows in batches.
   */
  progressOf(username: string, done: number): AnnotatorProgress {
    const list = this.listOf(username) ?? [];
    const held = this.realCount(username, list);
    const required = this.settings.required();
    const more = this.heldBack.some((isHeld) => isHeld(username))
      ? 0
      : this.settings.strategy() === 'batch'
        ? this.openInCohort(username, list, required)
        : Number.isFinite(required)
          ? this.counted().openCount(required) - this.openIn(username, list, required)
          : // active learning hands out in batches without an overlap limit too: the rest of the task is to come
            this.settings.strategy() === 'active_learning'
            ? this.task.instances.length - held
            : 0;
    return annotatorProgress({
      done,
      held,
      reachable: held + more,
      quota: this.settings.cap(),
      listLength: list.length,
    });
  }

  /** Of the annotator's own task instances, those still open; counted again only after a holder count changed. */
  private openIn(username: string, list: readonly string[], required: number): number {
    const known = this.openHeld.get(username);
    if (known && known.list === list && known.version === this.version && known.required === required)
      return known.count;
    let n = 0;
    for (const id of list) if (this.task.positionById.has(id) && this.holders(id) < required) n++;
    this.openHeld.set(username, { list, version: this.version, required, count: n });
    return n;
  }

  /** Under batch: the items of the annotator's cohort not in their list yet that are still open. */
  private openInCohort(username: string, list: readonly string[], required: number): number {
    const cohort = this.settings.batchOrder?.(username) ?? [];
    if (!cohort.length) return 0;
    const held = new Set(list);
    let n = 0;
    for (const id of cohort) if (!held.has(id) && this.holders(id) < required) n++;
    return n;
  }

  /** Why an annotator with no list was handed nothing, where the strategy can say more than the default. */
  whyNone(username: string): string | undefined {
    return this.settings.strategy() === 'batch' ? this.settings.batchNone?.(username) : undefined;
  }

  holders(instanceId: string): number {
    return this.counted().of(instanceId);
  }

  listOf(username: string): readonly string[] | undefined {
    let list = this.lists.get(username);
    if (!list) {
      list = this.store.get('assignments', username)?.instance_ids;
      if (list) this.lists.set(username, list);
    }
    return list;
  }

  /** Everyone who has a list. */
  usernames(): IterableIterator<string> {
    // kept rather than listed from the store each time: the overview asks on every request, and a stored table
    // may list its keys only by reading its rows
    this.names ??= new Set(this.store.keys('assignments'));
    return this.names.values();
  }

  positionOf(username: string, instanceId: string): number {
    let index = this.positions.get(username);
    if (!index?.covers(this.task)) {
      index = new ListIndex(this.task, this.listOf(username) ?? []);
      this.positions.set(username, index);
    }
    return index.indexOf(instanceId);
  }

  /**
   * Annotators who may not be handed more work (blocked by quality control, or everyone while hand-outs are paused).
   */
  holdBack(predicate: (username: string) => boolean): void {
    this.heldBack.push(predicate);
  }

  /**
   * The op that creates or grows an annotator's list, or none. Without an overlap limit nobody competes for
   * instances, so a first-time annotator gets their whole list at once. With one, lists grow in batches as the
   * annotator nears the end of what they hold: otherwise the first annotators to arrive would reserve the whole
   * task and the rest of a lab would get nothing.
   */
  planFor(username: string, annotated: number): StoreOp[] {
    const list = this.listOf(username);
    const required = this.settings.required();
    const limited = Number.isFinite(required);
    // active learning hands out a few at a time even without an overlap limit, so each batch follows what the
    // learner has learned since the last
    const active = this.settings.strategy() === 'active_learning' ? this.settings.activeOrder?.() : undefined;
    if (list && !limited && !active) return [];
    // held back (blocked by quality control, hand-outs paused): no list is made or grown
    if (this.heldBack.some((held) => held(username))) return [];
    // while a ranking is under way, a list grows only once nothing is left in it
    if (list && this.realCount(username, list) - annotated > (active?.pending ? 0 : LOW_WATER)) return [];
    const real = list ? list.filter((id) => this.task.positionById.has(id)) : [];
    const cap = this.settings.cap();
    const room = cap === null ? Infinity : cap - real.length;
    if (list && room <= 0) return [];
    const taken = new Set(real);
    const batch = active ? active.batch : BATCH;
    const from = strategyOrder(this.settings, this.task, username, active);
    const more = planAssignment({
      ids: from.ids.filter((id) => !taken.has(id)),
      holders: (id) => this.holders(id),
      required,
      cap: limited || active ? Math.min(room, batch) : room === Infinity ? null : room,
      strategy: from.strategy,
      username,
    });
    // under batch a user outside every cohort (or whose group is full) gets no list, so a later hand-out may place them
    if (!more.length && (list || this.settings.strategy() === 'batch')) return [];
    // decorating the whole list again keeps its start unchanged: checks are placed by position, seeded per annotator
    let full = [...real, ...more];
    for (const decorate of this.decorators) full = decorate(username, full);
    const ops = [this.replaceOp(username, full)];
    if (limited) ops.push({ table: 'hand_outs', key: 'overlap', value: { at: this.now() } });
    // a first list under batch places an auto-assigned user in a group: two processes placing users at once
    // write one key, so the second is placed again against counts that include the first
    if (!list && this.settings.strategy() === 'batch')
      ops.push({ table: 'hand_outs', key: 'cohorts', value: { at: this.now() } });
    return ops;
  }

  private realCount(username: string, list: readonly string[]): number {
    const taskSize = this.task.instances.length;
    const known = this.realCounts.get(username);
    if (known && known.list === list && known.taskSize === taskSize) return known.count;
    let count = 0;
    for (const id of list) if (this.task.positionById.has(id)) count++;
    this.realCounts.set(username, { list, taskSize, count });
    return count;
  }

  /** The op that replaces a list; the holder counts follow at once (`recount` if the write then fails). */
  replaceOp(username: string, instanceIds: string[]): StoreOp {
    // counted now where they may be consulted before this op is written (an import extends several lists at once)
    if (!this.counts && (Number.isFinite(this.settings.required()) || this.settings.strategy() === 'least_annotated'))
      this.counted();
    if (this.counts) {
      const old = this.listOf(username);
      if (old) this.count(old, -1);
      this.count(instanceIds, +1);
    }
    this.positions.delete(username);
    this.lists.set(username, instanceIds);
    this.names?.add(username);
    return {
      table: 'assignments',
      key: username,
      value: { username, instance_ids: instanceIds, created_at: this.now() },
    };
  }

  /** Another server process replaced (or removed) an annotator's list, already in the store: counts follow. */
  takeExternal(username: string, before: readonly string[] | undefined, after: readonly string[] | undefined): void {
    if (this.counts) {
      if (before) this.count(before, -1);
      if (after) this.count(after, +1);
    }
    this.positions.delete(username);
    if (after) {
      this.lists.set(username, after);
      this.names?.add(username);
    } else {
      this.lists.delete(username);
      this.names?.delete(username);
    }
  }

  cursor(username: string): number {
    return this.store.get('cursors', username)?.index ?? 0;
  }

  cursorOp(username: string, index: number): StoreOp {
    return { table: 'cursors', key: username, value: { index } };
  }
}
