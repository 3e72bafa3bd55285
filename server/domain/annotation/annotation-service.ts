/**
 * The annotator's side of the task: their current instance, moving between instances, reading and submitting
 * labels and spans. Decides "created" versus "updated", fires completion events once, and writes each change
 * together with the deliveries it causes in one durable store write.
 */
import { forbidden, invalid, notFound } from '../errors.js';
import type { DomainEvent, EventOutbox } from '../events.js';
import type { Clock, Store, StoreOp } from '../ports.js';
import { CompletionMarks } from './completion-marks.js';
import type { Instance, Task } from '../task.js';
import type { Assignments } from './assignment.js';
import { annotationEventData } from './payloads.js';
import {
  annotationKey,
  isAnnotated,
  sameLabels,
  sameSpans,
  type AnnotationRecord,
  type Submission,
} from './records.js';
import { validateLabels, validateSpans } from './validate.js';
import { hasStructures, withStructures } from './structures.js';
import { hiddenSchemes, withoutHidden } from '../display-logic/schemes.js';
import { moveFrom, movesOn, type CurrentInstance, type GoTo } from './navigation.js';
import { AnnotationIndex } from './annotation-index.js';
import { completionEvents, type AnnotationSettings, type CompletionContext } from './completion-events.js';
import type { SubmitContext, SubmitHook, SubmitResult } from './submit-hooks.js';

export type { SubmitContext, SubmitHook, SubmitResult, ExternalAnswer } from './submit-hooks.js';
export type { AnnotationSettings } from './completion-events.js';
export type { CurrentInstance, GoTo } from './navigation.js';

