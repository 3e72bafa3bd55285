/**
 * Potato's metric induction at its path: recurring evaluation metrics mined from the annotators' free-text comments
 * on one text scheme through the configured LLM, as candidates for a person to confirm into a rubric. Admin only;
 * 400 naming `schema` without one, 503 naming ai_support without a model, 502/504 when the model fails.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { MAX_COMMENTS } from '../../domain/metric-induction/metric-induction.js';
import { route, type RouteSpec } from '../route.js';

const comment = z.lazy(() => z.object({ instance_id: z.string(), annotator: z.string(), text: z.string() }));
const whole = z.coerce.number().int('a whole number');

export function metricInductionRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/api/induce-metrics',
      summary:
        "Candidate evaluation metrics mined from the annotators' comments on a text scheme: the aspect the LLM names for each comment, grouped, with support, polarity counts and examples",
      access: 'admin',
      query: z.lazy(() =>
        z.object({
          schema: z.string({ error: 'required: the text scheme whose comments are read' }).min(1, 'required'),
          min_support: whole.min(1).max(1000).default(2),
          limit: whole.min(1).max(MAX_COMMENTS).default(200).describe('the most comments read, one model call each'),
        }),
      ),
      response: z.lazy(() =>
        z.object({
          schema: z.string(),
          model: z.string(),
          min_support: z.number().int(),
          n_comments: z.number().int(),
          n_with_aspect: z.number().int().describe('comments the model found an evaluation aspect in'),
          candidates: z.array(
            z.object({
              name: z.string(),
              definition: z.string(),
              support: z.number().int(),
              polarity_counts: z.record(z.string(), z.number().int()),
              examples: z.array(comment),
            }),
          ),
        }),
      ),
      handle: ({ query }) => s.metricInduction.induce(query.schema, query.min_support, query.limit),
    }),
  ];
}
