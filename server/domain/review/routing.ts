/**
 * Where an item starts on the review board: the first routing rule whose conditions its data meets gives its state,
 * priority and reviewer (one named, or the rule's items dealt out to the reviewers in turn, in task order); an item
 * no rule takes starts pending and unassigned. Derived from the item, so nothing is written to enrol an item and a
 * restart changes no one's board.
 */
import { allHold, type Condition } from './conditions.js';

export const REVIEW_STATES = ['pending', 'in_review', 'needs_second', 'adjudication', 'done'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
/** the states a reviewer still has work in */
export const OPEN_STATES: ReadonlySet<ReviewState> = new Set(['in_review', 'needs_second', 'adjudication']);

interface RoutingRule {
  when: Condition[];
  state: ReviewState;
  priority: number;
  assignTo: string | null;
  roundRobin: boolean;
}

export interface ReviewSettings {
  enabled: boolean;
  reviewers: string[];
  routing: RoutingRule[];
}

export interface Placement {
  state: ReviewState;
  assignee: string | null;
  priority: number;
}

const UNROUTED: Placement = { state: 'pending', assignee: null, priority: 0 };

/** Each item's starting place, in the order given; `data` is what the rules read. */
export function route(
  settings: ReviewSettings,
  items: Iterable<{ id: string; data: Record<string, unknown> }>,
): Map<string, Placement> {
  const out = new Map<string, Placement>();
  const dealt = settings.routing.map(() => 0);
  for (const item of items) {
    const r = settings.routing.findIndex((rule) => allHold(rule.when, item.data));
    if (r < 0) {
      out.set(item.id, UNROUTED);
      continue;
    }
    const rule = settings.routing[r];
    let assignee = rule.assignTo;
    if (!assignee && rule.roundRobin && settings.reviewers.length)
      assignee = settings.reviewers[dealt[r]++ % settings.reviewers.length];
    out.set(item.id, { state: rule.state, assignee, priority: rule.priority });
  }
  return out;
}
