/**
 * The store of interaction sessions of one kind (typing in free-text fields, or annotation telemetry): one small
 * row per session with its summary and screening verdict, the raw stream in a row of its own (only at `events`
 * fidelity, and only up to a cap per annotator), and per annotator and item the sessions of each field merged into
 * one summary (what the annotator's own read-out and the exports show). Rollups read the small rows only.
 */
import type { Clock, Store, StoreOp } from '../ports.js';
import { annotationKey } from '../annotation/records.js';
import { KEPT_EVENTS_PER_ANNOTATOR } from './budget.js';
import { inScope, keepsEvents, recording, type Fidelity, type ProcessLogSettings } from './settings.js';
import type { Verdict } from './typing-screen.js';

export interface ProcessSessionRecord<S> {
  id: string;
  user_id: string;
  instance_id: string;
  schema_name: string;
  /** the field within the scheme (typing); null for telemetry, which is per scheme */
  label_name: string | null;
  /** the annotator's phase when it was recorded (annotation, training, prestudy, …) and its page on a phase */
  phase: string;
  page: string | null;
  started_at: number | null;
  ended_at: number | null;
  recorded_at: number;
  fidelity: Fidelity;
  summary: S;
  verdict: Verdict | null;
  /** raw events kept in the events table under the same key (0: none) */
  events_kept: number;
}

export interface ProcessFieldsRecord<S> {
  user_id: string;
  instance_id: string;
  /** by field (`schema:::label`, or the scheme for telemetry): the merged summary and its verdict */
  fields: Record<string, { summary: S; verdict: Verdict | null }>;
}

/** A raw event as stored: compact tuples, read back only wholesale (exports). */
export type StoredEvent = (string | number | boolean | null | Record<string, string | number | boolean>)[];

export interface SessionInput<E> {
  instance_id: string;
  schema_name: string;
  label_name: string | null;
  started_at: number | null;
  ended_at: number | null;
  events: E[];
}

export interface KindSpec<S, E, I extends SessionInput<E>> {
  tables: { sessions: string; fields: string; events: string };
  /** a session worth keeping: a lone bookkeeping event (a page view) is not */
  worthKeeping(input: I): string | null;
  summarize(input: I): S;
  merge(parts: S[]): S;
  screen(summary: S): Verdict;
  pack(event: E): StoredEvent;
}

export interface Recorded {
  status: 'ok' | 'disabled';
  sessions_recorded: number;
  skipped: { index: number; reason: string }[];
}

const fieldKey = (schema: string, label: string | null) => (label === null ? schema : `${schema}:::${label}`);

export class SessionLog<S, E, I extends SessionInput<E>> {
  private kept: Map<string, number> | undefined;
  private seq = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    readonly settings: ProcessLogSettings,
    private readonly kind: KindSpec<S, E, I>,
  ) {}

  private get t() {
    return this.kind.tables;
  }

  /** Raw events kept per annotator, counted once from the session rows. */
  private keptBy(username: string): number {
    if (!this.kept) {
      this.kept = new Map();
      for (const [, row] of this.sessions())
        this.kept.set(row.user_id, (this.kept.get(row.user_id) ?? 0) + row.events_kept);
    }
    return this.kept.get(username) ?? 0;
  }

  sessions(): IterableIterator<[string, ProcessSessionRecord<S>]> {
    return this.store.entries(this.t.sessions as never) as IterableIterator<[string, ProcessSessionRecord<S>]>;
  }

  events(sessionKey: string): StoredEvent[] | undefined {
    return this.store.get(this.t.events as never, sessionKey) as StoredEvent[] | undefined;
  }

  fieldsOf(username: string, instanceId: string): ProcessFieldsRecord<S>['fields'] {
    const row = this.store.get(this.t.fields as never, annotationKey(username, instanceId)) as
      ProcessFieldsRecord<S> | undefined;
    return row?.fields ?? {};
  }

  /**
   * Records the sessions that hold work and are in scope; `skipped` says why each other one was not kept (the
   * indexes are the caller's). With the feature off, nothing is kept and the status says so: a page loaded before
   * it was switched off may still post.
   */
  async record(
    username: string,
    where: { phase: string; page: string | null },
    inputs: readonly { index: number; input: I }[],
  ): Promise<Recorded> {
    if (!recording(this.settings)) return { status: 'disabled', sessions_recorded: 0, skipped: [] };
    const skipped: Recorded['skipped'] = [];
    const ops: StoreOp[] = [];
    const now = this.clock.now();
    const merged = new Map<string, ProcessFieldsRecord<S>>();
    let keptNow = 0;
    for (const { index, input } of inputs) {
      if (!inScope(this.settings, input.schema_name)) {
        skipped.push({ index, reason: `schema_name: "${input.schema_name}" is not recorded by this project` });
        continue;
      }
      const unworthy = this.kind.worthKeeping(input);
      if (unworthy) {
        skipped.push({ index, reason: unworthy });
        continue;
      }
      const summary = this.kind.summarize(input);
      const verdict = this.settings.detection ? this.kind.screen(summary) : null;
      const id = `${now.toString(36)}.${(this.seq++).toString(36)}.${Math.random().toString(36).slice(2, 8)}`;
      const key = `${username}\u0001${id}`;
      const keep =
        keepsEvents(this.settings) &&
        this.keptBy(username) + keptNow + input.events.length <= KEPT_EVENTS_PER_ANNOTATOR;
      if (keep) {
        keptNow += input.events.length;
        ops.push({ table: this.t.events, key, value: input.events.map(this.kind.pack) } as unknown as StoreOp);
      }
      const row: ProcessSessionRecord<S> = {
        id,
        user_id: username,
        instance_id: input.instance_id,
        schema_name: input.schema_name,
        label_name: input.label_name,
        phase: where.phase,
        page: where.page,
        started_at: input.started_at,
        ended_at: input.ended_at,
        recorded_at: now,
        fidelity: this.settings.fidelity,
        summary,
        verdict,
        events_kept: keep ? input.events.length : 0,
      };
      ops.push({ table: this.t.sessions, key, value: row } as unknown as StoreOp);
      const itemKey = annotationKey(username, input.instance_id);
      const fields = merged.get(itemKey) ?? {
        user_id: username,
        instance_id: input.instance_id,
        fields: { ...this.fieldsOf(username, input.instance_id) },
      };
      const field = fieldKey(input.schema_name, input.label_name);
      const was = fields.fields[field];
      // the verdict is taken again over the merged view: a paste dominant in one short session may be a small
      // share of the whole answer
      const all = this.kind.merge(was ? [was.summary, summary] : [summary]);
      fields.fields[field] = { summary: all, verdict: this.settings.detection ? this.kind.screen(all) : null };
      merged.set(itemKey, fields);
    }
    for (const [key, value] of merged) ops.push({ table: this.t.fields, key, value } as unknown as StoreOp);
    if (ops.length) await this.store.write(ops);
    if (keptNow) this.kept?.set(username, this.keptBy(username) + keptNow);
    return { status: 'ok', sessions_recorded: inputs.length - skipped.length, skipped };
  }
}
