/** Potato's review workflow at its paths: the board for admins, moves and assignments, each reviewer's queue. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { NOTE_LIMIT } from '../../domain/review/review-board.js';
import { REVIEW_STATES } from '../../domain/review/routing.js';
import { route, type RouteSpec } from '../route.js';

const state = z.enum(REVIEW_STATES, { message: `must be one of ${REVIEW_STATES.join(', ')}` });
const transition = z.lazy(() =>
  z.object({
    at: z.string(),
    actor: z.string(),
    from: state,
    to: state,
    assignee: z.string().nullable(),
    priority: z.number().int(),
    note: z.string().nullable(),
  }),
);
const item = z.object({
  instance_id: z.string(),
  state,
  assignee: z.string().nullable(),
  priority: z.number().int().describe('higher first'),
  note: z.string().nullable(),
  updated_at: z.string().nullable().describe('null while the item is where the routing rules put it'),
  updated_by: z.string().nullable(),
  transitions: z.array(transition).describe("the item's latest changes, oldest first, each with who made it"),
  preview: z.string().describe("the start of the item's text"),
});
const instanceId = z.string().min(1).max(256);

export function reviewRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/api/review/board',
      summary: `The review board: every task item by state (${REVIEW_STATES.join(', ')}), highest priority first, then in task order; 503 unless review_workflow is on`,
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          states: z.array(state),
          reviewers: z.array(z.string()).describe('review_workflow.reviewers, the pool to assign from'),
          board: z.object(
            Object.fromEntries(REVIEW_STATES.map((k) => [k, z.array(item)])) as Record<
              (typeof REVIEW_STATES)[number],
              z.ZodArray<typeof item>
            >,
          ),
        }),
      ),
      handle() {
        return { states: [...REVIEW_STATES], reviewers: s.review.settings.reviewers, board: s.review.board() };
      },
    }),
    route({
      method: 'POST',
      path: '/admin/api/review/move',
      summary: "Moves an item to another state of the review board, with an optional note (kept in the item's trail)",
      access: 'admin',
      body: z.lazy(() =>
        z.object({
          instance_id: instanceId,
          state,
          note: z.string().max(NOTE_LIMIT).nullable().optional(),
        }),
      ),
      response: z.object({ item }),
      async handle({ username, body }) {
        return { item: await s.review.move(username, body.instance_id, body.state, body.note) };
      },
    }),
    route({
      method: 'POST',
      path: '/admin/api/review/assign',
      summary:
        'Gives an item of the review board to a reviewer (one of review_workflow.reviewers or a user; null for no one) and optionally a priority',
      access: 'admin',
      body: z.lazy(() =>
        z.object({
          instance_id: instanceId,
          assignee: z
            .string()
            .max(256)
            .nullable()
            .transform((a) => a || null),
          priority: z.number().int().min(-1_000_000).max(1_000_000).optional(),
        }),
      ),
      response: z.object({ item }),
      async handle({ username, body }) {
        return { item: await s.review.assign(username, body.instance_id, body.assignee, body.priority) };
      },
    }),
    route({
      method: 'GET',
      path: '/api/review/my_queue',
      summary:
        "The caller's open review work: items assigned to them in review, waiting for a second opinion or in adjudication, highest priority first",
      access: 'user',
      response: z.lazy(() => z.object({ queue: z.array(item) })),
      handle({ username }) {
        return { queue: s.review.queueOf(username) };
      },
    }),
  ];
}
