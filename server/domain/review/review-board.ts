/**
 * Potato's review workflow: a board over the task's items, each in one of five states with a reviewer and a
 * priority, moved and assigned by admins and read by reviewers as their queue. It sits beside annotation and
 * changes nothing annotators are handed. An item's starting place is derived from the routing rules
 * (`routing.ts`); only what an admin changed is stored, with the last changes of each item as its audit trail.
 */
import { invalid, notFound, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import type { Task } from '../task.js';
import { OPEN_STATES, REVIEW_STATES, route, type Placement, type ReviewSettings, type ReviewState } from './routing.js';

/** one change of an item's state, reviewer or priority */
interface ReviewTransition {
  at: string;
  actor: string;
  /** the state before and after; equal for a change of reviewer or priority */
  from: ReviewState;
  to: ReviewState;
  assignee: string | null;
  priority: number;
  note: string | null;
}

export interface ReviewRecord {
  instance_id: string;
  state: ReviewState;
  assignee: string | null;
  priority: number;
  note: string | null;
  updated_at: string;
  updated_by: string;
  /** the latest changes, oldest first */
  transitions: ReviewTransition[];
}

declare module '../ports.js' {
  interface Tables {
    /** instance id → its place on the review board, once an admin changed it */
    review_items: ReviewRecord;
  }
}

export interface ReviewItem extends Placement {
  instance_id: string;
  note: string | null;
  /** null while the item is where routing put it */
  updated_at: string | null;
  updated_by: string | null;
  transitions: ReviewTransition[];
  /** the start of the item's text */
  preview: string;
}

/** how many changes each item keeps */
const TRAIL = 50;
const PREVIEW = 140;
export const NOTE_LIMIT = 2000;

const OFF =
  'the review workflow is not enabled in this project: the project owner turns it on with review_workflow.enabled: true';

export class ReviewBoard {
  private routed: { count: number; places: Map<string, Placement> } | null = null;

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly clock: Clock,
    readonly settings: ReviewSettings,
    /** a name that may hold review work: a reviewer of the pool or an account */
    private readonly knownUser: (name: string) => boolean,
  ) {}

  /** Every item by state, highest priority first, then in task order. */
  board(): Record<ReviewState, ReviewItem[]> {
    this.on();
    const out = Object.fromEntries(REVIEW_STATES.map((s) => [s, [] as ReviewItem[]])) as Record<
      ReviewState,
      ReviewItem[]
    >;
    for (const instance of this.task.instances) {
      const item = this.item(instance.id);
      out[item.state].push(item);
    }
    for (const s of REVIEW_STATES) out[s].sort(byPriority);
    return out;
  }

  /** The open items (in review, waiting for a second opinion, in adjudication) assigned to `username`. */
  queueOf(username: string): ReviewItem[] {
    this.on();
    const out: ReviewItem[] = [];
    for (const instance of this.task.instances) {
      const item = this.item(instance.id);
      if (item.assignee === username && OPEN_STATES.has(item.state)) out.push(item);
    }
    return out.sort(byPriority);
  }

  async move(actor: string, instanceId: string, state: ReviewState, note?: string | null): Promise<ReviewItem> {
    this.on();
    const item = this.known(instanceId);
    return this.change(actor, item, {
      state,
      note: note === undefined ? item.note : checkNote(note),
    });
  }

  async assign(actor: string, instanceId: string, assignee: string | null, priority?: number): Promise<ReviewItem> {
    this.on();
    const item = this.known(instanceId);
    if (assignee !== null && !this.settings.reviewers.includes(assignee) && !this.knownUser(assignee))
      throw invalid(`assignee: "${assignee}" is neither one of review_workflow.reviewers nor a user of this project`);
    if (priority !== undefined && !Number.isSafeInteger(priority)) throw invalid('priority: must be a whole number');
    return this.change(actor, item, { assignee, priority: priority ?? item.priority });
  }

  private async change(actor: string, item: ReviewItem, to: Partial<ReviewRecord>): Promise<ReviewItem> {
    const at = new Date(this.clock.now()).toISOString();
    const next = { state: item.state, assignee: item.assignee, priority: item.priority, note: item.note, ...to };
    const transition: ReviewTransition = {
      at,
      actor,
      from: item.state,
      to: next.state,
      assignee: next.assignee,
      priority: next.priority,
      note: next.note,
    };
    const record: ReviewRecord = {
      instance_id: item.instance_id,
      ...next,
      updated_at: at,
      updated_by: actor,
      transitions: [...item.transitions, transition].slice(-TRAIL),
    };
    await this.store.write([{ table: 'review_items', key: item.instance_id, value: record }]);
    return this.item(item.instance_id);
  }

  private item(instanceId: string): ReviewItem {
    const preview = this.task.instanceById.get(instanceId)!.text.slice(0, PREVIEW);
    const stored = this.store.get('review_items', instanceId);
    if (stored) return { ...stored, preview };
    const start = this.places().get(instanceId) ?? { state: 'pending', assignee: null, priority: 0 };
    return {
      instance_id: instanceId,
      ...start,
      note: null,
      updated_at: null,
      updated_by: null,
      transitions: [],
      preview,
    };
  }

  /** The routing of every task item, again when items were added (an import). */
  private places(): Map<string, Placement> {
    const instances = this.task.instances;
    if (this.routed?.count !== instances.length) {
      const items = instances.map((i) => ({ id: i.id, data: { ...i.data, id: i.id, text: i.text } }));
      this.routed = { count: instances.length, places: route(this.settings, items) };
    }
    return this.routed.places;
  }

  private known(instanceId: string): ReviewItem {
    if (!this.task.positionById.has(instanceId)) throw notFound(`no instance with id "${instanceId}" in the task`);
    return this.item(instanceId);
  }

  private on(): void {
    if (!this.settings.enabled) throw unavailable(OFF);
  }
}

function byPriority(a: ReviewItem, b: ReviewItem): number {
  return b.priority - a.priority;
}

function checkNote(note: string | null): string | null {
  if (note === null) return null;
  const text = note.trim();
  if (text.length > NOTE_LIMIT) throw invalid(`note: at most ${NOTE_LIMIT} characters`);
  return text || null;
}
