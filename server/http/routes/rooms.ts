/**
 * Potato's rooms at its paths (`/rooms/api/…`): the lobby's list, the team's disagreements, making a room, and a
 * member's actions and reads. A refused action is a 400 as Potato answers it (not a member, not the host, the room
 * closed); reading a room one is not a member of is a 403.
 */
import { z } from 'zod';
import type { Services } from '../../services.js';
import { ROOM_TYPES } from '../../domain/rooms/room-log.js';
import type { RoomAction } from '../../domain/rooms/room-state.js';
import { route, type RouteSpec } from '../route.js';
import { sessionUser } from '../guards.js';

const header = z.lazy(() =>
  z.object({
    room_id: z.string(),
    room_type: z.enum(ROOM_TYPES),
    host: z.string(),
    created_at: z.string(),
    events: z.number().int(),
    status: z.enum(['open', 'closed']),
    n_members: z.number().int(),
    n_items: z.number().int(),
    current_index: z.number().int(),
  }),
);
const event = z.lazy(() =>
  z.object({
    seq: z.number().int(),
    type: z.string(),
    user: z.string(),
    at: z.string(),
    data: z.record(z.string(), z.unknown()).describe('a blind vote of another member loses its label until the reveal'),
  }),
);
const votes = z.lazy(() => z.record(z.string(), z.string()));
const metrics = z.lazy(() =>
  z.object({
    n_items: z.number().int(),
    n_revealed: z.number().int(),
    total_changes: z.number().int(),
    toward_majority: z.number().int(),
    away_from_majority: z.number().int(),
    blind_alpha: z.number().nullable(),
    final_alpha: z.number().nullable(),
    conformity: z.record(z.string(), z.object({ changes: z.number().int(), toward_majority: z.number().int() })),
  }),
);
const acted = z.lazy(() =>
  z.object({
    success: z.literal(true),
    role: z.enum(['host', 'member', 'observer']).nullable(),
    status: z.enum(['open', 'closed']),
    cursor: z.number().int(),
  }),
);
const state = z.lazy(() =>
  z.object({
    room_id: z.string(),
    room_type: z.enum(ROOM_TYPES),
    status: z.enum(['open', 'closed']),
    phase: z.enum(['voting', 'revealed', 'closed']),
    host: z.string(),
    schema: z.string(),
    labels: z.array(z.string()),
    item_ids: z.array(z.string()),
    current_index: z.number().int(),
    current_instance_id: z.string(),
    item_text: z.string(),
    members: z.array(z.object({ user: z.string(), role: z.enum(['host', 'member', 'observer']) })),
    n_members: z.number().int(),
    my_role: z.enum(['host', 'member', 'observer']).nullable(),
    all_voted: z.boolean(),
    current_item: z.object({
      instance_id: z.string(),
      n_voted: z.number().int(),
      voters: z.array(z.string()),
      my_vote: z.string().nullable(),
      initial_votes: votes.optional().describe('the blind votes: only once revealed (always in a shadow room)'),
      current_votes: votes.optional(),
      changes: z
        .array(
          z.object({
            user: z.string(),
            from: z.string(),
            to: z.string(),
            majority_at_time: z.string().nullable(),
            at: z.string(),
          }),
        )
        .optional(),
    }),
    seed_votes: votes.describe("a huddle's original answers to the current item, annotator → label"),
    metrics,
    cursor: z.number().int(),
    created_at: z.string(),
    poll_interval_ms: z.number().int(),
  }),
);

/** One POST per action, each answered alike. */
function action<B>(
  s: Services,
  name: string,
  summary: string,
  body: z.ZodType<B> | undefined,
  make: (b: B) => RoomAction,
): RouteSpec {
  return route({
    method: 'POST',
    path: `/rooms/api/:room_id/${name}`,
    summary,
    access: 'user',
    body,
    response: acted,
    async handle({ username, params, body }) {
      const done = await s.rooms.act(username, params.room_id, make(body));
      return { success: true as const, ...done };
    },
  });
}

/** Potato's pages: ours is the UI's rooms screen, so the path leads there (anonymous: to the login page). */
function page(path: string, target: (params: Record<string, string>) => string): RouteSpec {
  return route({
    method: 'GET',
    path,
    summary: `Leads to the UI's rooms screen (${path === '/rooms' ? 'the lobby' : 'the room'}); anonymous: to the login page`,
    access: 'public',
    responds: { redirect: 302 },
    handle({ ctx, params }) {
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 302;
      ctx.redirect(sessionUser(ctx) ? target(params) : '/login');
      return undefined;
    },
  });
}

