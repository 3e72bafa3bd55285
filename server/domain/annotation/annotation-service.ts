/**
 * The annotator's side of the task: their current instance, moving between instances, reading and submitting
 * labels and spans. Decides what each change is (submission-record.ts); change-writer.ts writes it together with
 * what it causes ("created" or "updated", completion events once, deliveries) in one durable store write.
 */
import { forbidden, notFound } from '../errors.js';
import type { EventOutbox } from '../events.js';
import { isShared, type Clock, type Store, type StoreOp } from '../ports.js';
import { CompletionMarks } from './completion-marks.js';
import type { Instance, Task } from '../task.js';
import type { Assignments } from './assignment.js';
import { annotationKey, isAnnotated, type AnnotationRecord, type Submission } from './records.js';
import { restoredRecord, submittedRecord } from './submission-record.js';
import { checkInView } from '../schemes/cohort-views.js';
import { moveFrom, movesOn, type CurrentInstance, type GoTo } from './navigation.js';
import { AnnotationIndex } from './annotation-index.js';
import type { AnnotationSettings, CompletionContext } from './completion-events.js';
import { ChangeWriter } from './change-writer.js';
import type { AnswerChange, SubmitContext, SubmitHook, SubmitResult } from './submit-hooks.js';

export type { SubmitContext, SubmitHook, SubmitResult, ExternalAnswer } from './submit-hooks.js';
export type { AnnotationSettings } from './completion-events.js';
export type { CurrentInstance, GoTo } from './navigation.js';

