/** Active learning's state for admins: whether it ranks, by what, and how often it has (Potato's get_stats names). */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';

const stats = z.object({
  enabled: z.boolean().describe('false only when the config sets active_learning.enabled: false'),
  active: z.boolean().describe('assignment_strategy is active_learning now'),
  state: z
    .enum(['off', 'waiting for labels', 'ranking', 'ready'])
    .describe(
      'waiting for labels: fewer than min_instances_for_training (or one label only); items go out in task order',
    ),
  query_strategy: z.literal('uncertainty'),
  uncertainty: z.literal('margin').describe('ln p1 − ln p2 of the two likeliest labels; the smallest go out first'),
  schema_names: z.array(z.string()),
  labelled_examples: z.record(z.string(), z.number().int()).describe('scheme → annotations the learner has of it'),
  min_instances_for_training: z.number().int(),
  update_frequency: z.number().int(),
  max_instances_to_reorder: z.number().int().nullable(),
  random_sample_percent: z.number(),
  training_count: z.number().int().describe('rankings made since the server started'),
  last_training_time: z.string().nullable(),
  models_trained: z.array(z.string()).describe('the schemes the last ranking used'),
  ranked_items: z.number().int().describe('items the last ranking ordered by uncertainty'),
});

export function activeLearningRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/api/active_learning',
      summary: "Active learning's state: the schemes it ranks by, the labels it has, how often it has ranked",
      access: 'admin',
      response: stats,
      handle: () => s.activeLearning.stats(),
    }),
  ];
}
