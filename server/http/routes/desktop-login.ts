/**
 * `GET /auth/token?t=...`: the desktop window's sign-in. The Electron main process gets a one-time token from
 * the in-process server (`running.issueLoginToken`) and navigates its own window here; a page elsewhere has no way
 * to get a token, so this endpoint gives it nothing. A GET because it is a top-level navigation of the window.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';

export function desktopLoginRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/auth/token',
      summary:
        'Desktop app sign-in with a one-time token from the app itself; sets the session cookie and redirects to /',
      access: 'public',
      query: z.lazy(() => z.object({ t: z.string().max(200).optional() })),
      responds: { redirect: 303 },
      async handle({ query, ctx }) {
        const username = await s.loginTokens.consume(query.t);
        await ctx.session!.signIn(username);
        ctx.set('Cache-Control', 'no-store');
        ctx.status = 303;
        ctx.redirect('/');
        return undefined;
      },
    }),
  ];
}
