/**
 * The crowd platform's study managed from the admin side, at Potato's paths (`/admin/api/crowd/…`). What the
 * platform answers is passed on as it is (under `study`, `submissions`, `result`); a call without a configured
 * token is a 400 saying so, a platform failure a 502 (504 for a timeout).
 */
import { z } from 'zod';
import type { Services } from '../../services.js';
import { invalid } from '../../domain/errors.js';
import { REJECT_MESSAGE_MIN, STUDY_ACTIONS, SYNC_SOURCES } from '../../domain/crowd/platform-admin.js';
import { route, type RouteSpec } from '../route.js';

const platformId = z.string().min(1).max(128);
const passed = z.unknown().describe("the platform's answer, as it gave it");
const ACTIONS = [...STUDY_ACTIONS, 'places'] as const;

export function crowdAdminRoutes(s: Services): RouteSpec[] {
  const p = s.crowdPlatform;
  return [
    route({
      method: 'GET',
      path: '/admin/api/crowd/status',
      summary: 'How workers sign in, the platform, whether its API is configured, and the workers known here',
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          provider: z.string().describe('login.type: standard, url_direct or prolific'),
          platform: z.string().nullable(),
          api_configured: z.boolean(),
          study_id: z.string().nullable(),
          api_base_url: z.string(),
          annotated_workers: z.number().int(),
          blocked_workers: z.number().int(),
        }),
      ),
      handle: () => p.status(),
    }),
    route({
      method: 'GET',
      path: '/admin/api/crowd/study',
      summary: 'The study on the platform (the configured one, or `study_id`)',
      access: 'admin',
      query: z.object({ study_id: platformId.optional() }),
      response: z.object({ study: passed }),
      handle: async ({ query }) => ({ study: await p.study(query.study_id) }),
    }),
    route({
      method: 'POST',
      path: '/admin/api/crowd/study',
      summary:
        "Creates a draft study from Prolific's current study model (completion_codes, filters); its retired fields are refused",
      access: 'admin',
      body: z.lazy(() => z.record(z.string(), z.unknown())),
      response: z.object({ study: passed }),
      handle: async ({ body }) => ({ study: await p.createStudy(body) }),
    }),
    route({
      method: 'GET',
      path: '/admin/api/crowd/study/:study_id/submissions',
      summary: "The study's submissions on the platform",
      access: 'admin',
      response: z.object({ submissions: passed }),
      handle: async ({ params }) => ({ submissions: await p.submissions(params.study_id) }),
    }),
    route({
      method: 'POST',
      path: '/admin/api/crowd/study/:study_id/bonus',
      summary: 'Sets bonuses up, {"bonuses": [[participant_id, amount], ...]}, and pays them with "pay": true',
      access: 'admin',
      body: z.lazy(() =>
        z.object({
          bonuses: z
            .array(z.tuple([platformId, z.number().positive().max(1000)]))
            .min(1, 'bonuses required: [[participant_id, amount], ...]')
            .max(10_000),
          pay: z.boolean().default(false),
        }),
      ),
      response: z.lazy(() => z.object({ setup: passed, paid: z.boolean(), payment: passed.optional() })),
      handle: ({ params, body }) => p.bonus(params.study_id, body.bonuses, body.pay),
    }),
    route({
      method: 'POST',
      path: '/admin/api/crowd/study/:study_id/:action',
      summary: `A study's lifecycle: ${ACTIONS.join(', ')} (places: {"total_available_places": n}, which only grows)`,
      access: 'admin',
      body: z.lazy(() => z.object({ total_available_places: z.number().int().min(1).optional() })),
      response: z.object({ result: passed }),
      async handle({ params, body }) {
        const action = params.action;
        if (!(ACTIONS as readonly string[]).includes(action))
          throw invalid(`action: "${action}" is not a study action (${ACTIONS.join(', ')})`);
        return { result: await p.transition(params.study_id, action, body.total_available_places) };
      },
    }),
    route({
      method: 'POST',
      path: '/admin/api/crowd/submissions/:submission_id/approve',
      summary: 'Approves a submission on the platform',
      access: 'admin',
      response: z.object({ result: passed }),
      handle: async ({ params }) => ({ result: await p.approve(params.submission_id) }),
    }),
    route({
      method: 'POST',
      path: '/admin/api/crowd/submissions/:submission_id/reject',
      summary: `Rejects a submission: message (at least ${REJECT_MESSAGE_MIN} characters, as Prolific needs) and rejection_category`,
      access: 'admin',
      body: z.lazy(() =>
        z.object({
          message: z.string().max(5000),
          rejection_category: z.string().min(1).max(64).default('OTHER'),
        }),
      ),
      response: z.object({ result: passed }),
      handle: async ({ params, body }) => ({
        result: await p.reject(params.submission_id, body.message, body.rejection_category),
      }),
    }),
    route({
      method: 'POST',
      path: '/admin/api/crowd/qualification_sync',
      summary:
        "The project's workers who annotated (source: annotated) or were blocked (blocked) as a participant group on the platform: a new group (project_id, group_name) or an existing one (group_id)",
      access: 'admin',
      body: z.lazy(() =>
        z.object({
          source: z.enum(SYNC_SOURCES, { message: `must be ${SYNC_SOURCES.join(' or ')}` }).default('annotated'),
          project_id: platformId.optional(),
          group_name: z.string().min(1).max(200).optional(),
          group_id: platformId.optional(),
        }),
      ),
      response: z.lazy(() =>
        z.object({ group_id: z.string().nullable(), n_participants: z.number().int(), result: passed }),
      ),
      handle: ({ body }) => p.qualificationSync(body),
    }),
  ];
}
