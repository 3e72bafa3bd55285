/** Full-text search: admins over every item and answer, an annotator over their own list and answers. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { unavailable } from '../../domain/errors.js';

const query = z.object({
  q: z
    .string({ message: 'q: give the words to search for' })
    .trim()
    .min(1, 'q: give the words to search for')
    .max(500, 'q: at most 500 characters'),
  limit: z.coerce.number({ message: 'limit must be a number' }).int().min(1).max(500).default(50),
});

const hit = z.object({
  instance_id: z.string(),
  snippet: z.string().describe('the text around the first word found in it'),
  matched_in: z
    .array(z.enum(['item', 'answers']))
    .describe('item: the text or a field; answers: a label, a typed value or a span'),
  annotators: z.array(z.string()).optional().describe('(admin) whose answers hold any of the words'),
});
const result = z.object({
  query: z.string(),
  results: z.array(hit),
  count: z.number().int().describe('the number of results given'),
  truncated: z.boolean(),
});

export function searchRoutes(s: Services): RouteSpec[] {
  const enabled = () => {
    if (s.config.raw.search?.enabled === false)
      throw unavailable('search: full-text search is not enabled for this project (search.enabled: false)');
  };
  const counted = <T extends { results: unknown[] }>(r: T) => ({ ...r, count: r.results.length });
  return [
    route({
      method: 'GET',
      path: '/admin/api/search',
      summary:
        'Items whose text or fields, or whose answers (labels, typed values, span texts), hold every word of q, in task order; annotators names whose answers hold any of the words',
      access: 'admin',
      query,
      response: result,
      async handle({ query: q }) {
        enabled();
        return counted(await s.search.all(q.q, q.limit));
      },
    }),
    route({
      method: 'GET',
      path: '/api/search',
      summary:
        "The caller's items whose text or fields, or whose answers by the caller, hold every word of q, in task order",
      access: 'user',
      query,
      response: result,
      async handle({ username, query: q }) {
        enabled();
        const list = await s.annotations.listOf(username);
        return counted(await s.search.mine(q.q, q.limit, username, list));
      },
    }),
  ];
}
