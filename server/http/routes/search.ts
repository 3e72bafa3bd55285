/** Full-text search: admins over every item and answer, an annotator over their own list and answers. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { forbidden, unavailable } from '../../domain/errors.js';
import { claimItem, type ClaimDesign } from '../../domain/annotation/claim.js';

const query = z.lazy(() =>
  z.object({
    q: z
      .string({ message: 'q: give the words to search for' })
      .trim()
      .min(1, 'q: give the words to search for')
      .max(500, 'q: at most 500 characters'),
    limit: z.coerce.number({ message: 'limit must be a number' }).int().min(1).max(500).default(50),
  }),
);

const hit = z.lazy(() =>
  z.object({
    instance_id: z.string(),
    snippet: z.string().describe('the text around the first word found in it'),
    matched_in: z
      .array(z.enum(['item', 'answers']))
      .describe('item: the text or a field; answers: a label, a typed value or a span'),
    annotators: z.array(z.string()).optional().describe('(admin) whose answers hold any of the words'),
  }),
);
const result = z.lazy(() =>
  z.object({
    query: z.string(),
    results: z.array(hit),
    count: z.number().int().describe('the number of results given'),
    truncated: z.boolean(),
  }),
);

export function searchRoutes(s: Services): RouteSpec[] {
  const enabled = () => {
    if (s.config.raw.search?.enabled === false)
      throw unavailable('search: full-text search is not enabled for this project (search.enabled: false)');
  };
  const claiming = () => s.config.raw.search?.annotator_claim === true;
  const design = (): ClaimDesign => {
    const settings = s.settings.get();
    return {
      strategy: settings.assignment_strategy,
      perItem: settings.num_annotators_per_item,
      qualityChecks: !!(s.config.quality.attention || s.config.quality.gold),
      adjudication: s.config.adjudication.enabled,
      crowdLogin: s.crowd.enabled,
    };
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
        "The caller's items (every item of the task with search.annotator_claim) whose text or fields, or whose answers by the caller, hold every word of q, in task order",
      access: 'user',
      query,
      response: result,
      async handle({ username, query: q }) {
        enabled();
        const list = await s.annotations.listOf(username);
        return counted(await s.search.mine(q.q, q.limit, username, claiming() ? null : list));
      },
    }),
    route({
      method: 'POST',
      path: '/api/search/claim',
      summary:
        "Pulls an item found by search into the caller's list, at its end (search.annotator_claim); an item already there is reported as such",
      access: 'user',
      body: z.object({
        instance_id: z
          .string({ message: 'instance_id: give the id of the item to claim' })
          .min(1, 'instance_id: give the id of the item to claim')
          .max(256),
      }),
      response: z.lazy(() =>
        z.object({
          claimed: z.string(),
          already_assigned: z.boolean(),
          position: z.number().int().describe("the item's 0-based place in the caller's list"),
        }),
      ),
      handle({ username, body }) {
        enabled();
        if (!claiming())
          throw forbidden(
            'annotator search-and-claim is not enabled for this project (search.annotator_claim: true turns it on)',
          );
        return claimItem(
          {
            task: s.task,
            store: s.store,
            assignments: s.assignments,
            listOf: (name) => s.annotations.listOf(name),
            design,
          },
          username,
          body.instance_id,
        );
      },
    }),
  ];
}