export class AnnotationService {
  private readonly indexed: AnnotationIndex;
  private readonly completions: CompletionMarks;
  private readonly completing: CompletionContext;
  private readonly hooks: SubmitHook[] = [];
  private readonly gates: ((username: string) => void)[] = [];
  private readonly leaveChecks: ((username: string, instanceId: string) => void)[] = [];

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly assignments: Assignments,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    settings: AnnotationSettings,
  ) {
    this.indexed = new AnnotationIndex(task);
    for (const [, record] of store.entries('annotations')) this.indexed.index(undefined, record);
    this.completions = new CompletionMarks(store, task);
    this.completing = {
      store,
      task,
      clock,
      settings,
      marks: this.completions,
      index: this.indexed,
      get: (username, instanceId) => this.get(username, instanceId),
    };
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
    const ops = this.assignments.planFor(username, this.activityOf(username).annotated);
    if (ops.length) {
      try {
        await this.store.write(ops);
      } catch (e) {
        this.assignments.recount();
        throw e;
      }
    }
    return this.assignments.listOf(username)!;
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
      throw notFound('no instances are assigned to you: every instance already has its required number of annotators');
    const index = Math.min(this.assignments.cursor(username), list.length - 1);
    return this.record(username, list, index);
  }

  async goTo(username: string, target: GoTo): Promise<CurrentInstance> {
    const list = await this.listOf(username);
    if (!list.length) throw notFound('no instances are assigned to you');
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
    const ctx = this.checked(username, instance, submission, new Date(this.clock.now()).toISOString());
    const qcResult = await this.commit(ctx, false, also);
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
      /** time spent on the item there, ms, and how many times it was opened */
      seen?: { ms: number; visits: number };
    }[],
    also: StoreOp[],
  ): Promise<void> {
    const contexts = answers.map(({ username, submission, at, seen }) => {
      const instance = this.task.instanceById.get(submission.instance_id);
      if (!instance || !this.isTaskInstance(instance.id))
        throw notFound(`no instance with id "${submission.instance_id}"`);
      const ctx = this.checked(username, instance, submission, at.updated_at);
      if (ctx.changed && !ctx.before) ctx.after = { ...ctx.after, created_at: at.created_at };
      ctx.taken = { at: Date.parse(at.updated_at), ms: seen?.ms ?? 0, visits: seen?.visits ?? 0 };
      return ctx;
    });
    await this.commitAll(contexts, also);
  }

  /** Checks a submission for an instance of the task as `submit` would, without lists, gates or a write. */
  check(username: string, submission: Submission): void {
    const instance = this.task.instanceById.get(submission.instance_id);
    if (!instance || !this.isTaskInstance(instance.id))
      throw notFound(`no instance with id "${submission.instance_id}"`);
    this.checked(username, instance, submission, '');
  }

  /** The record a submission makes, checked against the task and the text: what `commit` writes. */
  private checked(username: string, instance: Instance, submission: Submission, now: string): SubmitContext {
    if (
      submission.annotations === undefined &&
      submission.span_annotations === undefined &&
      submission.link_annotations === undefined &&
      submission.event_annotations === undefined
    ) {
      throw invalid('send annotations, span_annotations or both (or link_annotations, event_annotations)');
    }
    const before = this.get(username, instance.id);
    let spans =
      submission.span_annotations !== undefined
        ? validateSpans(this.task, instance, username, submission.span_annotations)
        : (before?.spans ?? []);
    let labels =
      submission.annotations !== undefined ? validateLabels(this.task, submission.annotations) : (before?.labels ?? {});
    if (hasStructures(this.task))
      labels = withStructures(this.task, instance, username, labels, before, spans, submission);
    // answers to schemes the other answers hide are not kept, whatever the client sent
    ({ labels, spans } = withoutHidden(labels, spans, hiddenSchemes(this.task, labels, spans)));
    const changed = !before || !sameLabels(before.labels, labels) || !sameSpans(before.spans, spans);
    const after: AnnotationRecord = changed
      ? { username, instance_id: instance.id, labels, spans, created_at: before?.created_at ?? now, updated_at: now }
      : before;
    return { username, instance, before, after, changed };
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
    const now = new Date(this.clock.now()).toISOString();
    const after = earlier ?? {
      username,
      instance_id: instance.id,
      labels: {},
      spans: [],
      created_at: now,
      updated_at: now,
    };
    const changed = earlier
      ? !before ||
        !sameLabels(before.labels, after.labels) ||
        !sameSpans(before.spans, after.spans) ||
        before.updated_at !== after.updated_at
      : !!before;
    await this.commit({ username, instance, before, after, changed }, !earlier, also);
  }

  /** Writes a change with what it causes in one write; `remove`: the record goes (an undo of a first answer). */
  private async commit(
    ctx: SubmitContext,
    remove: boolean,
    also: SubmitHook | undefined,
  ): Promise<Record<string, unknown> | undefined> {
    const ops: StoreOp[] = [];
    const events: DomainEvent[] = [];
    const hooks = also ? [...this.hooks, also] : this.hooks;
    const qcResult = this.plan(ctx, remove, hooks, ops, events);
    ops.push(...this.outbox.plan(events));
    try {
      await this.store.write(ops);
    } catch (e) {
      this.undo(ctx, hooks);
      throw e;
    }
    this.outbox.dispatch();
    return qcResult;
  }

  /** Several changes, each planned as `commit` plans one, in one write with `also`. */
  private async commitAll(contexts: SubmitContext[], also: StoreOp[]): Promise<void> {
    const ops: StoreOp[] = [...also];
    const events: DomainEvent[] = [];
    const planned: SubmitContext[] = [];
    try {
      for (const ctx of contexts) {
        planned.push(ctx);
        this.plan(ctx, false, this.hooks, ops, events);
      }
      ops.push(...this.outbox.plan(events));
      await this.store.write(ops);
    } catch (e) {
      for (const ctx of planned.reverse()) this.undo(ctx, this.hooks);
      throw e;
    }
    this.outbox.dispatch();
  }

  /** Adds a change's ops and events, indexing it at once (readers see a write at once); the quality result. */
  private plan(
    ctx: SubmitContext,
    remove: boolean,
    hooks: SubmitHook[],
    ops: StoreOp[],
    events: DomainEvent[],
  ): Record<string, unknown> | undefined {
    const { username, instance, before, after, changed } = ctx;
    const now = after.updated_at;
    const at = this.clock.now();
    const real = this.isTaskInstance(instance.id);
    const key = annotationKey(username, instance.id);
    const table = real ? 'annotations' : 'qc_answers';
    if (changed)
      ops.push(remove ? ({ table, key, delete: true } as StoreOp) : ({ table, key, value: after } as StoreOp));
    if (changed && real) {
      const type = isAnnotated(before) ? 'annotation.updated' : 'annotation.created';
      if (isAnnotated(after) && this.outbox.wants(type))
        events.push({ type, data: annotationEventData(this.task, after), at });
      this.indexed.index(before, after);
      events.push(...completionEvents(this.completing, instance, after, now, ops));
    }
    let qcResult: Record<string, unknown> | undefined;
    for (const hook of hooks) {
      const extra = hook.after?.(ctx);
      if (extra?.ops) ops.push(...extra.ops);
      if (extra?.events) events.push(...extra.events);
      if (extra?.qc_result) qcResult = extra.qc_result;
    }
    return qcResult;
  }

  /** The store undid a write: so do the indexes and the hooks. */
  private undo(ctx: SubmitContext, hooks: SubmitHook[]): void {
    const { before, after, changed } = ctx;
    if (changed && this.isTaskInstance(ctx.instance.id))
      this.indexed.index(after, before ?? { ...after, labels: {}, spans: [] });
    this.completions.forget();
    this.assignments.recount(); // a quality-control block may have changed a list in the same write
    for (const hook of hooks) hook.failed?.(ctx);
  }
}
