/**
 * Potato's automation rules: each item that enters the project (its data files, imports, ingested traces) is
 * matched against the rules' `when` conditions, sampled on a hash of (item id, rule name) so the same item always
 * gets the same decision, and the matching rules' actions run. What fired is kept in the store (table
 * `automation_fired`, one row per item and rule with its outcomes), claimed by an insert the store decides, so
 * neither a restart nor a second process on the same project runs a rule twice on an item: a dataset does not get
 * the item again and a webhook is not sent again. As in Potato, fast actions (queue, dataset, review, notify) are
 * done before an ingestion or import says it is done, so a script that sends an item and then reads the dataset
 * finds it there; heavy ones (evaluators, webhooks, topic refreshes) run after it, one after another. Actions never
 * throw out of here; each records an outcome, and automation never makes an ingestion or import fail.
 */
import { createHash } from 'node:crypto';
import { allHold, type Condition } from '../review/conditions.js';
import { isoTime, type Clock, type Logger, type Store } from '../ports.js';
import type { Instance } from '../task.js';

export const ACTION_TYPES = [
  'add_to_queue',
  'add_to_dataset',
  'enroll_review',
  'run_evaluator',
  'fire_webhook',
  'notify',
  'refresh_topics',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Actions that wait on a network or a model: run after the ingestion answers, not before. */
const HEAVY = new Set<ActionType>(['run_evaluator', 'fire_webhook', 'refresh_topics']);

export interface AutomationAction {
  type: ActionType;
  params: Record<string, unknown>;
}

interface AutomationRule {
  name: string;
  when: Condition[];
  sampleRate: number;
  actions: AutomationAction[];
}

export interface AutomationSettings {
  enabled: boolean;
  rules: AutomationRule[];
}

export interface Outcome {
  rule: string;
  action: ActionType;
  item_id: string;
  status: 'ok' | 'error' | 'skipped';
  detail: string;
  at: string;
}

declare module '../ports.js' {
  interface Tables {
    automation_fired: { outcomes: Outcome[] };
  }
}

/** What an action does to an item; resolves to its detail text, throws to record an error. */
export type ActionRunner = (item: Instance, action: AutomationAction, rule: string) => Promise<string>;

/** True when the rule samples this item: a stable hash of (item id, rule name) below the rate. */
function sampled(itemId: string, rule: string, rate: number): boolean {
  if (rate >= 1) return true;
  if (rate <= 0) return false;
  const digest = createHash('sha256').update(`${itemId}\u0000${rule}`).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000 < rate;
}

// PostgreSQL text cannot hold a NUL: the unit separator joins the two; rows of a journal written with the NUL are
// still read as fired
const firedKey = (itemId: string, rule: string) => `${itemId}\u001f${rule}`;
const nulFiredKey = (itemId: string, rule: string) => `${itemId}\u0000${rule}`;

/** A webhook's headers often carry a token: the read-out names them and hides their values. */
function withHeadersHidden(params: Record<string, unknown>): Record<string, unknown> {
  const headers = params.headers;
  if (!headers || typeof headers !== 'object') return params;
  return { ...params, headers: Object.fromEntries(Object.keys(headers).map((k) => [k, '(hidden)'])) };
}

export class Automation {
  private queue: Promise<unknown> = Promise.resolve();
  /** heavy actions, in the order their rules fired */
  private heavy: Promise<unknown> = Promise.resolve();
  private readonly seen = new Set<string>();

  constructor(
    readonly settings: AutomationSettings,
    private readonly d: { store: Store; clock: Clock; logger: Logger; runners: Record<ActionType, ActionRunner> },
  ) {}

  /**
   * Runs the rules over items that entered, one batch after another; resolves once their fast actions are done
   * (heavy ones follow). Never rejects: a failure is logged.
   */
  itemsAdded(items: readonly Instance[]): Promise<void> {
    if (!this.settings.enabled || !this.settings.rules.length || !items.length) return Promise.resolve();
    const run = this.queue.then(() => this.process(items));
    this.queue = run.catch(() => undefined);
    return run.catch((e: Error) => this.d.logger.error(`automation: ${e.message}`));
  }

  /** Resolves once every batch handed in so far has run, heavy actions included (tests, shutdown). */
  async idle(): Promise<void> {
    await this.queue;
    await this.heavy;
  }

  /**
   * The rules with what each did, and the counters. Counted from the store's rows, so a restart or another process
   * on the same project reads the same numbers; items processed are this process's (each process runs every item
   * it is handed past the rules).
   */
  status() {
    const actions: Record<string, Record<string, number>> = {};
    const perRule = new Map(this.settings.rules.map((r) => [r.name, { fired: 0, errors: 0 }]));
    for (const [key, row] of this.d.store.entries('automation_fired')) {
      const counts = perRule.get(this.ruleOf(key));
      if (counts) counts.fired++;
      for (const o of row.outcomes) {
        const byStatus = (actions[o.action] ??= {});
        byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
        if (o.status === 'error' && counts) counts.errors++;
      }
    }
    return {
      enabled: this.settings.enabled,
      rules: this.settings.rules.map((r) => ({
        name: r.name,
        when: r.when,
        sample_rate: r.sampleRate,
        actions: r.actions.map((a) => ({ type: a.type, ...withHeadersHidden(a.params) })),
        ...perRule.get(r.name)!,
      })),
      counters: { items_processed: this.seen.size, rules_fired: this.d.store.size('automation_fired'), actions },
    };
  }

  /** The rule a fired row's key names: after the last separator, or (a name holding one) the rule it ends with. */
  private ruleOf(key: string): string {
    const after = key.slice(Math.max(key.lastIndexOf('\u001f'), key.lastIndexOf('\u0000')) + 1);
    if (this.settings.rules.some((r) => r.name === after)) return after;
    const rule = this.settings.rules.find((r) => key.endsWith(`\u001f${r.name}`) || key.endsWith(`\u0000${r.name}`));
    return rule?.name ?? after;
  }

  /** The newest `limit` outcomes kept in the store, whichever process ran them. */
  outcomes(limit: number): Outcome[] {
    const all: Outcome[] = [];
    for (const [, row] of this.d.store.entries('automation_fired')) all.push(...row.outcomes);
    // newest first; of outcomes in the same millisecond, the later written
    return all
      .reverse()
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
      .slice(0, limit);
  }

  private async process(items: readonly Instance[]): Promise<void> {
    for (const item of items) {
      // a recomposition hands the data files in again: an item counts once
      if (this.seen.has(item.id)) continue;
      this.seen.add(item.id);
      for (const rule of this.settings.rules) {
        const key = firedKey(item.id, rule.name);
        if (
          this.d.store.get('automation_fired', key) ||
          this.d.store.get('automation_fired', nulFiredKey(item.id, rule.name))
        )
          continue;
        if (!allHold(rule.when, item.data) || !sampled(item.id, rule.name, rule.sampleRate)) continue;
        await this.fire(item, rule, key);
      }
    }
  }

  /**
   * The claim is written, durably, before the actions run: of processes handed the same item at once only the
   * one whose claim the store grants runs them, and an action cut off by a crash is not run again (at most once).
   */
  private async fire(item: Instance, rule: AutomationRule, key: string): Promise<void> {
    try {
      if (!(await this.d.store.insertIfAbsent('automation_fired', key, { outcomes: [] }))) return;
    } catch (e) {
      this.d.logger.error(
        `automation: rule ${rule.name} on ${item.id} not run, its claim was not saved: ${(e as Error).message}`,
      );
      return;
    }
    // outcomes in the rule's order of actions; the fast ones are saved at once, the heavy ones when they are done
    const outcomes: (Outcome | undefined)[] = rule.actions.map(() => undefined);
    for (const [n, action] of rule.actions.entries())
      if (!HEAVY.has(action.type)) outcomes[n] = await this.act(item, rule.name, action);
    const heavy = [...rule.actions.entries()].filter(([, action]) => HEAVY.has(action.type));
    await this.saveOutcomes(item, rule, key, outcomes);
    if (!heavy.length) return;
    const run = this.heavy.then(async () => {
      for (const [n, action] of heavy) outcomes[n] = await this.act(item, rule.name, action);
      await this.saveOutcomes(item, rule, key, outcomes);
    });
    this.heavy = run.catch((e: Error) => this.d.logger.error(`automation: ${e.message}`));
  }

  private async saveOutcomes(item: Instance, rule: AutomationRule, key: string, outcomes: (Outcome | undefined)[]) {
    try {
      const value = { outcomes: outcomes.filter((o): o is Outcome => o !== undefined) };
      await this.d.store.write([{ table: 'automation_fired', key, value }]);
    } catch (e) {
      this.d.logger.error(
        `automation: the outcomes of rule ${rule.name} on ${item.id} were not saved: ${(e as Error).message}`,
      );
    }
  }

  private async act(item: Instance, rule: string, action: AutomationAction): Promise<Outcome> {
    const base = { rule, action: action.type, item_id: item.id };
    try {
      const detail = await this.d.runners[action.type](item, action, rule);
      const skipped = detail.startsWith('skipped: ');
      return {
        ...base,
        status: skipped ? 'skipped' : 'ok',
        detail: skipped ? detail.slice(9) : detail,
        at: isoTime(this.d.clock.now()),
      };
    } catch (e) {
      return { ...base, status: 'error', detail: (e as Error).message, at: isoTime(this.d.clock.now()) };
    }
  }
}
