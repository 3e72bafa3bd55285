/** Scheme information (docs/api.md): schemes, colours and keyword highlights. */
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { z } from 'zod';
import { findKeywords } from '../../domain/annotation/keywords.js';
import { schemeShape } from './scheme-shape.js';
import { paintedSpan } from './span-shape.js';

export function schemeRoutes(s: Services): RouteSpec[] {
  // The scheme list never changes while the server runs: build the answer once.
  const schemes = Object.fromEntries(
    s.task.schemes.map(({ extra, ...scheme }) => [scheme.name, { ...extra, ...scheme }]),
  );
  return [
    route({
      method: 'GET',
      path: '/api/schemas',
      summary: 'Annotation schemes by name',
      access: 'user',
      response: z.lazy(() => z.record(z.string(), schemeShape)),
      handle: () => schemes,
    }),
    route({
      method: 'GET',
      path: '/api/colors',
      summary: 'Label colours: scheme → label → #rrggbb',
      access: 'user',
      response: z.lazy(() =>
        z.record(z.string(), z.record(z.string(), z.string())).describe('scheme → label → #rrggbb'),
      ),
      handle: () => s.task.colors,
    }),
    route({
      method: 'GET',
      path: '/api/keyword_highlights/:instance_id',
      summary: 'Keyword highlights in an instance',
      access: 'user',
      response: z.lazy(() => z.object({ instance_id: z.string(), keywords: z.array(paintedSpan) })),
      async handle({ username, params }) {
        const instance = await s.annotations.instanceFor(username, params.instance_id);
        return { instance_id: instance.id, keywords: findKeywords(s.task, s.keywordRules, instance.text) };
      },
    }),
  ];
}
