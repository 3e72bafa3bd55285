/**
 * Potato's page paths, which links and bookmarks point at, lead to our UI; a study link (`/?PROLIFIC_PID=…`,
 * or any of these paths with the worker's parameter) signs the worker in first. `GET /logout` from a link
 * logs out only for a navigation from our own pages, so a foreign page cannot log a user out. `GET /health` is
 * Potato's public liveness probe, which container health checks written for Potato call.
 */
import { z } from 'zod';
import type { Context } from 'koa';
import type { Services } from '../../compose.js';
import { DomainError } from '../../domain/errors.js';
import { statusOf } from '../errors.js';
import { route, type RouteSpec } from '../route.js';
import { sessionUser } from '../guards.js';
import { chooseDesktop, desktopChosen } from './pocket.js';
import { escapeHtml } from '../../domain/display/sanitize.js';

/** Potato's pages, and where each leads in our UI. */
const POTATO_PAGES: Record<string, string> = {
  '/annotate': '/',
  '/login': '/',
  '/auth': '/',
  '/register': '/',
  '/home': '/',
  '/consent': '/',
  '/instructions': '/',
  '/prestudy': '/',
  '/training': '/',
  '/poststudy': '/',
  '/done': '/',
  '/progress': '/',
  // Potato's page after a jump: its GET only shows the annotation page (a jump is a POST)
  '/go_to': '/',
  '/sessions': '/#/sessions',
  // the codebook's full page; a visitor without a session logs in there and stays on it
  '/codebook': '/#/codebook',
  '/admin': '/#/admin',
  '/admin/review': '/#/admin/review',
  '/admin/automation': '/#/admin/automation',
};

/** The path a study link at `/` is handled as (app.ts routes it here when the query names a worker). */
export const STUDY_LINK_PATH = '/annotate';

/** A short page for a browser (a JSON body to a script), for answers a person opening a link reads. */
export function page(
  ctx: Context,
  status: number,
  title: string,
  message: string,
): undefined | { error: string } | { status: string; message: string } {
  ctx.status = status;
  if (ctx.accepts('json', 'html') === 'html') {
    ctx.type = 'html';
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.body = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
    return undefined;
  }
  return status >= 400 ? { error: message } : { status: 'success', message };
}

/** Whether a browser sent this navigation from one of our own pages (or the user typed or bookmarked it). */
function fromOwnPage(ctx: Context): boolean {
  const site = ctx.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = ctx.get('origin');
  if (origin) {
    try {
      return new URL(origin).host.toLowerCase() === ctx.get('host').toLowerCase();
    } catch {
      return false;
    }
  }
  // no browser's fetch metadata: a script or an old browser, which no foreign page can drive
  return true;
}

/**
 * The annotation page's device routing (Pocket Mode): "Desktop site" (`?desktop=1`) is remembered for the
 * browser session; a phone or tablet of a logged-in annotator is otherwise sent to the card stack. Scripts and
 * desktop agents are never sent anywhere new.
 */
async function annotationPage(s: Services, ctx: Context): Promise<string | undefined> {
  // not counted here: the page this leads to (/ or /pocket) counts the visit, once
  if (!sessionUser(ctx)) return undefined;
  if (ctx.query.desktop === '1') {
    chooseDesktop(ctx, true);
    return undefined;
  }
  return s.pocket.redirects(ctx.get('user-agent'), desktopChosen(ctx)) ? '/pocket' : undefined;
}

export function potatoPageRoutes(s: Services): RouteSpec[] {
  const pages = Object.entries(POTATO_PAGES).map(([path, target]) =>
    route({
      method: 'GET',
      path,
      summary: `Potato's ${path} page: leads to the UI${path === STUDY_LINK_PATH ? '; a study link signs the worker in first' : ''}`,
      access: 'public',
      responds: { redirect: 302 },
      async handle({ ctx }) {
        ctx.set('Cache-Control', 'no-store');
        if (s.crowd.names(ctx.query)) {
          // a study link is a top-level navigation, from the platform's site; a page embedding it as an image or
          // script must not sign its visitor in under a name of its choosing
          const dest = ctx.get('sec-fetch-dest');
          if (dest && dest !== 'document')
            return page(ctx, 403, 'Not signed in', 'A study link signs in only when opened as a page.');
          let username: string;
          try {
            username = await s.crowd.signIn(ctx.query);
          } catch (e) {
            if (e instanceof DomainError) return page(ctx, statusOf(e.kind), 'Cannot start the study', e.message);
            throw e;
          }
          await ctx.session!.signIn(username);
          ctx.status = 303;
          // a worker opening the study on a phone starts in the card stack when the task is made for it
          ctx.redirect(s.pocket.redirects(ctx.get('user-agent'), desktopChosen(ctx)) ? '/pocket' : '/');
          return undefined;
        }
        if (
          s.crowd.enabled &&
          path === STUDY_LINK_PATH &&
          !ctx.session?.username &&
          ctx.accepts('json', 'html') === 'html'
        ) {
          const argument = s.crowd.settings.loginArgument!;
          return page(
            ctx,
            400,
            'Open the study from its link',
            `This study signs you in from its link, which carries ${argument}. Open it again from ${s.crowd.settings.platformLabel}.`,
          );
        }
        if (path === STUDY_LINK_PATH) {
          const where = await annotationPage(s, ctx);
          if (where) {
            ctx.status = 302;
            ctx.redirect(where);
            return undefined;
          }
        }
        ctx.status = 302;
        // the progress page is the annotate screen's while it is off, as in Potato
        ctx.redirect(path === '/progress' && s.annotatorDashboard.settings.enabled ? '/#/progress' : target);
        return undefined;
      },
    }),
  );
  return [
    ...pages,
    route({
      method: 'GET',
      path: '/health',
      summary:
        "Potato's liveness probe for containers and load balancers: public, so it says nothing about the project (GET /admin/health does)",
      access: 'public',
      response: z.lazy(() => z.object({ status: z.literal('ok') })),
      handle({ ctx }) {
        ctx.set('Cache-Control', 'no-store');
        return { status: 'ok' as const };
      },
    }),
    route({
      method: 'GET',
      path: '/logout',
      summary:
        'Log out from a link (only a navigation from our own pages; a foreign page is sent to the UI still logged in)',
      access: 'public',
      response: z
        .object({ status: z.literal('success') })
        .describe('for a script; a browser is sent to the UI or shown a page'),
      async handle({ ctx }) {
        ctx.set('Cache-Control', 'no-store');
        if (!fromOwnPage(ctx)) {
          ctx.status = 303;
          ctx.redirect('/');
          return undefined;
        }
        ctx.session = null;
        if (s.crowd.enabled) {
          return page(
            ctx,
            200,
            'Logged out',
            `Your responses are saved. To continue the study, open its link from ${s.crowd.settings.platformLabel} again.`,
          );
        }
        if (ctx.accepts('json', 'html') === 'html') {
          ctx.status = 303;
          ctx.redirect('/');
          return undefined;
        }
        return { status: 'success' };
      },
    }),
  ];
}
