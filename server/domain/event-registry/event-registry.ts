/**
 * Potato's cross-document event registry: events created by annotators (or seeded by the config), their slots
 * filled and evidence cited from any document of the project. Stored through the Store, so it survives restarts
 * and is shared by the processes of a PostgreSQL deployment. Any signed-in annotator may edit any event; a
 * change made against an old version comes back as `stale` with the event as it is now.
 */
import { randomBytes } from 'node:crypto';
import { forbidden, invalid, notFound, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import { textLengthOf, type Task } from '../task.js';
import {
  changed,
  isStale,
  registryFile,
  type EventTemplateSettings,
  type EvidenceCitation,
  type Expected,
  type RegistryEvent,
} from './registry-event.js';

const OFF =
  'the event registry is not enabled in this project: the project owner turns it on with event_template: {enabled: true, slots: [...]}';

export type EventChange = { kind: 'saved'; event: RegistryEvent } | { kind: 'stale'; current: RegistryEvent };

interface EvidenceInput {
  slot: string;
  doc_id: string;
  start: number;
  end: number;
  text?: string;
  span_id?: string;
}

export class EventRegistry {
  private seeding: Promise<void> | null = null;

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly clock: Clock,
    readonly settings: EventTemplateSettings,
    /** admins and adjudicators: they may create events when annotators may not, and delete any event */
    private readonly oversees: (username: string) => boolean,
  ) {}

  template() {
    this.on();
    const { name, slots, allowAnnotatorCreate } = this.settings;
    return { template_name: name, slots, allow_annotator_create: allowAnnotatorCreate };
  }

  /** Every event, or those a document belongs to, oldest first. */
  async list(docId?: string): Promise<RegistryEvent[]> {
    await this.ready();
    const out: RegistryEvent[] = [];
    for (const [, e] of this.store.entries('registry_events'))
      if (docId === undefined || e.member_doc_ids.includes(docId)) out.push(e);
    return out.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }

  async get(id: string): Promise<RegistryEvent> {
    await this.ready();
    const event = this.store.get('registry_events', id);
    if (!event) throw notFound(`no event with id "${id}"`);
    return event;
  }

  async create(username: string, input: { title?: string; doc_id?: string }): Promise<RegistryEvent> {
    await this.ready();
    if (!this.settings.allowAnnotatorCreate && !this.oversees(username))
      throw forbidden(
        'annotators may not create events in this project (event_template.allow_annotator_create is false); attach a document to an existing event',
      );
    const now = this.now();
    const event: RegistryEvent = {
      id: `evt_${randomBytes(6).toString('hex')}`,
      template_name: this.settings.name,
      title: input.title ?? '',
      slot_values: {},
      member_doc_ids: input.doc_id === undefined ? [] : [this.doc(input.doc_id, 'doc_id')],
      evidence: [],
      created_by: username,
      provenance: 'annotator',
      created_at: now,
      updated_at: now,
      version: 1,
    };
    await this.store.write([{ table: 'registry_events', key: event.id, value: event }]);
    return event;
  }

  /** Sets a slot's value (an empty value clears it). */
  async setSlot(id: string, slot: string, value: string, expected: Expected): Promise<EventChange> {
    this.slot(slot, 'slot');
    return this.change(id, expected, (e) => {
      const slot_values = { ...e.slot_values };
      if (value) slot_values[slot] = value;
      else delete slot_values[slot];
      return { slot_values };
    });
  }

  async setTitle(id: string, title: string, expected: Expected): Promise<EventChange> {
    return this.change(id, expected, () => ({ title }));
  }

  /** Attaches a document to the event, or detaches it (its evidence goes with it). */
  async setMember(id: string, docId: string, attach: boolean, expected: Expected): Promise<EventChange> {
    this.doc(docId, 'doc_id');
    return this.change(id, expected, (e) =>
      attach
        ? { member_doc_ids: e.member_doc_ids.includes(docId) ? e.member_doc_ids : [...e.member_doc_ids, docId] }
        : {
            member_doc_ids: e.member_doc_ids.filter((d) => d !== docId),
            evidence: e.evidence.filter((c) => c.doc_id !== docId),
          },
    );
  }

  /** Cites a stretch of a document for a slot; the document becomes a member of the event. */
  async addEvidence(username: string, id: string, input: EvidenceInput, expected: Expected): Promise<EventChange> {
    this.slot(input.slot, 'slot');
    const instance = this.task.instanceById.get(this.doc(input.doc_id, 'doc_id'));
    const length = instance ? textLengthOf(instance) : 0;
    if (input.start < 0 || input.start >= input.end || input.end > length)
      throw invalid(
        `end: the span ${input.start}..${input.end} must lie within document "${input.doc_id}" (0..${length})`,
      );
    const quoted = instance?.text.slice(input.start, input.end) ?? '';
    if (input.text !== undefined && input.text !== quoted)
      throw invalid(
        `text: "${input.text.slice(0, 60)}" is not the text at ${input.start}..${input.end} ("${quoted.slice(0, 60)}")`,
      );
    const citation: EvidenceCitation = {
      slot_name: input.slot,
      doc_id: input.doc_id,
      span_start: input.start,
      span_end: input.end,
      quoted_text: quoted,
      span_id: input.span_id ?? '',
      created_by: username,
      created_at: this.now(),
    };
    return this.change(id, expected, (e) => ({
      evidence: [...e.evidence, citation],
      member_doc_ids: e.member_doc_ids.includes(input.doc_id) ? e.member_doc_ids : [...e.member_doc_ids, input.doc_id],
    }));
  }

  async removeEvidence(id: string, index: number, expected: Expected): Promise<EventChange> {
    return this.change(id, expected, (e) => {
      if (index >= e.evidence.length)
        throw notFound(`event "${id}" has ${e.evidence.length} evidence citations; there is none at ${index}`);
      return { evidence: e.evidence.filter((_, n) => n !== index) };
    });
  }

  /** Deletes an event: its creator may, and admins and adjudicators may delete any (seeded ones too). */
  async remove(username: string, id: string): Promise<void> {
    const event = await this.get(id);
    if (event.created_by !== username && !this.oversees(username))
      throw forbidden('only the event’s creator, an admin or an adjudicator may delete it');
    await this.store.write([{ table: 'registry_events', key: id, delete: true }]);
  }

  /** The whole registry in Potato's `event_registry.json` shape, for exports. */
  async file() {
    return registryFile(await this.list());
  }

  private async change(
    id: string,
    expected: Expected,
    make: (e: RegistryEvent) => Partial<RegistryEvent>,
  ): Promise<EventChange> {
    const event = await this.get(id);
    if (isStale(event, expected)) return { kind: 'stale', current: event };
    const next = changed(event, make(event), this.clock.now());
    await this.store.write([{ table: 'registry_events', key: id, value: next }]);
    return { kind: 'saved', event: next };
  }

  /** Puts in the config's seed events not put in before (once per id, ever: edits and deletions stay). */
  private async ready(): Promise<void> {
    this.on();
    const due = this.settings.seedEvents.filter((s) => !this.store.get('registry_seeds', s.id));
    if (!due.length) return;
    this.seeding ??= this.seed(due).finally(() => (this.seeding = null));
    return this.seeding;
  }

  private async seed(due: EventTemplateSettings['seedEvents']): Promise<void> {
    const now = this.now();
    const ops = due.flatMap((s) => {
      const event: RegistryEvent = {
        ...s,
        template_name: this.settings.name,
        evidence: [],
        created_by: '',
        provenance: 'seeded',
        created_at: now,
        updated_at: now,
        version: 1,
      };
      const seeded = { seeded_at: now };
      return this.store.get('registry_events', s.id)
        ? [{ table: 'registry_seeds' as const, key: s.id, value: seeded }]
        : [
            { table: 'registry_events' as const, key: s.id, value: event },
            { table: 'registry_seeds' as const, key: s.id, value: seeded },
          ];
    });
    await this.store.write(ops);
  }

  private slot(name: string, field: string): void {
    const names = this.settings.slots.map((s) => s.name);
    if (!names.includes(name)) throw invalid(`${field}: "${name}" is not a slot of the template (${names.join(', ')})`);
  }

  private doc(id: string, field: string): string {
    if (!this.task.instanceById.has(id)) throw invalid(`${field}: no document (instance) has the id "${id}"`);
    return id;
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  private on(): void {
    if (!this.settings.enabled) throw unavailable(OFF);
  }
}