export class AnnotationService {
  private readonly indexed: AnnotationIndex;
  private readonly completions: CompletionMarks;
  private readonly writer: ChangeWriter;
  private readonly hooks: SubmitHook[] = [];
  private readonly gates: ((username: string) => void)[] = [];
  private readonly preparers: ((username: string) => Promise<unknown> | undefined)[] = [];
  private readonly leaveChecks: ((username: string, instanceId: string) => void)[] = [];
  /** Settles once the stored answers are all in the index (or their reading failed or stopped). */
  readonly storedRead: Promise<void>;

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly assignments: Assignments,
    outbox: EventOutbox,
    private readonly clock: Clock,
    settings: AnnotationSettings,
  ) {
    const stored = store.outline('annotations', ['username', 'instance_id', 'updated_at'], ['labels', 'spans']);
    this.indexed = new AnnotationIndex(task, store.size('annotations'), stored);
    // a shared store applies other processes' answers before telling us, which a half-read outline would count
    // twice; elsewhere only this service writes answers, and it uses the index first
    if (isShared(store)) {
      this.indexed.indexSome(Infinity);
      this.storedRead = Promise.resolve();
    } else this.storedRead = this.indexed.readInBackground();
    this.completions = new CompletionMarks(store, task);
    const completing: CompletionContext = {
      store,
      task,
      clock,
      settings,
      marks: this.completions,
      index: this.indexed,
      get: (username, instanceId) => this.get(username, instanceId),
    };
    this.writer = new ChangeWriter({ completing, assignments, outbox, hooks: this.hooks });
  }

  /** Stops the background reading of stored answers (the store is closing). */
  close(): void {
    this.indexed.stop();
  }

  use(hook: SubmitHook): void {
    this.hooks.push(hook);
  }

  /**
   * Another server process stored or removed an answer (already in the store): indexes and hooks follow as for
   * one of this process's, so a change of another process costs what a local one does.
   */
  takeExternal(before: AnnotationRecord | undefined, after: AnnotationRecord | undefined): void {
    const record = after ?? before;
    if (!record) return;
    if (this.isTaskInstance(record.instance_id))
      this.indexed.index(before, after ?? { ...record, labels: {}, spans: [] });
    const change = { username: record.username, instanceId: record.instance_id, before, after };
    for (const hook of this.hooks) hook.external?.(change);
  }

  /** Another server process wrote (or removed) an instance's completion mark. */
  takeExternalCompletion(instanceId: string, present: boolean): void {
    if (present) this.completions.mark(instanceId);
    else this.completions.forget();
  }

  /** A check run before any access to instances (phases: finish consent first); throws a DomainError to refuse. */
  gate(check: (username: string) => void): void {
    this.gates.push(check);
  }

  /**
   * Work a plan needs that runs between requests (diversity's clusters): awaited before planning a list, or
   * undefined when it is done, so a list already planned costs no wait.
   */
  beforePlanning(prepare: (username: string) => Promise<unknown> | undefined): void {
    this.preparers.push(prepare);
  }

  /** A check run before moving on from an instance (required schemes answered); throws a DomainError to refuse. */
  leaving(check: (username: string, instanceId: string) => void): void {
    this.leaveChecks.push(check);
  }

  /** Task instances with at least `k` annotators, in time independent of the task's size. */
  instancesWithAtLeast(k: number): number {
    return this.indexed.instancesWithAtLeast(k);
  }

  annotatorsOf(instanceId: string): ReadonlySet<string> {
    return this.indexed.annotatorsOf(instanceId);
  }

  annotatorCount(instanceId: string): number {
    return this.indexed.annotatorCount(instanceId);
  }

  /** Per annotator: instances annotated and the time of their latest change. */
  activityOf(username: string): { annotated: number; last_activity: string | null } {
    return this.indexed.activityOf(username);
  }

  /** Number of (annotator, instance) pairs with a non-empty annotation. */
  totalAnnotations(): number {
    return this.indexed.total();
  }

  /** Instances of the task, as opposed to quality-control checks mixed into lists. */
  isTaskInstance(instanceId: string): boolean {
    return this.task.positionById.has(instanceId);
  }

  get(username: string, instanceId: string): AnnotationRecord | undefined {
    const key = annotationKey(username, instanceId);
    return this.isTaskInstance(instanceId) ? this.store.get('annotations', key) : this.store.get('qc_answers', key);
  }

  /** The annotator's list, planned at their first visit and grown in batches where an overlap limit applies. */
  async listOf(username: string): Promise<readonly string[]> {
    for (const check of this.gates) check(username);
    for (const prepare of this.preparers) {
      const waiting = prepare(username);
      if (waiting) await waiting;
    }
    const ops = this.assignments.planFor(username, this.activityOf(username).annotated);
    if (ops.length) {
      try {
        await this.store.write(ops);
      } catch (e) {
        this.assignments.recount();
        throw e;
      }
    }
    // none while hand-outs are held back from someone who has no list yet
    return this.assignments.listOf(username) ?? [];
  }

  /** An instance the caller may see: 404 if it does not exist, 403 if it is not in their list. */
  async instanceFor(username: string, instanceId: string): Promise<Instance> {
    const instance = this.task.instanceById.get(instanceId);
    if (!instance) throw notFound(`no instance with id "${instanceId}"`);
    await this.listOf(username);
    if (this.assignments.positionOf(username, instanceId) < 0)
      throw forbidden(`instance "${instanceId}" is not assigned to you`);
    return instance;
  }

  private record(username: string, list: readonly string[], index: number): CurrentInstance {
    const instance = this.task.instanceById.get(list[index])!;
    const annotated = this.activityOf(username).annotated;
    return {
      instance_id: instance.id,
      current_index: index,
      total_instances: list.length,
      annotated_count: annotated,
      progress: this.assignments.progressOf(username, annotated),
      text: instance.text,
      data: instance.data,
      annotated: isAnnotated(this.get(username, instance.id)),
    };
  }

  async current(username: string): Promise<CurrentInstance> {
    const list = await this.listOf(username);
    if (!list.length)
      throw notFound(
        this.assignments.whyNone(username) ??
          'no instances are assigned to you: every instance already has its required number of annotators, or handing out work is paused',
      );
    const index = Math.min(this.assignments.cursor(username), list.length - 1);
    return this.record(username, list, index);
  }

  async goTo(username: string, target: GoTo): Promise<CurrentInstance> {
    const list = await this.listOf(username);
    if (!list.length) throw notFound(this.assignments.whyNone(username) ?? 'no instances are assigned to you');
    const here = Math.min(this.assignments.cursor(username), list.length - 1);
    let next: number;
    if ('go_to' in target) {
      await this.instanceFor(username, target.go_to);
      next = this.assignments.positionOf(username, target.go_to);
    } else next = moveFrom(here, list.length, target.action, (i) => isAnnotated(this.get(username, list[i])));
    if (movesOn(here, next, target)) for (const check of this.leaveChecks) check(username, list[here]);
    if (next !== this.assignments.cursor(username)) await this.store.write([this.assignments.cursorOp(username, next)]);
    return this.record(username, list, next);
  }

  /** `also` takes part in this one submission as a hook does (the step's undo history), in the same write. */
  async submit(username: string, submission: Submission, also?: SubmitHook): Promise<SubmitResult> {
    const started = performance.now();
    const instance = await this.instanceFor(username, submission.instance_id);
    for (const hook of this.hooks) hook.before?.(username, instance.id);
    checkInView(this.task, username, submission);
    const ctx = this.checked(username, instance, submission, new Date(this.clock.now()).toISOString());
    const qcResult = await this.writer.commit(ctx, false, also);
    const result: SubmitResult = { status: 'success', processing_time_ms: Math.round(performance.now() - started) };
    if (qcResult) result.qc_result = qcResult;
    return result;
  }

  /**
   * Answers kept elsewhere (another tool's saved state) taken in for annotators, checked as a submission is and
   * written with what each causes (hooks, events) and `also`, all in one write: every record or none. Lists and
   * gates are the caller's: the annotators' lists go in `also`. `at` gives each record's times.
   */
  async takeIn(
    answers: {
      username: string;
      submission: Submission;
      at: { created_at: string; updated_at: string };
      /** time spent on the item there, ms, how many times it was opened, and the answer's changes where kept */
      seen?: { ms: number; visits: number; changes?: AnswerChange[] };
    }[],
    also: StoreOp[],
  ): Promise<void> {
    const contexts = answers.map(({ username, submission, at, seen }) => {
      const ctx = this.checked(username, this.taskInstance(submission.instance_id), submission, at.updated_at);
      if (ctx.changed && !ctx.before) ctx.after = { ...ctx.after, created_at: at.created_at };
      ctx.taken = { at: Date.parse(at.updated_at), ms: seen?.ms ?? 0, visits: seen?.visits ?? 0 };
      if (seen?.changes) ctx.taken.changes = seen.changes;
      return ctx;
    });
    await this.writer.commitAll(contexts, also);
  }

  /** Checks a submission for an instance of the task as `submit` would, without lists, gates or a write. */
  check(username: string, submission: Submission): void {
    this.checked(username, this.taskInstance(submission.instance_id), submission, '');
  }

  /** The record a submission makes, checked against the task and the text: what `commit` writes. */
  private checked(username: string, instance: Instance, submission: Submission, now: string): SubmitContext {
    return submittedRecord(this.task, username, instance, submission, this.get(username, instance.id), now);
  }

  private taskInstance(instanceId: string): Instance {
    const instance = this.task.instanceById.get(instanceId);
    if (!instance || !this.isTaskInstance(instance.id)) throw notFound(`no instance with id "${instanceId}"`);
    return instance;
  }

  /**
   * Puts back a record the annotator had (`earlier`, timestamps and all), or removes theirs when they had none:
   * an undo. Indexes, hooks and events follow as for a submission; `also` adds to the same write.
   */
  async restore(
    username: string,
    instanceId: string,
    earlier: AnnotationRecord | null,
    also: SubmitHook,
  ): Promise<void> {
    const instance = await this.instanceFor(username, instanceId);
    for (const hook of this.hooks) hook.before?.(username, instance.id);
    const before = this.get(username, instance.id);
    const ctx = restoredRecord(username, instance, before, earlier, new Date(this.clock.now()).toISOString());
    await this.writer.commit(ctx, !earlier, also);
  }
}
