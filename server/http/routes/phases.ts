/** The study's phases (docs/quality-and-phases.md): where the caller is, and moving on. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { displayLogic } from './scheme-shape.js';

const completion = z.lazy(() =>
  z
    .object({
      phase: z.string().max(200).optional(),
      answers: z.record(z.string().max(200), z.unknown()).default({}),
    })
    .loose(),
);

const answer = z.lazy(() => z.union([z.string(), z.array(z.string())]));

const walk = z.lazy(() =>
  z.object({
    item: z.number().int().describe('the item the page shows, from 1'),
    items: z.number().int(),
    right: z.number().int().describe('items answered right so far'),
  }),
);

export const phaseView = z.lazy(() =>
  z.object({
    phase: z.string().describe('the phase name; "done" past the last'),
    type: z.enum(['consent', 'instructions', 'training', 'prestudy', 'annotation', 'poststudy', 'done']),
    title: z.string(),
    content: z.string(),
    content_html: z.string().describe("the content's Markdown rendered and sanitized"),
    questions: z.array(
      z.object({
        id: z.string(),
        text: z.string(),
        type: z.enum(['radio', 'multiselect', 'text', 'number']),
        options: z.array(z.string()).optional(),
        dropdown: z.boolean().optional().describe('a one-answer question drawn as a drop-down list (a select scheme)'),
        required: z.boolean(),
        accept: z.array(z.string()).optional().describe('the only answers that let the annotator go on'),
        display_logic: displayLogic.optional(),
      }),
    ),
    earlier_answers: z
      .record(z.string(), answer)
      .optional()
      .describe("answers given on earlier pages that this page's conditions read"),
    next_phase: z.string().nullable(),
    index: z.number().int(),
    total: z.number().int(),
    completed: z.array(z.object({ phase: z.string(), at: z.string() })),
    can_go_back: z
      .boolean()
      .describe(
        'the caller may go back to the phase before theirs (allow_phase_back_navigation; POST /api/phase/back)',
      ),
    saved_answers: z
      .record(z.string(), answer)
      .optional()
      .describe("answers saved on Potato's page of this phase before it is sent"),
    walk: walk.optional().describe("training: where Potato's one-item-at-a-time walk is"),
    remaining: z.number().int().optional().describe('annotation phase: assigned instances not annotated yet'),
    attempts: z.number().int().optional().describe('training: attempts used'),
    max_attempts: z.number().int().nullable().optional(),
    failed: z.boolean().optional().describe('training: no attempts left'),
  }),
);

const score = {
  passed: z.boolean().optional(),
  correct: z.number().int().optional(),
  total: z.number().int().optional(),
  feedback: z
    .array(z.object({ id: z.string(), correct: z.boolean(), explanation: z.string().optional() }))
    .optional()
    .describe('training: per question, whether it was right'),
};

/** What sending Potato's page of a phase answers a script (POST /consent, /training, ...). */
export const pageSent = z.lazy(() =>
  z
    .object({
      status: z.enum(['success', 'continue', 'failed']).describe('continue: the next training item is shown'),
      completed_phase: z.string().optional(),
      next_phase: z.string().optional(),
      ...score,
      passed: z.boolean().nullable().optional(),
      answer_correct: z.boolean().optional().describe("training: the page's item was answered right"),
      walk: walk.optional(),
      attempts_left: z.number().int().nullable().optional(),
    })
    .describe('the phase completed, or in a training walk the item graded'),
);

const completionResult = z.lazy(() =>
  z.union([
    z.object({ status: z.literal('success'), completed_phase: z.string(), next_phase: z.string(), ...score }),
    z
      .object({ status: z.literal('failed'), ...score, attempts_left: z.number().int().nullable() })
      .describe('a training attempt below the passing score'),
  ]),
);

export function phaseRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/api/phase',
      summary: "The caller's current phase with its content and questions",
      access: 'user',
      response: phaseView,
      handle: ({ username }) => s.phases.current(username),
    }),
    route({
      method: 'POST',
      path: '/api/phase/complete',
      summary: 'Complete the current phase (with answers where it asks); fires user.phase_completed',
      access: 'user',
      body: completion,
      response: completionResult,
      handle: ({ username, body }) => s.phases.complete(username, body.phase, body.answers),
    }),
    route({
      method: 'POST',
      path: '/api/phase/back',
      summary:
        'Go back to the phase before the current one, its answers kept to change (allow_phase_back_navigation; 403 when off)',
      access: 'user',
      body: z.lazy(() =>
        z.object({ phase: z.string().max(200).optional().describe('the phase the caller is leaving') }).strict(),
      ),
      response: phaseView,
      handle: ({ username, body }) => s.phases.back(username, body.phase),
    }),
  ];
}
