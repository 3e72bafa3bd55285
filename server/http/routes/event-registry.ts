/**
 * Potato's cross-document event registry under its paths (`/corpus/api/event…`), for any signed-in user, and the
 * whole registry for admins (`/admin/api/event_registry`, Potato's `event_registry.json`). A change made against
 * an old version answers 409 `stale_write` with the event as it is now, as Potato does, so the page reloads it.
 */
import type Koa from 'koa';
import { z } from 'zod';
import type { Services } from '../../compose.js';
import type { EventChange } from '../../domain/event-registry/event-registry.js';
import type { Expected } from '../../domain/event-registry/registry-event.js';
import { invalid } from '../../domain/errors.js';
import { route, type RouteSpec } from '../route.js';

const citationOut = z.lazy(() =>
  z.object({
    slot_name: z.string(),
    doc_id: z.string(),
    span_start: z.number().int(),
    span_end: z.number().int(),
    quoted_text: z.string(),
    span_id: z.string(),
    created_by: z.string(),
    created_at: z.string(),
  }),
);

const eventOut = z.lazy(() =>
  z.object({
    id: z.string(),
    template_name: z.string(),
    title: z.string(),
    slot_values: z.record(z.string(), z.string()),
    member_doc_ids: z.array(z.string()),
    evidence: z.array(citationOut),
    created_by: z.string(),
    provenance: z.enum(['annotator', 'seeded']),
    created_at: z.string(),
    updated_at: z.string().describe('send it back as expected_updated_at to refuse overwriting a newer change'),
    version: z.number().int().describe('send it back as expected_version to refuse overwriting a newer change'),
  }),
);

const changeOut = z.lazy(() =>
  z.union([
    eventOut,
    z.object({
      error: z.literal('stale_write'),
      message: z.string(),
      current_version: z.number().int(),
      current: eventOut,
    }),
  ]),
);

const docId = z.union([z.string().min(1).max(256), z.number().int()]).transform(String);
const expected = {
  expected_version: z.number().int().min(1).nullish(),
  expected_updated_at: z.string().max(64).nullish(),
};
const expectedOf = (b: { expected_version?: number | null; expected_updated_at?: string | null }): Expected => ({
  version: b.expected_version ?? undefined,
  updated_at: b.expected_updated_at ?? undefined,
});

/** The saved event, or 409 with the event as it is now. */
function answer(ctx: Koa.Context, result: EventChange) {
  if (result.kind === 'saved') return result.event;
  ctx.status = 409;
  return {
    error: 'stale_write' as const,
    message: `another change came first: event "${result.current.id}" is at version ${result.current.version}; reload it and make the change again`,
    current_version: result.current.version,
    current: result.current,
  };
}

const STALE = '; 409 stale_write with the current event when expected_version or expected_updated_at is old';