export function roomRoutes(s: Services): RouteSpec[] {
  return [
    page('/rooms', () => '/#/rooms'),
    page('/rooms/:room_id', (p) => `/#/rooms/${encodeURIComponent(p.room_id)}`),
    route({
      method: 'GET',
      path: '/rooms/api/list',
      summary: 'Every room, newest first, with its members and place (503 while rooms are off)',
      access: 'user',
      response: z.lazy(() => z.object({ rooms: z.array(header), poll_interval_ms: z.number().int() })),
      handle: () => ({ rooms: s.rooms.list(), poll_interval_ms: s.rooms.settings.pollIntervalMs }),
    }),
    route({
      method: 'GET',
      path: '/rooms/api/disagreements',
      summary: "Items whose annotators answered the rooms' scheme differently, with each one's answer (at most 200)",
      access: 'user',
      response: z.lazy(() =>
        z.object({
          disagreements: z.array(
            z.object({
              instance_id: z.string(),
              text: z.string(),
              annotations: votes,
              n_annotators: z.number().int(),
              label_counts: z.record(z.string(), z.number().int()),
            }),
          ),
        }),
      ),
      handle: () => ({ disagreements: s.rooms.disagreements() }),
    }),
    route({
      method: 'POST',
      path: '/rooms/api/create',
      summary:
        'Makes a room and joins the caller as its host: room_type (norming by default, huddle, shadow), item_ids (else the first `count` items, 10 by default; a huddle takes the disagreements, among item_ids if given)',
      access: 'user',
      body: z.lazy(() =>
        z.object({
          room_type: z.enum(ROOM_TYPES).default('norming'),
          item_ids: z.array(z.string().min(1).max(256)).min(1).max(200).optional(),
          count: z.number().int().min(1).max(200).optional(),
        }),
      ),
      response: z.lazy(() => z.object({ success: z.literal(true), room_id: z.string(), room: header })),
      async handle({ username, body }) {
        return { success: true as const, ...(await s.rooms.create(username, body)) };
      },
    }),
    action(
      s,
      'join',
      'Joins the room (an observer in a shadow room); joining again changes nothing',
      undefined,
      () => ({
        kind: 'join',
      }),
    ),
    action(s, 'leave', 'Leaves the room (the host closes it instead)', undefined, () => ({ kind: 'leave' })),
    action(
      s,
      'vote',
      'Votes on the current item: blind before the reveal, a logged change after it (observers do not vote)',
      z.object({ label: z.string().min(1).max(256) }),
      (b) => ({ kind: 'vote', label: b.label }),
    ),
    action(
      s,
      'message',
      "Says something in the room's discussion",
      z.object({ text: z.string().trim().min(1, 'must not be empty').max(2000) }),
      (b) => ({ kind: 'message', text: b.text }),
    ),
    action(s, 'reveal', "Shows everyone's votes on the current item (the host)", undefined, () => ({ kind: 'reveal' })),
    action(
      s,
      'advance',
      'Moves to the next item, or closes the room after the last (the host); closing writes the final votes as answers with rooms.persist_votes',
      undefined,
      () => ({ kind: 'advance' }),
    ),
    action(s, 'close', 'Closes the room (the host), as advance past the last item does', undefined, () => ({
      kind: 'close',
    })),
    route({
      method: 'POST',
      path: '/rooms/api/:room_id/presence',
      summary:
        "Where the caller's pointer or selection is, shown to the other members for a minute (up to 2 KB of JSON)",
      access: 'user',
      body: z.lazy(() =>
        z.object({
          data: z
            .record(z.string(), z.unknown())
            .refine((d) => JSON.stringify(d).length <= 2048, 'at most 2048 characters of JSON'),
        }),
      ),
      response: z.lazy(() => z.object({ success: z.literal(true) })),
      async handle({ username, params, body }) {
        await s.rooms.presence(username, params.room_id, body.data);
        return { success: true as const };
      },
    }),
    route({
      method: 'GET',
      path: '/rooms/api/:room_id/state',
      summary:
        'The room as the caller may see it: the current item and its text, who voted (not what, before the reveal), the metrics',
      access: 'user',
      response: state,
      handle: ({ username, params }) => s.rooms.state(username, params.room_id),
    }),
    route({
      method: 'GET',
      path: '/rooms/api/:room_id/events',
      summary:
        "The room's events after `since` (a cursor from an earlier answer), others' blind votes without their labels, and the members' presence newer than `presence` (epoch ms)",
      access: 'user',
      query: z.lazy(() =>
        z.object({
          since: z.coerce.number().int().min(0).default(0),
          presence: z.coerce.number().min(0).default(0),
        }),
      ),
      response: z.lazy(() =>
        z.object({
          events: z.array(event),
          cursor: z.number().int(),
          presence: z.array(z.object({ user: z.string(), data: z.record(z.string(), z.unknown()), at: z.number() })),
        }),
      ),
      handle: ({ username, params, query }) => s.rooms.events(username, params.room_id, query.since, query.presence),
    }),
    route({
      method: 'GET',
      path: '/rooms/api/:room_id/export',
      summary: "The room's whole log, blind labels included, with its metrics (the host or an admin)",
      access: 'user',
      response: z.lazy(() => z.object({ room: header, events: z.array(event), metrics })),
      handle: ({ username, params }) => s.rooms.export(username, params.room_id),
    }),
  ];
}
