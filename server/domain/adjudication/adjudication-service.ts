/**
 * Adjudication: items several annotators answered (those who disagree, or all of them) are settled by an
 * adjudicator into one gold answer, stored with who decided and why. Items without a decision have a majority
 * gold answer with its vote share. This service is who may adjudicate; the queue (`queue.ts`), the decisions
 * (`decisions.ts`), the gold answers they settle (`gold.ts`) and the dashboard's figures (`queue-stats.ts`) are
 * cut by what they hold.
 */
import { forbidden, notFound } from '../errors.js';
import type { Instance } from '../task.js';
import { decide, decisionView, skip, type DecisionInput } from './decisions.js';
import { annotatorSignals, type AnnotatorSignals } from './annotator-signals.js';
import { agreementOfAnnotators, agreementWithGold, goldAnswer, type GoldAnswer } from './gold.js';
import { AdjudicationQueue, type AdjudicationDeps, type QueueFilter } from './queue.js';
import { queueOverview, queueStats } from './queue-stats.js';
import type { AdjudicationRecord, AdjudicationSettings } from './records.js';

export type { AdjudicationDeps, QueueFilter } from './queue.js';
export type { DecisionInput } from './decisions.js';
export type { GoldAnswer } from './gold.js';

export class AdjudicationService {
  private readonly queued: AdjudicationQueue;

  constructor(private readonly deps: AdjudicationDeps) {
    this.queued = new AdjudicationQueue(deps);
  }

  get settings(): AdjudicationSettings {
    return this.deps.settings;
  }

  mayAdjudicate(username: string): boolean {
    return this.deps.settings.enabled && (this.queued.adjudicators.has(username) || this.deps.isAdmin(username));
  }

  /** 404 where adjudication is off (as Potato answers), 403 for a user who is neither adjudicator nor admin. */
  authorize(username: string): void {
    if (!this.deps.settings.enabled)
      throw notFound('adjudication is not enabled: set adjudication.enabled in the config');
    if (!this.mayAdjudicate(username))
      throw forbidden(`user "${username}" is not an adjudicator: add them to adjudication.adjudicator_users`);
  }

  queue(filter: QueueFilter = {}) {
    const items = this.queued.candidates(filter).map((c) => this.queued.itemView(c));
    return { items, total: items.length };
  }

  item(instanceId: string) {
    const c = this.queued.eligible(instanceId);
    const decision = this.deps.store.get('adjudications', instanceId);
    const item = this.queued.itemView(c);
    return {
      item,
      item_text: c.instance.text,
      item_data: c.instance.data,
      decision: decision ? this.decisionView(decision) : null,
      annotator_signals: this.signals(
        c.instance.id,
        c.records.map((r) => r.username),
        item.annotators,
      ),
      similar_items: [],
    };
  }

  /** Each annotator's signals on the item, keyed as the adjudicator sees them (`shownAs`, in the same order). */
  private signals(instanceId: string, names: string[], shownAs: string[]): Record<string, AnnotatorSignals> {
    const { times, settings } = this.deps;
    const allTimes = new Map(names.map((n) => [n, [] as number[]]));
    for (const row of times.rows()) if (row.ms > 0) allTimes.get(row.username)?.push(row.ms);
    const agreement = agreementOfAnnotators(this.deps, this.queued, names);
    const out: Record<string, AnnotatorSignals> = {};
    names.forEach((name, i) => {
      const row = times.get(name, instanceId);
      const facts = {
        ms: row?.ms ?? 0,
        changes: row?.changes.length ?? 0,
        allTimes: allTimes.get(name)!,
        agreement: agreement.get(name)!,
      };
      out[shownAs[i]] = annotatorSignals(shownAs[i], instanceId, facts, settings.fastDecisionWarningMs);
    });
    return out;
  }

  next() {
    const c = this.queued.candidates({ status: 'pending' })[0];
    if (!c) return { item: null, message: 'No more items to adjudicate' };
    return { item: this.queued.itemView(c), item_text: c.instance.text, item_data: c.instance.data };
  }

  decisionView(d: AdjudicationRecord) {
    return decisionView(this.deps.task, d);
  }

  /** Records the decision as the item's gold answer; raises item.adjudicated. */
  decide(username: string, input: DecisionInput): Promise<{ status: 'ok'; instance_id: string }> {
    return decide(this.deps, this.queued, username, input);
  }

  skip(username: string, instanceId: string): Promise<{ status: 'ok'; instance_id: string }> {
    return skip(this.deps, this.queued, username, instanceId);
  }

  stats() {
    return queueStats(this.deps, this.queued);
  }

  /**
   * The item's gold answer: the decision where there is one, else the majority of its annotators (none without
   * annotators).
   */
  gold(instance: Instance): GoldAnswer | undefined {
    return goldAnswer(this.deps, this.queued, instance);
  }

  /**
   * Each annotator's answers read against the adjudicated gold answers: per scheme, items compared and the share that
   * matched.
   */
  agreementWithGold() {
    return agreementWithGold(this.deps, this.queued.adjudicators);
  }

  overview() {
    return queueOverview(this.deps, this.queued);
  }
}
