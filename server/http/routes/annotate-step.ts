/**
 * The annotate screen's fast path: one request per step saves the instance being left, moves on, and returns
 * the new instance together with the one after it, which the screen keeps ready to show the moment the
 * annotator presses Enter again.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { predictionRow } from './data.js';
import { route, type RouteSpec } from '../route.js';
import { AnnotationSteps } from '../../domain/annotation/step.js';
import type { CurrentInstance } from '../../domain/annotation/annotation-service.js';
import { submission } from './annotation.js';
import { currentAnswer, currentInstance } from './current-instance.js';
import { storedAnswersShape, viewOf } from './instance-view.js';
import { noteOut } from './item-notes.js';
import { timeFields } from './item-time.js';
import { paintedSpan } from './span-shape.js';

const instanceView = currentInstance.extend({
  stored: storedAnswersShape.describe("the caller's answers, as GET /get_annotations gives them"),
  keywords: z.array(paintedSpan).describe('as GET /api/keyword_highlights/{instance_id} gives them'),
  predictions: z.array(predictionRow).describe('as GET /api/predictions/{instance_id} gives them'),
  note: noteOut.describe("the caller's note and flags, as GET /api/item_note gives them"),
});

const stepResponse = z.lazy(() =>
  z.object({
    result: z
      .object({
        status: z.literal('success'),
        processing_time_ms: z.number(),
        qc_result: z.record(z.string(), z.unknown()).optional(),
      })
      .nullable()
      .describe('what /updateinstance answers for the saved instance; null when nothing was sent'),
    current: instanceView,
    next: instanceView
      .nullable()
      .describe('the instance after `current` in the list, to show without asking; null at the end'),
    undo: z
      .string()
      .nullable()
      .describe(
        "the instance the caller's latest saving step saved, which POST /api/annotate/undo takes back; null when there is none",
      ),
  }),
);

const stepBody = submission
  .omit({ instance_id: true })
  .extend({
    from: z
      .string()
      .min(1)
      .max(256)
      .describe(
        'the instance being left; the step moves to the one after it (or before it, with `to`), so sending it twice lands on the same instance',
      ),
    to: z
      .enum(['next', 'previous'])
      .optional()
      .describe('`previous` moves to the instance before `from` instead of the one after it (default `next`)'),
    time: timeFields
      .strict()
      .optional()
      .describe(
        "the page's visible time on `from` since its last report (and `visit` when it opened it), added as POST /api/annotate/time adds it, so leaving an item takes no second request; kept even when the answers are refused; with `report_id`, a step sent again adds its time once; quality-check items keep no time",
      ),
  })
  .strict();

export function annotateStepRoutes(s: Services): RouteSpec[] {
  const steps = () => new AnnotationSteps(s.annotations, s.assignments, s.undo, s.itemTimes);
  const build = currentAnswer(s);
  const answer = (username: string, current: CurrentInstance, next: string | null) => ({
    current: viewOf(s, username, build, current),
    next: next === null ? null : viewOf(s, username, build, current, next),
    undo: s.undo.latest(username),
  });
  return [
    route({
      method: 'GET',
      path: '/api/annotate/step',
      summary:
        "The caller's current instance and the one after it, each with its display, stored answers, highlights and predictions",
      access: 'user',
      response: stepResponse,
      async handle({ username }) {
        const { current, next } = await steps().here(username);
        return { result: null, ...answer(username, current, next) };
      },
    }),
    route({
      method: 'POST',
      path: '/api/annotate/step',
      summary:
        'Save the answers to `from` (when annotations or span_annotations are sent, as /updateinstance does) and move to the instance after it (or before it, with `to: previous`); answers with that instance and the one after',
      access: 'user',
      body: stepBody,
      response: stepResponse,
      async handle({ username, body }) {
        const { from, to, time, ...parts } = body;
        const sent = Object.values(parts).some((part) => part !== undefined);
        const { result, current, next } = await steps().step(username, {
          from,
          to,
          time,
          submission: sent ? { instance_id: from, ...parts } : undefined,
        });
        return { result, ...answer(username, current, next) };
      },
    }),
    route({
      method: 'POST',
      path: '/api/annotate/undo',
      summary:
        "Undo the caller's latest saving step, which must have saved `instance_id`: its answers go back to what they were before that step (none, if it was the first), and it becomes the current instance. 409 when that is not the latest step, when there is none, or when the answers were changed since by other means (the step is then dropped, answers untouched)",
      access: 'user',
      body: z
        .object({
          instance_id: z
            .string()
            .min(1)
            .max(256)
            .describe('the instance the step to undo saved (`undo` of the last step answer)'),
        })
        .strict(),
      response: stepResponse,
      async handle({ username, body }) {
        const { current, next } = await steps().undo(username, body.instance_id);
        return { result: null, ...answer(username, current, next) };
      },
    }),
  ];
}
