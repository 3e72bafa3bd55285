/**
 * How a change to an annotator's record is written: the record with what it causes (completion marks and events,
 * the hooks' ops and events, webhook deliveries) in one durable write, the indexes updated at once so readers see
 * it, and all of it taken back when the write fails. Apart from the service, which decides what the change is.
 */
import type { DomainEvent, EventOutbox } from '../events.js';
import type { StoreOp } from '../ports.js';
import type { Assignments } from './assignment.js';
import { completionEvents, type CompletionContext } from './completion-events.js';
import { annotationEventData } from './payloads.js';
import { annotationKey, isAnnotated } from './records.js';
import type { SubmitContext, SubmitHook } from './submit-hooks.js';

export interface ChangeWriterDeps {
  /** the store, task, clock, indexes and completion marks */
  completing: CompletionContext;
  assignments: Assignments;
  outbox: EventOutbox;
  /** the service's hooks, the same array: hooks added later take part too */
  hooks: SubmitHook[];
}

export class ChangeWriter {
  constructor(private readonly deps: ChangeWriterDeps) {}

  /** Writes a change with what it causes in one write; `remove`: the record goes (an undo of a first answer). */
  async commit(
    ctx: SubmitContext,
    remove: boolean,
    also: SubmitHook | undefined,
  ): Promise<Record<string, unknown> | undefined> {
    const ops: StoreOp[] = [];
    const events: DomainEvent[] = [];
    const hooks = also ? [...this.deps.hooks, also] : this.deps.hooks;
    const qcResult = this.plan(ctx, remove, hooks, ops, events);
    ops.push(...this.deps.outbox.plan(events));
    try {
      await this.deps.completing.store.write(ops);
    } catch (e) {
      this.undo(ctx, hooks);
      throw e;
    }
    this.deps.outbox.dispatch();
    return qcResult;
  }

  /** Several changes, each planned as `commit` plans one, in one write with `also`. */
  async commitAll(contexts: SubmitContext[], also: StoreOp[]): Promise<void> {
    const ops: StoreOp[] = [...also];
    const events: DomainEvent[] = [];
    const planned: SubmitContext[] = [];
    try {
      for (const ctx of contexts) {
        planned.push(ctx);
        this.plan(ctx, false, this.deps.hooks, ops, events);
      }
      ops.push(...this.deps.outbox.plan(events));
      await this.deps.completing.store.write(ops);
    } catch (e) {
      for (const ctx of planned.reverse()) this.undo(ctx, this.deps.hooks);
      throw e;
    }
    this.deps.outbox.dispatch();
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
    const at = this.deps.completing.clock.now();
    const real = this.deps.completing.task.positionById.has(instance.id);
    const key = annotationKey(username, instance.id);
    const table = real ? 'annotations' : 'qc_answers';
    if (changed)
      ops.push(remove ? ({ table, key, delete: true } as StoreOp) : ({ table, key, value: after } as StoreOp));
    if (changed && real) {
      const type = isAnnotated(before) ? 'annotation.updated' : 'annotation.created';
      if (isAnnotated(after) && this.deps.outbox.wants(type))
        events.push({ type, data: annotationEventData(this.deps.completing.task, after), at });
      this.deps.completing.index.index(before, after);
      events.push(...completionEvents(this.deps.completing, instance, after, now, ops));
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
    if (changed && this.deps.completing.task.positionById.has(ctx.instance.id))
      this.deps.completing.index.index(after, before ?? { ...after, labels: {}, spans: [] });
    this.deps.completing.marks.forget();
    this.deps.assignments.recount(); // a quality-control block may have changed a list in the same write
    for (const hook of hooks) hook.failed?.(ctx);
  }
}
