/**
 * Potato's web agent recorder at its paths (`/api/web_agent/…`): a recording session's steps and screenshots, its
 * trace, and the proxy that shows an allowed site in the recorder's frame. A proxied page is served sandboxed
 * (its scripts run in an opaque origin, never ours), with no cookies either way and nothing cached.
 */
import { z } from 'zod';
import type { Services } from '../../services.js';
import { invalid } from '../../domain/errors.js';
import { route, type RouteSpec } from '../route.js';

const sessionId = z.string().max(100).default('');
const httpUrl = z
  .string()
  .max(2048)
  .refine((v) => /^https?:\/\/\S+$/i.test(v), 'must be an http:// or https:// URL');
const stepIndex = z.coerce.number().int().min(0).max(100_000);

export function webAgentRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'POST',
      path: '/api/web_agent/start_session',
      summary: "Start recording a browsing session on a site; the session is the caller's alone",
      access: 'user',
      body: z.lazy(() => z.object({ url: httpUrl, instance_id: z.string().min(1).max(256).optional() })),
      response: z.lazy(() => z.object({ session_id: z.string(), status: z.literal('recording') })),
      handle: ({ username, body }) => s.webAgent.start(username, body.url, body.instance_id),
    }),
    route({
      method: 'POST',
      path: '/api/web_agent/save_step',
      summary: "Add a step (as the recorder page sends it) to one of the caller's open sessions",
      access: 'user',
      body: z.lazy(() =>
        z.object({
          session_id: sessionId,
          step: z
            .record(z.string(), z.unknown())
            .refine((v) => JSON.stringify(v).length <= 20_000, 'must be at most 20,000 characters as JSON'),
        }),
      ),
      response: z.lazy(() => z.object({ status: z.literal('ok'), step_count: z.number().int() })),
      handle: ({ username, body }) => s.webAgent.saveStep(username, body.session_id, body.step),
    }),
    route({
      method: 'POST',
      path: '/api/web_agent/save_screenshot',
      summary: "A step's screenshot (base64 PNG, JPEG or WebP); session_id and step_index in the query, as in Potato",
      access: 'user',
      query: z.object({ session_id: sessionId, step_index: stepIndex }),
      body: z.lazy(() => z.object({ screenshot_data: z.string().min(1).max(2_100_000) })),
      response: z.lazy(() => z.object({ status: z.literal('ok'), screenshot_url: z.string() })),
      handle: ({ username, query, body }) =>
        s.webAgent.saveScreenshot(username, query.session_id, query.step_index, body.screenshot_data),
    }),
    route({
      method: 'GET',
      path: '/api/web_agent/screenshot/:session_id/:step_index',
      summary: "A screenshot of one of the caller's sessions",
      access: 'user',
      responds: { types: ['image/png', 'image/jpeg', 'image/webp'] },
      handle({ username, params, ctx }) {
        const index = stepIndex.safeParse(params.step_index);
        if (!index.success) throw invalid('step_index: must be a whole number from 0');
        const shot = s.webAgent.screenshot(username, params.session_id, index.data);
        ctx.type = shot.type;
        ctx.set('X-Content-Type-Options', 'nosniff');
        ctx.set('Cache-Control', 'private, no-store');
        ctx.body = shot.bytes;
        return undefined;
      },
    }),
    route({
      method: 'POST',
      path: '/api/web_agent/end_session',
      summary: 'End a recording session: its steps are kept as a trace, read at trace_path',
      access: 'user',
      body: z.lazy(() => z.object({ session_id: sessionId, task_description: z.string().max(20_000).optional() })),
      response: z.lazy(() =>
        z.object({ status: z.literal('saved'), step_count: z.number().int(), trace_path: z.string() }),
      ),
      handle: ({ username, body }) => s.webAgent.end(username, body.session_id, body.task_description),
    }),
    route({
      method: 'GET',
      path: '/api/web_agent/trace/:session_id',
      summary: "One of the caller's recordings as a trace: the site, the task, and the steps in order",
      access: 'user',
      response: z.lazy(() =>
        z.object({
          id: z.string(),
          session_id: z.string(),
          annotator: z.string(),
          site: z.string(),
          task_description: z.string(),
          instance_id: z.string().nullable(),
          started_at: z.string(),
          ended_at: z.string().nullable(),
          status: z.enum(['recording', 'saved']),
          steps: z.array(z.record(z.string(), z.unknown())),
        }),
      ),
      handle: ({ username, params }) => s.webAgent.trace(username, params.session_id),
    }),
    route({
      method: 'GET',
      path: '/api/web_agent/check_frameable',
      summary:
        'Whether a site may be shown in a frame; a URL the proxy may not fetch is answered frameable: false with the reason, and not fetched',
      access: 'user',
      query: z.lazy(() => z.object({ url: z.string().min(1).max(2048) })),
      response: z.lazy(() => z.object({ frameable: z.boolean(), reason: z.string() })),
      handle: ({ query }) => s.webProxy.frameable(query.url),
    }),
    route({
      method: 'GET',
      path: '/api/web_agent/proxy/*url',
      summary:
        'A page of a host web_agent.proxy.allowed_hosts lists, served sandboxed; any other URL, a private address or a scheme other than http(s) is a 403',
      access: 'user',
      responds: { types: ['text/html', 'application/octet-stream'] },
      async handle({ ctx }) {
        // the URL as the page wrote it, query included (the router would decode and split it)
        const raw = ctx.originalUrl.slice(
          ctx.originalUrl.indexOf('/api/web_agent/proxy/') + '/api/web_agent/proxy/'.length,
        );
        let url: string;
        try {
          url = decodeURI(raw);
        } catch {
          throw invalid('url: not a valid URL (a broken %-escape)');
        }
        const page = await s.webProxy.get(url);
        ctx.set('Content-Security-Policy', 'sandbox allow-scripts allow-forms allow-popups');
        ctx.set('X-Content-Type-Options', 'nosniff');
        ctx.set('Cache-Control', 'no-store');
        ctx.set('Referrer-Policy', 'no-referrer');
        ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
        if (page.location) {
          ctx.status = 302;
          ctx.redirect(page.location);
          return undefined;
        }
        ctx.status = page.status;
        ctx.type = page.contentType ?? 'application/octet-stream';
        ctx.body = page.body;
        return undefined;
      },
    }),
  ];
}
