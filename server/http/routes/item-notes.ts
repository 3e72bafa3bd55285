/** An annotator's note and flags on an item, and the notes as an admin reads and filters them. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { ITEM_FLAGS, NOTE_MAX, type ItemNoteRecord } from '../../domain/annotation/item-notes.js';
import { route, type RouteSpec } from '../route.js';

export const noteOut = z.lazy(() =>
  z.object({
    instance_id: z.string(),
    annotator: z.string(),
    note: z.string().describe('empty when only flags were set'),
    flags: z.array(z.enum(ITEM_FLAGS)),
    updated_at: z.string().nullable().describe('null when the annotator has no note or flag on the item'),
  }),
);

const out = (n: ItemNoteRecord) => ({
  instance_id: n.instance_id,
  annotator: n.username,
  note: n.note,
  flags: n.flags,
  updated_at: n.updated_at,
});

/** The caller's note on an instance as GET /api/item_note gives it (an empty one when they have none). */
export function noteOf(s: Services, username: string, instanceId: string) {
  const note = s.itemNotes.get(username, instanceId);
  return note ? out(note) : { instance_id: instanceId, annotator: username, note: '', flags: [], updated_at: null };
}

export function itemNoteRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/api/item_note',
      summary: "The caller's note and flags on an instance (empty when they have none)",
      access: 'user',
      query: z.lazy(() => z.object({ instance_id: z.string().min(1).max(256) })),
      response: z.object({ note: noteOut }),
      async handle({ username, query }) {
        const instance = await s.annotations.instanceFor(username, query.instance_id);
        return { note: noteOf(s, username, instance.id) };
      },
    }),
    route({
      method: 'POST',
      path: '/api/item_note',
      summary:
        "Set the caller's note and flags on an instance (a field left out keeps its value; an empty note without flags removes the record); a newly added flag fires item.flagged",
      access: 'user',
      body: z.lazy(() =>
        z.object({
          instance_id: z.string().min(1).max(256),
          note: z.string().max(NOTE_MAX).optional(),
          flags: z
            .array(
              z.enum(ITEM_FLAGS, {
                error: (i) => `unknown flag ${JSON.stringify(i.input)}; use ${ITEM_FLAGS.join(', ')}`,
              }),
            )
            .max(ITEM_FLAGS.length)
            .optional(),
        }),
      ),
      response: z.lazy(() => z.object({ status: z.literal('success'), note: noteOut })),
      async handle({ username, body }) {
        const note = await s.itemNotes.set(username, body.instance_id, body);
        return { status: 'success' as const, note: out(note) };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/item_notes',
      summary:
        "Annotators' notes and flags on items, in task order then by annotator; filter by flag, annotator or instance",
      access: 'admin',
      query: z.lazy(() =>
        z.object({
          flag: z.enum(ITEM_FLAGS).optional(),
          annotator: z.string().min(1).max(64).optional(),
          instance_id: z.string().min(1).max(256).optional(),
        }),
      ),
      response: z.lazy(() =>
        z.object({
          count: z.number().int(),
          counts: z.record(z.enum(ITEM_FLAGS), z.number().int()).describe('flagged items by flag, before filtering'),
          notes: z.array(noteOut),
        }),
      ),
      handle({ query }) {
        const notes = s.itemNotes.list(query).map(out);
        const counts = Object.fromEntries(ITEM_FLAGS.map((f) => [f, 0])) as Record<(typeof ITEM_FLAGS)[number], number>;
        for (const n of s.itemNotes.list()) for (const f of n.flags) counts[f]++;
        return { count: notes.length, counts, notes };
      },
    }),
  ];
}
