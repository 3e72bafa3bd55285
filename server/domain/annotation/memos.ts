/**
 * Memos: free-text notes an annotator attaches to an item (or to a stretch of its text), several per item, as
 * Potato has them. Kept apart from answers like item notes are, and on the same terms (only on items in the
 * annotator's list, never counted or fired as annotations). A memo is private to its author unless shared with
 * the other annotators; admins and adjudicators read every memo and may delete any, only the author edits one.
 */
import { randomBytes } from 'node:crypto';
import { forbidden, invalid, notFound, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import type { Task } from '../task.js';
import type { AnnotationService } from './annotation-service.js';
import { NOTE_MAX } from './item-notes.js';

export const MEMO_VISIBILITIES = ['private', 'shared'] as const;
type MemoVisibility = (typeof MEMO_VISIBILITIES)[number];

interface MemoAnchor {
  start: number;
  end: number;
  field?: string;
}

export interface MemoRecord {
  id: string;
  instance_id: string;
  created_by: string;
  body: string;
  visibility: MemoVisibility;
  anchor: MemoAnchor | null;
  created_at: string;
  updated_at: string;
}

declare module '../ports.js' {
  interface Tables {
    /** memo id → the memo */
    memos: MemoRecord;
  }
}

export interface MemoSettings {
  enabled: boolean;
  /** the visibility of a memo created without one */
  defaultVisibility: MemoVisibility;
  /** whether the annotate page opens the memo panel at first */
  openByDefault: boolean;
}

export interface MemoChange {
  body?: string;
  visibility?: MemoVisibility;
  anchor?: MemoAnchor | null;
}

const MEMOS_OFF =
  'memos are not enabled in this project: the project owner turns them on with annotation_ui.memos: true';

export class Memos {
  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly annotations: AnnotationService,
    private readonly clock: Clock,
    readonly settings: MemoSettings,
    /** admins and adjudicators: they read every memo and may delete any */
    private readonly oversees: (username: string) => boolean,
  ) {}

  /** The memos on an item the caller may read, oldest first. */
  async listFor(username: string, instanceId: string): Promise<MemoRecord[]> {
    this.on();
    const overseer = this.oversees(username);
    const instance = overseer ? this.known(instanceId) : (await this.annotations.instanceFor(username, instanceId)).id;
    return this.all({ instance_id: instance }).filter(
      (m) => overseer || m.created_by === username || m.visibility === 'shared',
    );
  }

  async create(username: string, instanceId: string, change: MemoChange): Promise<MemoRecord> {
    this.on();
    const instance = await this.annotations.instanceFor(username, instanceId);
    const now = new Date(this.clock.now()).toISOString();
    const memo: MemoRecord = {
      id: randomBytes(9).toString('base64url'),
      instance_id: instance.id,
      created_by: username,
      body: checkBody(change.body ?? ''),
      visibility: change.visibility ?? this.settings.defaultVisibility,
      anchor: change.anchor ? checkAnchor(change.anchor, instance.text.length) : null,
      created_at: now,
      updated_at: now,
    };
    await this.store.write([{ table: 'memos', key: memo.id, value: memo }]);
    return memo;
  }

  /** Changes the body or visibility of one of the caller's own memos. */
  async update(username: string, id: string, change: MemoChange): Promise<MemoRecord> {
    const memo = this.readable(username, id);
    if (memo.created_by !== username) throw forbidden('only the memo’s author may edit it');
    const next: MemoRecord = {
      ...memo,
      body: change.body === undefined ? memo.body : checkBody(change.body),
      visibility: change.visibility ?? memo.visibility,
      updated_at: new Date(this.clock.now()).toISOString(),
    };
    await this.store.write([{ table: 'memos', key: id, value: next }]);
    return next;
  }

  /** Deletes a memo: its author's, or any for an admin or adjudicator. */
  async remove(username: string, id: string): Promise<void> {
    const memo = this.readable(username, id);
    if (memo.created_by !== username && !this.oversees(username))
      throw forbidden('only the memo’s author, an admin or an adjudicator may delete it');
    await this.store.write([{ table: 'memos', key: id, delete: true }]);
  }

  /** Every memo that matches, in task order, then oldest first (the admin's read-out). */
  all(filter: { instance_id?: string; author?: string } = {}): MemoRecord[] {
    const position = (id: string) => this.task.positionById.get(id) ?? Infinity;
    const out: MemoRecord[] = [];
    for (const [, m] of this.store.entries('memos')) {
      if (filter.instance_id !== undefined && m.instance_id !== filter.instance_id) continue;
      if (filter.author !== undefined && m.created_by !== filter.author) continue;
      out.push(m);
    }
    return out.sort(
      (a, b) => position(a.instance_id) - position(b.instance_id) || a.created_at.localeCompare(b.created_at),
    );
  }

  /** A memo the caller may see; one they may not is answered as missing, so ids cannot be probed. */
  private readable(username: string, id: string): MemoRecord {
    this.on();
    const memo = this.store.get('memos', id);
    const visible =
      memo !== undefined && (memo.created_by === username || memo.visibility === 'shared' || this.oversees(username));
    if (!visible) throw notFound(`no memo with id "${id}"`);
    return memo;
  }

  private known(instanceId: string): string {
    if (!this.task.instanceById.has(instanceId)) throw notFound(`no instance with id "${instanceId}"`);
    return instanceId;
  }

  private on(): void {
    if (!this.settings.enabled) throw unavailable(MEMOS_OFF);
  }
}

function checkBody(body: string): string {
  const text = body.trim();
  if (!text) throw invalid('body: must not be empty');
  if (text.length > NOTE_MAX) throw invalid(`body: at most ${NOTE_MAX} characters`);
  return text;
}

function checkAnchor(a: MemoAnchor, textLength: number): MemoAnchor {
  // a field other than the item's text is Potato's multi-field layout: its length is not known here
  const limit = a.field === undefined ? textLength : Infinity;
  if (!(a.start >= 0 && a.end > a.start && a.end <= limit))
    throw invalid(`anchor: start and end must mark text inside the item (0 ≤ start < end ≤ ${textLength})`);
  return a.field === undefined ? { start: a.start, end: a.end } : { start: a.start, end: a.end, field: a.field };
}
