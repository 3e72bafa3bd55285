/**
 * Potato's `/api/prm/prelabel`: the configured model's suggested reward for every step of a process_reward
 * scheme's trace, for the annotator to confirm or override. 400 naming the parameter left out or a scheme without
 * `ai_prelabel`, 404 for a scheme that is not process_reward or an unknown item, 503 without a model, 502/504
 * when the model fails.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';

const reward = z.union([z.literal(1), z.literal(0), z.literal(-1)]);

export function stepPrelabelRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/api/prm/prelabel',
      summary:
        "The model's suggested reward for each step of an item's trace, for one process_reward scheme with ai_prelabel (never saved until the annotator confirms or overrides a step)",
      access: 'user',
      query: z.lazy(() =>
        z.object({
          instance_id: z.string({ error: 'required' }).min(1, 'required').max(256),
          schema: z.string({ error: 'required: the process_reward scheme' }).min(1, 'required').max(256),
        }),
      ),
      response: z.lazy(() =>
        z.object({
          steps: z.array(
            z.object({
              index: z.number().int().describe('the step, numbered from 0'),
              reward: reward.describe('1 correct, -1 incorrect, 0 neutral (only where the scheme allows it)'),
              reasoning: z.string(),
              confidence: z.number().nullable(),
            }),
          ),
          cached: z.boolean().describe('the suggestions were made before for this item and scheme'),
          error: z.string().optional().describe('why there are no steps'),
        }),
      ),
      handle: ({ username, query }) => s.stepPrelabel.prelabel(username, query.instance_id, query.schema),
    }),
  ];
}
