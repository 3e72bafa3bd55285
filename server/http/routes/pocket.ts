/**
 * Potato's Pocket Mode at its paths: the card stack's page (`/pocket`, drawn by our UI at `/pocket/#/pocket`),
 * what it reads (`/pocket/api/task`, `/pocket/api/batch`), the routing facts and the device report for admins.
 * Answers are saved through POST /updateinstance, the desktop page's own submission: nothing here writes an answer.
 */
import { z } from 'zod';
import type { Context } from 'koa';
import type { Services } from '../../compose.js';
import { deviceClass } from '../../../shared/device-class.js';
import { sessionUser } from '../guards.js';
import { leaveToUi, route, type RouteSpec } from '../route.js';
import { schemeShape } from './scheme-shape.js';

/** The "Full view" choice: a cookie kept on the device for a year, cleared by opening /pocket again. */
const DESKTOP_COOKIE = 'marginalia.desktop';

export const desktopChosen = (ctx: Context): boolean => ctx.cookies.get(DESKTOP_COOKIE) === '1';

export function chooseDesktop(ctx: Context, chosen: boolean): void {
  // kept for the device, where Potato's lasts for the browser session: a phone user who chose the full page is not
  // sent back to the cards at every visit; the Compact view link on that page (/pocket) undoes it
  ctx.cookies.set(DESKTOP_COOKIE, chosen ? '1' : '', {
    httpOnly: true,
    sameSite: 'lax',
    overwrite: true,
    maxAge: chosen ? 365 * 24 * 3600 * 1000 : undefined,
  });
}

/** Counts a logged-in user's visit by their User-Agent; a failed count never fails the page. */
export async function countVisit(s: Services, ctx: Context, username: string, pocket: boolean): Promise<void> {
  const agent = ctx.get('user-agent');
  await s.deviceVisits.record(username, deviceClass(agent), agent, pocket).catch((e: unknown) => {
    s.logger.warn(`pocket: a device visit of "${username}" was not counted: ${String(e)}`);
  });
}

const routing = z.lazy(() =>
  z.object({
    enabled: z.boolean(),
    capable: z.boolean().describe('every scheme of the task is touch-capable'),
    auto_redirect: z.boolean(),
    available: z.boolean().describe('enabled and capable: phones are served the card stack'),
    incompatible_schemes: z.array(z.string()).describe('the schemes that keep the task off phones'),
  }),
);

const pocketScheme = z.lazy(() =>
  z.object({
    ...schemeShape.pick({
      name: true,
      annotation_type: true,
      description: true,
      displayed_name: true,
      min: true,
      max: true,
      step: true,
      starting_value: true,
      min_label: true,
      max_label: true,
    }).shape,
    labels: z.array(z.string()).describe('label names; a text, number or slider scheme stores its value under its one'),
    required: z.boolean(),
  }),
);

const visitRow = z.lazy(() =>
  z.object({
    username: z.string(),
    last_device: z.enum(['mobile', 'tablet', 'desktop']),
    last_seen: z.string(),
    last_user_agent: z.string(),
    mobile_visits: z.number().int(),
    tablet_visits: z.number().int(),
    desktop_visits: z.number().int(),
    pocket_visits: z.number().int(),
    used_touch_device: z.boolean(),
  }),
);

export function pocketRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/pocket',
      summary:
        'The mobile card stack: leads to the UI at /pocket/#/pocket (anonymous: to the login page) and clears a "Desktop site" choice; 404 unless pocket.enabled',
      access: 'public',
      responds: { redirect: 302 },
      async handle({ ctx }) {
        // the router also matches /pocket/, the card stack's page itself: left to the UI, which draws it
        if (ctx.path !== '/pocket') return leaveToUi(ctx);
        s.pocket.requireEnabled();
        ctx.set('Cache-Control', 'no-store');
        const username = sessionUser(ctx);
        ctx.status = 302;
        if (!username) {
          ctx.redirect('/login');
          return undefined;
        }
        if (desktopChosen(ctx)) chooseDesktop(ctx, false);
        await countVisit(s, ctx, username, true);
        // under /pocket/, so the card stack's service worker (scope /pocket) can open it again offline
        ctx.redirect('/pocket/#/pocket');
        return undefined;
      },
    }),
    route({
      method: 'GET',
      path: '/pocket/api/task',
      summary:
        "The card stack's task: its name, its schemes and whether every one is touch-capable; 404 unless pocket.enabled",
      access: 'user',
      response: z.lazy(() =>
        z.object({
          task_name: z.string(),
          capable: z.boolean(),
          incompatible_schemes: z.array(z.string()),
          schemas: z.array(pocketScheme),
        }),
      ),
      handle({ ctx }) {
        ctx.set('Cache-Control', 'no-store');
        return s.pocket.task();
      },
    }),
    route({
      method: 'GET',
      path: '/pocket/api/batch',
      summary:
        "The caller's next items not yet answered, in their list's order (n of them, default pocket.batch_size), with their progress; 404 unless pocket.enabled",
      access: 'user',
      query: z.lazy(() => z.object({ n: z.coerce.number().int().min(1).max(200).optional() })),
      response: z.lazy(() =>
        z.object({
          items: z.array(z.object({ instance_id: z.string(), text: z.string() })),
          total: z.number().int().describe('what the caller is expected to annotate, as the annotate screen counts'),
          done: z.number().int(),
        }),
      ),
      async handle({ username, query, ctx }) {
        ctx.set('Cache-Control', 'no-store');
        return s.pocket.batch(username, query.n);
      },
    }),
    route({
      method: 'GET',
      path: '/pocket/api/routing',
      summary: 'Whether phones are sent to the card stack and why not (answers while pocket is off too)',
      access: 'user',
      response: routing,
      handle: () => s.pocket.routing(),
    }),
    route({
      method: 'POST',
      path: '/pocket/api/device_hint',
      summary:
        "The page's own report of a touch device (a tablet that calls itself a desktop), counted as a visit from it",
      access: 'user',
      body: z.lazy(() => z.object({ device: z.enum(['mobile', 'tablet', 'desktop']) })),
      response: z.lazy(() => z.object({ ok: z.literal(true) })),
      async handle({ username, body, ctx }) {
        await s.deviceVisits.record(username, body.device, ctx.get('user-agent'), false);
        return { ok: true as const };
      },
    }),
    route({
      method: 'GET',
      path: '/pocket/api/devices',
      summary: 'Per annotator, the device classes of their visits (touch-device users first) and the routing facts',
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          users: z.array(visitRow),
          summary: z.object({ n_users: z.number().int(), n_touch_users: z.number().int(), headline: z.string() }),
          routing,
        }),
      ),
      handle: () => ({ ...s.deviceVisits.report(), routing: s.pocket.routing() }),
    }),
  ];
}
