/**
 * Iterative BWS over the running task. The rounds are instances: round 1 comes from the config
 * (`ibws_config`), each later one is made the moment the answer completing the round before is submitted, in
 * the same store write as that answer, as imported instances (so a restart, or another server process, finds
 * them in the store). Buckets are derived again from the stored answers of each round, with the same pure
 * functions that made the tuples (ibws-rounds.ts).
 */
import type { StoreOp, Store } from '../ports.js';
import type { Instance, Scheme, Task } from '../task.js';
import { addInstances, removeInstances } from '../task.js';
import { bwsTupleInstance, bwsTupleItems } from '../data/bws-tuple.js';
import type { AnnotationRecord } from '../annotation/records.js';
import type { SubmitContext, SubmitHook } from '../annotation/submit-hooks.js';
import type { Assignments } from '../annotation/assignment.js';
import { extendListsOps, importOps, type ListSettings } from '../data/imported.js';
import {
  firstBuckets,
  isFinal,
  partition,
  ranking,
  roundScores,
  roundTuples,
  sortByScore,
  type Bucket,
  type IbwsSettings,
  type PlannedTuple,
  type TupleAnswer,
} from './ibws-rounds.js';

/** A planned tuple as an instance: its items lettered, the round and bucket kept beside them. */
export const tupleInstance = (t: PlannedTuple, textOf: (id: string) => string): Instance =>
  bwsTupleInstance(
    t.id,
    t.items.map((id) => ({ id, text: textOf(id) })),
    { _ibws_round: t.round, _ibws_bucket: t.bucket },
  );

export interface IbwsDeps {
  store: Store;
  task: Task;
  scheme: Scheme;
  settings: IbwsSettings;
  assignments: Assignments;
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
  required(): number;
  listSettings(): ListSettings;
  now(): string;
}

interface RoundState {
  round: number;
  /** the buckets this round was tupled within */
  buckets: Bucket[];
  tuples: Instance[];
}

export class IbwsService {
  constructor(private readonly d: IbwsDeps) {}

  private roundOf = (i: Instance) => (typeof i.data._ibws_round === 'number' ? i.data._ibws_round : 0);

  /** Pool item ids (every item is in round 1) and their texts. */
  private pool(): Map<string, string> {
    const texts = new Map<string, string>();
    for (const i of this.d.task.instances)
      if (this.roundOf(i) === 1) for (const it of bwsTupleItems(i.data)) texts.set(it.source_id, String(it.text ?? ''));
    return texts;
  }

  /** the submission being planned: not yet in the annotation index when its hooks run */
  private pending: SubmitContext | undefined;

  private annotatorsOf(id: string): Iterable<string> {
    const p = this.pending;
    const stored = this.d.annotatorsOf(id);
    return p && p.instance.id === id && !stored.has(p.username) ? [...stored, p.username] : stored;
  }

  private chosen(username: string, id: string): Record<string, string> | undefined {
    const p = this.pending;
    const record = p && p.instance.id === id && p.username === username ? p.after : this.d.get(username, id);
    const chosen = record?.labels[this.d.scheme.name];
    return chosen && (chosen.best !== undefined || chosen.worst !== undefined) ? chosen : undefined;
  }

  private answers(tuples: readonly Instance[]): TupleAnswer[] {
    const out: TupleAnswer[] = [];
    for (const instance of tuples) {
      const items = bwsTupleItems(instance.data);
      const idAt = (p: string | undefined) => items.find((it) => it.position === p)?.source_id;
      for (const u of this.annotatorsOf(instance.id)) {
        const chosen = this.chosen(u, instance.id);
        if (chosen)
          out.push({ items: items.map((it) => it.source_id), best: idAt(chosen.best), worst: idAt(chosen.worst) });
      }
    }
    return out;
  }

  private answeredBy(instance: Instance): number {
    let n = 0;
    for (const u of this.annotatorsOf(instance.id)) if (this.chosen(u, instance.id)) n++;
    return n;
  }

  private complete = (r: RoundState) => r.tuples.every((t) => this.answeredBy(t) >= this.d.required());

  /** The tuples of every round made so far, by round. */
  private tuplesByRound(): Map<number, Instance[]> {
    const byRound = new Map<number, Instance[]>();
    for (const i of this.d.task.instances) {
      const r = this.roundOf(i);
      if (!r) continue;
      const tuples = byRound.get(r);
      if (tuples) tuples.push(i);
      else byRound.set(r, [i]);
    }
    return byRound;
  }

