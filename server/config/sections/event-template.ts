/**
 * Potato's `event_template`: `enabled` turns the cross-document event registry on (`/corpus/api/event…`), `name`
 * is recorded on each event, `allow_annotator_create` (default true) lets annotators create events, `slots` are
 * the template's `{name, description, type}` (unique names; default: the slots of the project's
 * multi_document_event scheme) and `seed_events` a JSON file beside the config or an inline list of events put in
 * once. A seed naming a document the project lacks, or a duplicate slot, stops start-up naming the key.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { looseBoolean } from '../loose-values.js';
import type { Scheme as TaskScheme } from '../../domain/task.js';
import type { EventSlot, EventTemplateSettings, SeedEvent } from '../../domain/event-registry/registry-event.js';

const slotSchema = z.looseObject({
  name: z.union([z.string().min(1), z.number()]).transform(String),
  description: z.string().optional(),
  type: z.string().optional(),
});

const seedSchema = z.looseObject({
  id: z
    .union([z.string().min(1).max(128), z.number()])
    .transform(String)
    .optional(),
  title: z.string().optional(),
  slot_values: z.record(z.string(), z.string()).optional(),
  member_doc_ids: z.array(z.union([z.string(), z.number()]).transform(String)).optional(),
});

export const eventTemplateSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    name: z.string().min(1).optional(),
    allow_annotator_create: looseBoolean.optional(),
    slots: z.array(slotSchema).optional(),
    seed_events: z.union([z.string().min(1), z.array(seedSchema)]).optional(),
  }),
);

const OFF: EventTemplateSettings = {
  enabled: false,
  name: 'event_template',
  allowAnnotatorCreate: true,
  slots: [],
  seedEvents: [],
};

type Scheme = Pick<TaskScheme, 'name' | 'annotation_type' | 'extra'>;

export function readEventTemplate(
  raw: z.output<typeof eventTemplateSchema> | undefined,
  schemes: readonly Scheme[],
  documents: ReadonlySet<string>,
  find: (name: string) => string,
  fail: (m: string) => never,
): EventTemplateSettings {
  const scheme = schemes.find((s) => s.annotation_type === 'multi_document_event');
  if (raw?.enabled !== true) {
    if (scheme?.extra.allow_annotator_create === false)
      fail(
        `annotation_schemes: "${scheme.name}" has allow_annotator_create: false, which needs events seeded in the event registry; turn it on with event_template: {enabled: true, seed_events: ...}`,
      );
    return OFF;
  }
  const given = raw.slots ?? (scheme?.extra.slots as z.input<typeof slotSchema>[] | undefined);
  if (!given?.length)
    fail('event_template.slots: give at least one slot {name, description, type} (or a multi_document_event scheme)');
  const slots: EventSlot[] = [];
  for (const [i, s] of given.entries()) {
    const parsed = slotSchema.safeParse(s);
    if (!parsed.success) fail(`event_template.slots[${i}]: expected {name, description, type}`);
    const { name, description, type } = parsed.data;
    if (slots.some((t) => t.name === name)) fail(`event_template.slots[${i}].name: duplicate slot "${name}"`);
    slots.push({ name, description: description ?? '', type: type ?? 'text' });
  }
  const seedEvents = readSeeds(raw.seed_events, slots, documents, find, fail);
  const allowAnnotatorCreate = raw.allow_annotator_create ?? scheme?.extra.allow_annotator_create !== false;
  return { enabled: true, name: raw.name ?? 'event_template', allowAnnotatorCreate, slots, seedEvents };
}

function readSeeds(
  given: string | z.output<typeof seedSchema>[] | undefined,
  slots: readonly EventSlot[],
  documents: ReadonlySet<string>,
  find: (name: string) => string,
  fail: (m: string) => never,
): SeedEvent[] {
  if (given === undefined) return [];
  let list: unknown = given;
  if (typeof given === 'string') {
    const file = find(given);
    if (!existsSync(file)) fail(`event_template.seed_events: ${file} not found`);
    try {
      const read: unknown = JSON.parse(readFileSync(file, 'utf8'));
      // Potato's event_registry.json keeps them under "events", by id
      const events = (read as { events?: unknown } | null)?.events ?? read;
      list = Array.isArray(events)
        ? events
        : Object.entries(events as object).map(([id, e]) => ({ id, ...(e as object) }));
    } catch (e) {
      fail(`event_template.seed_events: ${file} is not a JSON list of events (${(e as Error).message})`);
    }
  }
  const parsed = z.array(seedSchema).safeParse(list);
  if (!parsed.success)
    fail(
      `event_template.seed_events[${String(parsed.error.issues[0].path.join('.'))}]: ${parsed.error.issues[0].message}`,
    );
  const names = new Set(slots.map((s) => s.name));
  const ids = new Set<string>();
  return parsed.data.map((s, i) => {
    const id = s.id ?? `evt_seed_${i}`;
    if (ids.has(id)) fail(`event_template.seed_events[${i}].id: "${id}" is listed twice`);
    ids.add(id);
    for (const slot of Object.keys(s.slot_values ?? {}))
      if (!names.has(slot)) fail(`event_template.seed_events[${i}].slot_values: "${slot}" is not a slot`);
    for (const doc of s.member_doc_ids ?? [])
      if (!documents.has(doc)) fail(`event_template.seed_events[${i}].member_doc_ids: no document has the id "${doc}"`);
    return { id, title: s.title ?? '', slot_values: s.slot_values ?? {}, member_doc_ids: s.member_doc_ids ?? [] };
  });
}
