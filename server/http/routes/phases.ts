/** The study's phases (docs/quality-and-phases.md): where the caller is, and moving on. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';

const completion = z
  .object({
    phase: z.string().max(200).optional(),
    answers: z.record(z.string().max(200), z.unknown()).default({}),
  })
  .loose();

export function phaseRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/api/phase',
      summary: "The caller's current phase with its content and questions",
      access: 'user',
      handle: ({ username }) => s.phases.current(username),
    }),
    route({
      method: 'POST',
      path: '/api/phase/complete',
      summary: 'Complete the current phase (with answers where it asks); fires user.phase_completed',
      access: 'user',
      body: completion,
      handle: ({ username, body }) => s.phases.complete(username, body.phase, body.answers),
    }),
  ];
}
