/**
 * An annotator's note and flags on an item (unsure, broken item, needs discussion). They are kept apart from the
 * answers, one record per annotator and item: writing a note never changes, counts or fires an annotation. Adding a
 * flag fires `item.flagged` in the same durable write as the record.
 */
import { invalid } from '../errors.js';
import type { DomainEvent, EventOutbox } from '../events.js';
import type { Clock, Store, StoreOp } from '../ports.js';
import type { Task } from '../task.js';
import type { AnnotationService } from './annotation-service.js';
import { annotationKey } from './records.js';

export const ITEM_FLAGS = ['unsure', 'broken', 'discuss'] as const;
type ItemFlag = (typeof ITEM_FLAGS)[number];

export const NOTE_MAX = 4000;

export interface ItemNoteRecord {
  username: string;
  instance_id: string;
  note: string;
  /** in ITEM_FLAGS order, each once */
  flags: ItemFlag[];
  updated_at: string;
}

declare module '../ports.js' {
  interface Tables {
    /** annotator × instance → their note and flags on it */
    item_notes: ItemNoteRecord;
  }
}

export interface NoteFilter {
  flag?: ItemFlag;
  annotator?: string;
  instance_id?: string;
}

export class ItemNotes {
  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly annotations: AnnotationService,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  get(username: string, instanceId: string): ItemNoteRecord | undefined {
    return this.store.get('item_notes', annotationKey(username, instanceId));
  }

  /**
   * Replaces the annotator's note and flags on an instance they may see. An empty note without flags removes the
   * record. Returns what is stored (an empty record when nothing is).
   */
  async set(
    username: string,
    instanceId: string,
    change: { note?: string; flags?: readonly ItemFlag[] },
  ): Promise<ItemNoteRecord> {
    const instance = await this.annotations.instanceFor(username, instanceId);
    const key = annotationKey(username, instance.id);
    const had = this.get(username, instance.id);
    const note = change.note === undefined ? (had?.note ?? '') : change.note.trim();
    if (note.length > NOTE_MAX) throw invalid(`note: at most ${NOTE_MAX} characters`);
    let flags: ItemFlag[] = had?.flags ?? [];
    if (change.flags !== undefined) {
      flags = ITEM_FLAGS.filter((f) => change.flags!.includes(f));
    }
    const at = this.clock.now();
    const record: ItemNoteRecord = {
      username,
      instance_id: instance.id,
      note,
      flags,
      updated_at: new Date(at).toISOString(),
    };
    const ops: StoreOp[] = [];
    if (!note && !flags.length) {
      if (had) ops.push({ table: 'item_notes', key, delete: true });
    } else ops.push({ table: 'item_notes', key, value: record });
    const added = flags.filter((f) => !had?.flags.includes(f));
    const events: DomainEvent[] = [];
    if (added.length && this.outbox.wants('item.flagged')) {
      events.push({
        type: 'item.flagged',
        at,
        data: { annotator_id: username, instance_id: instance.id, flags, added, note, flagged_at: record.updated_at },
      });
    }
    if (!ops.length) return record;
    await this.store.write([...ops, ...this.outbox.plan(events)]);
    if (events.length) this.outbox.dispatch();
    return record;
  }

  /** The notes that match, in task order then by annotator. */
  list(filter: NoteFilter = {}): ItemNoteRecord[] {
    const position = (id: string) => this.task.positionById.get(id) ?? Infinity;
    const out: ItemNoteRecord[] = [];
    for (const [, n] of this.store.entries('item_notes')) {
      if (filter.flag && !n.flags.includes(filter.flag)) continue;
      if (filter.annotator !== undefined && n.username !== filter.annotator) continue;
      if (filter.instance_id !== undefined && n.instance_id !== filter.instance_id) continue;
      out.push(n);
    }
    return out.sort(
      (a, b) =>
        position(a.instance_id) - position(b.instance_id) ||
        (a.username < b.username ? -1 : a.username > b.username ? 1 : 0),
    );
  }
}
