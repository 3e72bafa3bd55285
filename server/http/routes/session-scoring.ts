/**
 * Session-level scoring at Potato's paths (`/api/sessions…`): the sessions with the caller's progress, one
 * session's items and everyone's figures, the caller's answer to a session-level scheme, and every answer for
 * the admin. (Not the login session: that is `session.ts`.)
 */
import { z } from 'zod';
import type { Services } from '../../services.js';
import { route, type RouteSpec } from '../route.js';

const value = z.lazy(() =>
  z.union(
    [
      z.strictObject({ value: z.union([z.string().max(20_000), z.number()]) }),
      z.strictObject({ values: z.array(z.string().max(256)).max(1000) }),
      z.null(),
    ],
    { message: 'must be {"value": …} for one answer, {"values": [...]} for several, or null to clear' },
  ),
);
const answer = z.lazy(() =>
  z.union([z.object({ value: z.union([z.string(), z.number()]) }), z.object({ values: z.array(z.string()) })]),
);
const answers = z.lazy(() => z.record(z.string(), answer).describe('scheme → answer'));
const aggregates = z.lazy(() =>
  z
    .record(
      z.string(),
      z.object({
        n_annotators: z.number().int(),
        mean: z.number().optional().describe('numeric schemes: likert points, sliders, numbers'),
        value_counts: z.record(z.string(), z.number().int()).optional().describe('choice schemes'),
      }),
    )
    .describe("scheme → the figures of every annotator's answers"),
);

export function sessionScoringRoutes(s: Services): RouteSpec[] {
  const schemes = () =>
    s.sessions.settings.schemes.map((scheme) => ({
      name: scheme.name,
      annotation_type: scheme.annotation_type,
      description: scheme.description,
      labels: scheme.labels.map((l) => l.name),
      ...(scheme.min !== undefined && { min: scheme.min }),
      ...(scheme.max !== undefined && { max: scheme.max }),
      ...(scheme.min_label !== undefined && { min_label: scheme.min_label }),
      ...(scheme.max_label !== undefined && { max_label: scheme.max_label }),
    }));
  const schemeOut = z.object({
    name: z.string(),
    annotation_type: z.string(),
    description: z.string(),
    labels: z.array(z.string()),
    min: z.number().optional(),
    max: z.number().optional(),
    min_label: z.string().optional(),
    max_label: z.string().optional(),
  });
  return [
    route({
      method: 'GET',
      path: '/api/sessions',
      summary:
        'The sessions (items sharing a session key) with their size and the schemes the caller has answered; 503 while sessions are off',
      access: 'user',
      response: z.lazy(() =>
        z.object({
          sessions: z.array(
            z.object({
              name: z.string(),
              case_id: z.string(),
              n_traces: z.number().int(),
              attributes: z.record(z.string(), z.unknown()),
              my_schemas_done: z.array(z.string()),
              n_schemas: z.number().int(),
            }),
          ),
          schemes: z.array(schemeOut),
        }),
      ),
      handle: ({ username }) => ({ sessions: s.sessions.queue(username), schemes: schemes() }),
    }),
    route({
      method: 'GET',
      path: '/api/sessions/export',
      summary: "Every session-level answer, one row per (session, annotator, scheme), with the session's items",
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          rows: z.array(
            z.object({
              session: z.string(),
              case_id: z.string(),
              annotator: z.string(),
              schema: z.string(),
              value: answer,
              updated_at: z.string(),
              instance_ids: z.array(z.string()),
            }),
          ),
        }),
      ),
      handle: () => ({ rows: s.sessions.exportRows() }),
    }),
    route({
      method: 'GET',
      path: '/api/sessions/:case_id',
      summary: "One session: its items with a preview, the caller's answers and the figures of everyone's",
      access: 'user',
      response: z.lazy(() =>
        z.object({
          name: z.string(),
          case_id: z.string(),
          attributes: z.record(z.string(), z.unknown()),
          members: z.array(z.object({ instance_id: z.string(), preview: z.string() })),
          my_annotations: answers,
          aggregates,
          schemes: z.array(schemeOut),
        }),
      ),
      handle: ({ username, params }) => ({
        ...s.sessions.detail(username, params.case_id),
        schemes: schemes(),
      }),
    }),
    route({
      method: 'POST',
      path: '/api/sessions/:case_id/annotate',
      summary:
        'Stores the caller\'s answer to one session-level scheme: {schema, value: {"value": x} | {"values": [...]} | null (clears it)}',
      access: 'user',
      body: z.lazy(() => z.object({ schema: z.string().min(1).max(256), value })),
      response: z.lazy(() => z.object({ success: z.literal(true), my_annotations: answers, aggregates })),
      async handle({ username, params, body }) {
        const saved = await s.sessions.annotate(username, params.case_id, body.schema, body.value);
        return { success: true as const, ...saved };
      },
    }),
  ];
}
