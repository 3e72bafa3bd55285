/**
 * Quality control during annotation: mixes checks into new lists, scores the first answer to each check,
 * warns and then blocks annotators who fail attention checks, and reports the statistics. Standing is derived
 * from the stored results at start, so what admins see always matches the data.
 */
import { forbidden } from '../errors.js';
import type { DomainEvent } from '../events.js';
import type { Clock, Store, StoreOp } from '../ports.js';
import type { Task } from '../task.js';
import type { Assignments } from '../annotation/assignment.js';
import type { SubmitContext, SubmitHook } from '../annotation/annotation-service.js';
import { answerByScheme } from '../annotation/payloads.js';
import { annotationKey, isAnnotated } from '../annotation/records.js';
import { answerMatches, mixChecks, type CheckItem, type CheckKind, type QualityConfig } from './checks.js';

export interface QcResultRecord {
  username: string;
  instance_id: string;
  kind: CheckKind;
  correct: boolean;
  answered_at: string;
}

declare module '../ports.js' {
  interface Tables {
    qc_results: QcResultRecord;
  }
}

interface Standing {
  passed: number;
  failed: number;
  gold_answered: number;
  gold_correct: number;
}

const ratio = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : null);

export class QualityService implements SubmitHook {
  private readonly checks = new Map<string, CheckItem>();
  private readonly standing = new Map<string, Standing>();
  private readonly byInstance = new Map<string, { answered: number; correct: number }>();

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly config: QualityConfig,
    private readonly assignments: Assignments,
    private readonly clock: Clock,
    /** whether an annotator has answered an item of their list (kept when they are blocked) */
    private readonly answered: (username: string, instanceId: string) => boolean,
  ) {
    for (const item of [...(config.attention?.items ?? []), ...(config.gold?.items ?? [])])
      this.checks.set(item.instance.id, item);
    this.recount();
  }

  /** Standing derived from the stored results: at start, and after a write that `after` counted ahead failed. */
  private recount(): void {
    this.standing.clear();
    this.byInstance.clear();
    for (const [, result] of this.store.entries('qc_results')) this.count(result);
  }

  failed(): void {
    this.recount();
  }

  /** Another server process stored a result (already in the store): a first one is counted, else all again. */
  takeExternal(before: QcResultRecord | undefined, after: QcResultRecord | undefined): void {
    if (!before && after) this.count(after);
    else this.recount();
  }

  /** The check instances, so the task can show them like any other instance. */
  checkInstances() {
    return [...this.checks.values()].map((c) => c.instance);
  }

  private count(result: QcResultRecord): void {
    const s = this.standingRow(result.username);
    if (result.kind === 'attention_check') result.correct ? s.passed++ : s.failed++;
    else {
      s.gold_answered++;
      if (result.correct) s.gold_correct++;
      const row = this.byInstance.get(result.instance_id) ?? { answered: 0, correct: 0 };
      row.answered++;
      if (result.correct) row.correct++;
      this.byInstance.set(result.instance_id, row);
    }
  }

  private standingRow(username: string): Standing {
    let s = this.standing.get(username);
    if (!s) this.standing.set(username, (s = { passed: 0, failed: 0, gold_answered: 0, gold_correct: 0 }));
    return s;
  }

  isBlocked(username: string): boolean {
    const a = this.config.attention;
    return !!a && (this.standing.get(username)?.failed ?? 0) >= a.blockThreshold;
  }

  /** ListDecorator: checks go in on top of the real items. */
  readonly decorate = (username: string, list: string[]): string[] => {
    let out = list;
    const isReal = (id: string) => !this.checks.has(id);
    if (this.config.attention)
      out = mixChecks(out, this.config.attention.items, this.config.attention.frequency, username, isReal);
    if (this.config.gold) out = mixChecks(out, this.config.gold.items, this.config.gold.frequency, username, isReal);
    return out;
  };

  before(username: string): void {
    if (this.isBlocked(username)) {
      throw forbidden(
        'you are blocked from submitting: too many attention checks were failed; contact the project owner',
      );
    }
  }

  after(ctx: SubmitContext) {
    const check = this.checks.get(ctx.instance.id);
    if (!check || !isAnnotated(ctx.after)) return undefined;
    const key = annotationKey(ctx.username, check.instance.id);
    const earlier = this.store.get('qc_results', key);
    // only the first answer is scored; re-submitting a check cannot undo a failure
    const result: QcResultRecord = earlier ?? {
      username: ctx.username,
      instance_id: check.instance.id,
      kind: check.kind,
      correct: answerMatches(check.expected, answerByScheme(this.task, ctx.after)),
      answered_at: new Date(this.clock.now()).toISOString(),
    };
    const ops: StoreOp[] = [];
    const events: DomainEvent[] = [];
    if (!earlier) {
      ops.push({ table: 'qc_results', key, value: result });
      this.count(result);
      if (check.kind === 'attention_check' && !result.correct) {
        const blocked = this.isBlocked(ctx.username);
        if (blocked) ops.push(this.releaseUnstarted(ctx.username, check.instance.id));
        events.push({
          type: 'quality.attention_check_failed',
          at: this.clock.now(),
          data: {
            annotator_id: ctx.username,
            instance_id: check.instance.id,
            failures: this.standingRow(ctx.username).failed,
            blocked,
          },
        });
      }
    }
    return { ops, events, qc_result: this.view(check, result) };
  }

  /** A blocked annotator keeps what they answered; the rest of their list goes back to the pool. */
  private releaseUnstarted(username: string, current: string): StoreOp {
    const list = this.assignments.listOf(username) ?? [];
    return this.assignments.replaceOp(
      username,
      list.filter((id) => id === current || this.answered(username, id)),
    );
  }

  private view(check: CheckItem, result: QcResultRecord): Record<string, unknown> {
    if (check.kind === 'gold_standard')
      return { type: 'gold_standard', correct: result.correct, gold_label: check.expected };
    const a = this.config.attention!;
    const failed = this.standingRow(result.username).failed;
    return {
      type: 'attention_check',
      passed: result.correct,
      warning: failed >= a.warnThreshold,
      blocked: this.isBlocked(result.username),
    };
  }

  standingOf(username: string) {
    const s = this.standing.get(username);
    return {
      attention_checks: { passed: s?.passed ?? 0, failed: s?.failed ?? 0 },
      gold_accuracy: ratio(s?.gold_correct ?? 0, s?.gold_answered ?? 0),
      blocked: this.isBlocked(username),
    };
  }

  report() {
    const byAnnotator = [...this.standing.entries()].sort(([a], [b]) => a.localeCompare(b));
    let passed = 0,
      failed = 0,
      answered = 0,
      correct = 0;
    for (const [, s] of byAnnotator) {
      passed += s.passed;
      failed += s.failed;
      answered += s.gold_answered;
      correct += s.gold_correct;
    }
    return {
      attention_checks: {
        enabled: !!this.config.attention,
        passed,
        failed,
        by_annotator: Object.fromEntries(
          byAnnotator
            .filter(([, s]) => s.passed + s.failed > 0)
            .map(([name, s]) => [
              name,
              {
                passed: s.passed,
                failed: s.failed,
                warning: !!this.config.attention && s.failed >= this.config.attention.warnThreshold,
                blocked: this.isBlocked(name),
              },
            ]),
        ),
      },
      gold_standards: {
        enabled: !!this.config.gold,
        answered,
        correct,
        accuracy: ratio(correct, answered),
        by_annotator: Object.fromEntries(
          byAnnotator
            .filter(([, s]) => s.gold_answered > 0)
            .map(([name, s]) => [
              name,
              { answered: s.gold_answered, correct: s.gold_correct, accuracy: ratio(s.gold_correct, s.gold_answered) },
            ]),
        ),
        by_instance: Object.fromEntries(
          [...this.byInstance.entries()].map(([id, r]) => [id, { ...r, accuracy: ratio(r.correct, r.answered) }]),
        ),
      },
    };
  }
}