  /** Every round made so far, replayed from round 1: its buckets and tuples. */
  private rounds(byRound: ReadonlyMap<number, Instance[]>): RoundState[] {
    const size = this.d.settings.tupleSize;
    const states: RoundState[] = [{ round: 1, buckets: firstBuckets([...this.pool().keys()], size), tuples: [] }];
    for (let r = 1; ; r++) {
      const state = states[r - 1];
      state.tuples = byRound.get(r) ?? [];
      if (!byRound.has(r + 1)) return states;
      states.push({
        round: r + 1,
        buckets: partition(state.buckets, roundScores(this.answers(state.tuples)), size),
        tuples: [],
      });
    }
  }

  private current(byRound = this.tuplesByRound()): {
    state: RoundState;
    complete: boolean;
    next: Bucket[] | null;
    final: boolean;
  } {
    const states = this.rounds(byRound);
    const state = states[states.length - 1];
    const complete = this.complete(state);
    const next = complete
      ? partition(state.buckets, roundScores(this.answers(state.tuples)), this.d.settings.tupleSize)
      : null;
    return { state, complete, next, final: next !== null && isFinal(state.round, next, this.d.settings) };
  }

  /** The next round's instances and the ops storing them, when `ctx`'s answer completed the current round. */
  private planNext(): { added: Instance[]; ops: StoreOp[] } | null {
    const byRound = this.tuplesByRound();
    // most answers leave their round unfinished: the rounds are replayed only when the latest one is complete
    const latest = byRound.get(Math.max(...byRound.keys())) ?? [];
    if (!latest.every((t) => this.answeredBy(t) >= this.d.required())) return null;
    const { state, next, final } = this.current(byRound);
    if (!next || final) return null;
    const texts = this.pool();
    const added = roundTuples(state.round + 1, next, this.d.settings)
      .filter((t) => !this.d.task.instanceById.has(t.id))
      .map((t) => tupleInstance(t, (id) => texts.get(id) ?? ''));
    if (!added.length) return null;
    // the task learns them before the write, as an import does: no list may name an unknown id
    addInstances(this.d.task, added);
    const ids = added.map((i) => i.id);
    const { assignments, task, store } = this.d;
    const ops = [
      ...importOps(store, added, `ibws_round_${state.round + 1}`, this.d.now()),
      ...extendListsOps(assignments, task, [...assignments.usernames()], ids, this.d.listSettings()),
    ];
    return { added, ops };
  }

  private readonly made = new WeakMap<SubmitContext, Instance[]>();

  /** The submit hook: a round's last answer makes the next round in its own write. */
  readonly hook: SubmitHook = {
    after: (ctx) => {
      if (!this.roundOf(ctx.instance)) return undefined;
      this.pending = ctx;
      let planned;
      try {
        planned = this.planNext();
      } finally {
        this.pending = undefined;
      }
      if (!planned) return undefined;
      this.made.set(ctx, planned.added);
      return { ops: planned.ops };
    },
    failed: (ctx) => {
      const added = this.made.get(ctx);
      if (!added) return;
      this.made.delete(ctx);
      removeInstances(this.d.task, new Set(added.map((i) => i.id)));
      this.d.assignments.recount();
    },
  };

  /** Potato's `GET /admin/api/ibws_status`. */
  status() {
    const { state, complete, next, final } = this.current();
    const buckets = next ?? state.buckets;
    const terminal = buckets.filter((b) => b.terminal);
    return {
      current_round: state.round,
      max_rounds: this.d.settings.maxRounds,
      total_tuples_this_round: state.tuples.length,
      completed_tuples_this_round: state.tuples.filter((t) => this.answeredBy(t) >= this.d.required()).length,
      round_complete: complete,
      active_buckets: buckets.length - terminal.length,
      terminal_buckets: terminal.length,
      total_items: this.pool().size,
      terminal_items: terminal.reduce((n, b) => n + b.items.length, 0),
      completed: final,
    };
  }

  /** Potato's `GET /admin/api/ibws_ranking`: buckets in order, within each by the latest round's scores. */
  ranking() {
    const { state, next, final } = this.current();
    const scores = roundScores(this.answers(state.tuples));
    const buckets =
      next ??
      state.buckets.map((b) => ({
        ...b,
        items: b.terminal ? b.items : sortByScore(b.items, scores),
      }));
    const texts = this.pool();
    return {
      completed: final,
      current_round: state.round,
      ranking: ranking(buckets).map((r) => ({
        ...r,
        text: texts.get(r.item_id) ?? '',
        score: scores.get(r.item_id) ?? null,
      })),
    };
  }
}
