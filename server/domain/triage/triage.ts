/**
 * Potato's signal-based triage: each item's priority read from its data (an agent's error, a thumbs-down, a low
 * score), by rules whose highest matching priority wins, else a numeric signal field, else a default. The
 * `priority` assignment strategy hands items out in that order (highest first unless `order: asc`, ties in task
 * order), and the admin's queue lists the items still needing annotators in it. Derived from the items alone, so
 * nothing is stored: items added while the project runs are scored when the order is next asked for.
 */
import { allHold, lookup, type Condition } from '../review/conditions.js';
import type { Instance, Task } from '../task.js';

export interface TriageRule {
  name: string;
  /** the text shown for a flagged item (the name when not given) */
  badge: string;
  priority: number;
  when: Condition[];
}

export interface TriageSettings {
  enabled: boolean;
  order: 'desc' | 'asc';
  defaultPriority: number;
  rules: TriageRule[];
  /** a numeric field read as the priority when no rule matches */
  signalField: string | null;
  /** lower signal, higher priority */
  invertSignal: boolean;
  /** the annotate page shows a flagged item's badge and priority */
  showBadge: boolean;
}

export interface TriageScore {
  priority: number;
  /** why: the rule's name, the signal field, or null for the default */
  reason: string | null;
  badge: string | null;
  /** a rule matched */
  flagged: boolean;
}

/** Potato's rules when a config gives neither rules nor a signal field. */
export const DEFAULT_TRIAGE_RULES: TriageRule[] = [
  {
    name: 'Agent errored',
    badge: 'Agent errored',
    priority: 100,
    when: [{ field: 'status', operator: 'equals', value: 'error' }],
  },
  {
    name: 'Negative feedback',
    badge: 'Negative feedback',
    priority: 80,
    when: [{ field: 'feedback', operator: 'in', value: ['thumbs_down', 'negative'] }],
  },
  {
    name: 'Low quality score',
    badge: 'Low quality score',
    priority: 60,
    when: [{ field: 'score', operator: 'lt', value: 0.5 }],
  },
];

export function scoreItem(data: Record<string, unknown>, s: TriageSettings): TriageScore {
  let best: TriageRule | undefined;
  for (const rule of s.rules) if ((!best || rule.priority > best.priority) && allHold(rule.when, data)) best = rule;
  if (best) return { priority: best.priority, reason: best.name, badge: best.badge, flagged: true };
  if (s.signalField !== null) {
    const raw = lookup(data, s.signalField);
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (Number.isFinite(value))
      return {
        priority: s.invertSignal ? -value : value,
        reason: `${s.signalField} = ${value}`,
        badge: null,
        flagged: false,
      };
  }
  return { priority: s.defaultPriority, reason: null, badge: null, flagged: false };
}

/** Ids by priority (the configured direction), ties in the order given. */
export function rank(scored: readonly { id: string; score: TriageScore }[], order: 'desc' | 'asc'): string[] {
  const sign = order === 'desc' ? -1 : 1;
  return scored
    .map((x, n) => ({ ...x, n }))
    .sort((a, b) => sign * (a.score.priority - b.score.priority) || a.n - b.n)
    .map((x) => x.id);
}

export interface TriageQueueItem extends TriageScore {
  id: string;
  text: string;
  annotations: number;
  assigned: boolean;
}

export class TriageQueue {
  private scored: { size: number; scores: Map<string, TriageScore>; order: string[] } | undefined;
  /** priorities an automation rule gave items, over what their data says when higher */
  private readonly boosts = new Map<string, { priority: number; reason: string }>();

  constructor(
    private readonly task: Task,
    readonly settings: TriageSettings,
  ) {}

  /** The task's items in hand-out order; scored again only once items were added. */
  order(): readonly string[] {
    return this.current().order;
  }

  /** Puts the item at `priority` at least (an automation rule's add_to_queue). */
  boost(id: string, priority: number, reason: string): void {
    this.boosts.set(id, { priority, reason });
    this.scored = undefined;
  }

  scoreOf(id: string): TriageScore | undefined {
    return this.current().scores.get(id);
  }

  /** What the annotate page shows with an item a rule flagged (Potato's banner), when the project shows it. */
  badgeOf(id: string): { badge: string; priority: number } | undefined {
    if (!this.settings.enabled || !this.settings.showBadge) return undefined;
    const score = this.scoreOf(id);
    return score?.flagged && score.badge !== null ? { badge: score.badge, priority: score.priority } : undefined;
  }

  /** The items that still need annotators, in hand-out order. */
  queue(count: (id: string) => number, holders: (id: string) => number, required: number): TriageQueueItem[] {
    const { scores, order } = this.current();
    const out: TriageQueueItem[] = [];
    for (const id of order) {
      const annotations = count(id);
      if (annotations >= required) continue;
      const instance = this.task.instanceById.get(id) as Instance;
      out.push({ id, ...scores.get(id)!, text: instance.text, annotations, assigned: holders(id) > 0 });
    }
    return out;
  }

  private current() {
    const instances = this.task.instances;
    if (this.scored?.size === instances.length) return this.scored;
    const scored = instances.map((i) => {
      const score = scoreItem(i.data, this.settings);
      const boost = this.boosts.get(i.id);
      if (boost && boost.priority > score.priority)
        return { id: i.id, score: { ...score, priority: boost.priority, reason: boost.reason, flagged: true } };
      return { id: i.id, score };
    });
    this.scored = {
      size: instances.length,
      scores: new Map(scored.map((x) => [x.id, x.score])),
      order: rank(scored, this.settings.order),
    };
    return this.scored;
  }
}