export function eventRegistryRoutes(s: Services): RouteSpec[] {
  const reg = s.eventRegistry;
  return [
    route({
      method: 'GET',
      path: '/corpus/api/event_template',
      summary: "The event template's name and slots, and whether annotators may create events; 503 when it is off",
      access: 'user',
      response: z.lazy(() =>
        z.object({
          template_name: z.string(),
          slots: z.array(z.object({ name: z.string(), description: z.string(), type: z.string() })),
          allow_annotator_create: z.boolean(),
        }),
      ),
      handle: () => reg.template(),
    }),
    route({
      method: 'GET',
      path: '/corpus/api/events',
      summary: 'Every event, or those a document belongs to (doc_id), oldest first',
      access: 'user',
      query: z.lazy(() => z.object({ doc_id: z.string().max(256).optional() })),
      response: z.lazy(() => z.object({ events: z.array(eventOut) })),
      async handle({ query }) {
        return { events: await reg.list(query.doc_id || undefined) };
      },
    }),
    route({
      method: 'GET',
      path: '/corpus/api/event/:id',
      summary: 'One event',
      access: 'user',
      response: eventOut,
      handle: ({ params }) => reg.get(params.id),
    }),
    route({
      method: 'POST',
      path: '/corpus/api/event',
      summary:
        'Creates an event (title, doc_id: its first document); 201; 403 when annotators may not create events (allow_annotator_create: false)',
      access: 'user',
      body: z.lazy(() => z.object({ title: z.string().max(500).optional(), doc_id: docId.optional() })),
      response: eventOut,
      responds: { status: 201 },
      async handle({ username, body, ctx }) {
        const event = await reg.create(username, body);
        ctx.status = 201;
        return event;
      },
    }),
    route({
      method: 'POST',
      path: '/corpus/api/event/:id/slot',
      summary: `Sets a slot's value (empty clears it)${STALE}`,
      access: 'user',
      body: z.lazy(() =>
        z.object({ slot: z.string().min(1).max(256), value: z.string().max(10_000).default(''), ...expected }),
      ),
      response: changeOut,
      async handle({ params, body, ctx }) {
        return answer(ctx, await reg.setSlot(params.id, body.slot, body.value, expectedOf(body)));
      },
    }),
    route({
      method: 'POST',
      path: '/corpus/api/event/:id/title',
      summary: `Sets the event's title${STALE}`,
      access: 'user',
      body: z.lazy(() => z.object({ title: z.string().max(500), ...expected })),
      response: changeOut,
      async handle({ params, body, ctx }) {
        return answer(ctx, await reg.setTitle(params.id, body.title, expectedOf(body)));
      },
    }),
    route({
      method: 'POST',
      path: '/corpus/api/event/:id/member',
      summary: `Attaches a document to the event (attach: true, the default) or detaches it with its evidence${STALE}`,
      access: 'user',
      body: z.lazy(() => z.object({ doc_id: docId, attach: z.boolean().default(true), ...expected })),
      response: changeOut,
      async handle({ params, body, ctx }) {
        return answer(ctx, await reg.setMember(params.id, body.doc_id, body.attach, expectedOf(body)));
      },
    }),
    route({
      method: 'POST',
      path: '/corpus/api/event/:id/evidence',
      summary: `Cites a document's text start..end (text, when given, must be what is there) for a slot; the document joins the event${STALE}`,
      access: 'user',
      body: z.lazy(() =>
        z.object({
          slot: z.string().min(1).max(256),
          doc_id: docId,
          start: z.number().int().min(0),
          end: z.number().int().min(1),
          text: z.string().max(100_000).optional(),
          span_id: z.string().max(256).optional(),
          ...expected,
        }),
      ),
      response: changeOut,
      async handle({ username, params, body, ctx }) {
        return answer(ctx, await reg.addEvidence(username, params.id, body, expectedOf(body)));
      },
    }),
    route({
      method: 'DELETE',
      path: '/corpus/api/event/:id/evidence/:index',
      summary: `Removes the evidence citation at index (0 first)${STALE}`,
      access: 'user',
      // an index means a citation only in the version it was read from, so the page sends that version along
      query: z.lazy(() =>
        z.object({
          expected_version: z.coerce.number().int().min(1).optional(),
          expected_updated_at: z.string().max(64).optional(),
        }),
      ),
      response: changeOut,
      async handle({ params, query, ctx }) {
        const index = Number(params.index);
        if (!Number.isSafeInteger(index) || index < 0) throw invalid('index: expected a whole number from 0');
        return answer(ctx, await reg.removeEvidence(params.id, index, expectedOf(query)));
      },
    }),
    route({
      method: 'DELETE',
      path: '/corpus/api/event/:id',
      summary: 'Deletes an event: its creator may, and admins and adjudicators may delete any',
      access: 'user',
      response: z.lazy(() => z.object({ success: z.literal(true) })),
      async handle({ username, params }) {
        await reg.remove(username, params.id);
        return { success: true as const };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/event_registry',
      summary: "The whole event registry in Potato's event_registry.json shape ({version: 1, events: {id: event}})",
      access: 'admin',
      response: z.lazy(() => z.object({ version: z.literal(1), events: z.record(z.string(), eventOut) })),
      handle: () => reg.file(),
    }),
  ];
}
