/** Potato's cases (`/api/cases`): the units of analysis read from the items' data; 503 while off. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';

export const caseOut = z.lazy(() =>
  z.object({
    name: z.string(),
    attributes: z.record(z.string(), z.unknown()).describe('the fields named in cases.attributes, from its first item'),
    instance_ids: z.array(z.string()),
  }),
);

export function caseRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/api/cases',
      summary: 'The cases (units of analysis, named by cases.key in the items’ data) with their attributes and items',
      access: 'user',
      response: z.lazy(() => z.object({ cases: z.array(caseOut), key: z.string().nullable() })),
      handle() {
        return { cases: s.cases.list(), key: s.cases.key() };
      },
    }),
    route({
      method: 'GET',
      path: '/api/cases/instance/:instance_id',
      summary: 'The case an instance belongs to (null when its data names none)',
      access: 'user',
      response: z.lazy(() => z.object({ instance_id: z.string(), case: caseOut.nullable() })),
      handle({ params }) {
        return { instance_id: params.instance_id, case: s.cases.forInstance(params.instance_id) };
      },
    }),
  ];
}
