/** Memos with Potato's endpoints (`/api/memos`), and every memo as an admin reads them. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { MEMO_VISIBILITIES } from '../../domain/annotation/memos.js';
import { NOTE_MAX } from '../../domain/annotation/item-notes.js';
import { route, type RouteSpec } from '../route.js';

const memoOut = z.lazy(() =>
  z.object({
    id: z.string(),
    instance_id: z.string(),
    created_by: z.string(),
    body: z.string(),
    visibility: z.enum(MEMO_VISIBILITIES),
    anchor: z
      .object({ start: z.number().int(), end: z.number().int(), field: z.string().optional() })
      .nullable()
      .describe('the stretch of text the memo is about, or null for the whole item'),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);

const instanceId = z.string().min(1).max(256);
const body = z.string().max(NOTE_MAX + 1000);
const visibility = z.enum(MEMO_VISIBILITIES, { message: `must be ${MEMO_VISIBILITIES.join(' or ')}` });

export function memoRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/api/memos',
      summary:
        'Memos on an instance that the caller may read (their own, those shared, every one for an admin or adjudicator), oldest first; 503 when memos are off',
      access: 'user',
      query: z.object({ instance_id: instanceId }),
      response: z.lazy(() =>
        z.object({
          memos: z.array(memoOut),
          open_by_default: z.boolean().describe('whether the annotate page opens its memo panel at first'),
        }),
      ),
      async handle({ username, query }) {
        const memos = await s.memos.listFor(username, query.instance_id);
        return { memos, open_by_default: s.memos.settings.openByDefault };
      },
    }),
    route({
      method: 'POST',
      path: '/api/memos',
      summary: `Adds a memo on an instance in the caller's list: body (up to ${NOTE_MAX} characters), visibility (the project's default when left out), anchor {start, end} in the item's text`,
      access: 'user',
      body: z.lazy(() =>
        z.object({
          instance_id: instanceId,
          body,
          visibility: visibility.optional(),
          anchor: z
            .object({ start: z.number().int(), end: z.number().int(), field: z.string().max(256).optional() })
            .nullable()
            .optional(),
        }),
      ),
      response: z.object({ memo: memoOut }),
      async handle({ username, body }) {
        return { memo: await s.memos.create(username, body.instance_id, body) };
      },
    }),
    route({
      method: 'PATCH',
      path: '/api/memos/:id',
      summary: "Changes the body or visibility of one of the caller's memos (403 for another's they can read)",
      access: 'user',
      body: z.object({ body: body.optional(), visibility: visibility.optional() }),
      response: z.object({ memo: memoOut }),
      async handle({ username, params, body }) {
        return { memo: await s.memos.update(username, params.id, body) };
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/memos/:id',
      summary: "Deletes a memo: the caller's own, or any for an admin or adjudicator",
      access: 'user',
      response: z.lazy(() => z.object({ ok: z.literal(true) })),
      async handle({ username, params }) {
        await s.memos.remove(username, params.id);
        return { ok: true as const };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/memos',
      summary: 'Every memo, private ones included, in task order then oldest first; filter by instance or author',
      access: 'admin',
      query: z.lazy(() =>
        z.object({ instance_id: instanceId.optional(), author: z.string().min(1).max(64).optional() }),
      ),
      response: z.lazy(() => z.object({ enabled: z.boolean(), count: z.number().int(), memos: z.array(memoOut) })),
      handle({ query }) {
        const memos = s.memos.all(query);
        return { enabled: s.memos.settings.enabled, count: memos.length, memos };
      },
    }),
  ];
}
