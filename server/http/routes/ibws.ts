/** Potato's iterative BWS read-outs: which round the project is in, and the ranking so far. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { notFound } from '../../domain/errors.js';
import { route, type RouteSpec } from '../route.js';

const status = z.lazy(() =>
  z.object({
    current_round: z.number().int(),
    max_rounds: z.number().int().nullable(),
    total_tuples_this_round: z.number().int(),
    completed_tuples_this_round: z.number().int(),
    round_complete: z.boolean(),
    active_buckets: z.number().int(),
    terminal_buckets: z.number().int(),
    total_items: z.number().int(),
    terminal_items: z.number().int(),
    completed: z.boolean().describe('no further round will be made'),
  }),
);

/** What an annotator's current instance says of the rounds: Potato's round banner in its navbar. */
export const ibwsRound = z
  .object({
    current_round: z.number().int(),
    max_rounds: z.number().int().nullable(),
    terminal_items: z.number().int().describe('pool items whose place in the ranking is settled'),
    total_items: z.number().int(),
  })
  .optional()
  .describe('with ibws_config: the iterative BWS round the project is in and how much of the pool is ranked');

const rankingAnswer = z.lazy(() =>
  z.object({
    completed: z.boolean(),
    current_round: z.number().int(),
    ranking: z.array(
      z.object({
        item_id: z.string(),
        rank: z.number().int(),
        bucket_position: z.number().int().describe('0 is the top bucket'),
        text: z.string(),
        score: z.number().nullable().describe("the item's counting score in the latest round it was tupled"),
      }),
    ),
  }),
);

export function ibwsRoutes(s: Services): RouteSpec[] {
  const service = () => {
    if (!s.ibws) throw notFound('this project has no iterative BWS (ibws_config with a bws scheme)');
    return s.ibws;
  };
  return [
    route({
      method: 'GET',
      path: '/admin/api/ibws_status',
      summary: 'Iterative BWS: the current round, its tuples, the buckets and whether the ranking is resolved',
      access: 'admin',
      response: status,
      handle: () => service().status(),
    }),
    route({
      method: 'GET',
      path: '/admin/api/ibws_ranking',
      summary: 'Iterative BWS: every pool item ranked by bucket, then by its latest round score',
      access: 'admin',
      response: rankingAnswer,
      handle: () => service().ranking(),
    }),
  ];
}
