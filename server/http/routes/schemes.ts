/** Scheme information (docs/api.md): schemes, colours and keyword highlights. */
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { z } from 'zod';
import { findKeywords } from '../../domain/annotation/keywords.js';
import { schemeShape } from './scheme-shape.js';
import { paintedSpan } from './span-shape.js';
import { schemesFor } from '../../domain/schemes/cohort-views.js';
import type { Scheme } from '../../domain/task.js';

/** The answer of a scheme list, built once per list: the lists never change while the server runs. */
const answers = new WeakMap<readonly Scheme[], Record<string, unknown>>();
export function schemesAnswer(list: readonly Scheme[]) {
  let answer = answers.get(list);
  if (!answer)
    answers.set(
      list,
      (answer = Object.fromEntries(list.map(({ extra, ...scheme }) => [scheme.name, { ...extra, ...scheme }]))),
    );
  return answer;
}

export function schemeRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/api/schemas',
      summary: "Annotation schemes by name: the caller's (their cohort's, when cohorts bind schemes)",
      access: 'user',
      response: z.lazy(() => z.record(z.string(), schemeShape)),
      async handle({ username }) {
        // an auto-assigned annotator's cohort is chosen at their first hand-out, which the page may ask for after this
        if (s.task.cohortSchemes && s.config.cohorts.autoAssign && s.task.cohortOf?.(username) === undefined)
          await s.annotations.listOf(username).catch(() => undefined);
        return schemesAnswer(schemesFor(s.task, username));
      },
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
