/** Login, registration and logout (docs/accounts.md). Potato's /login and email/pass work too. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { conflict, DomainError, forbidden } from '../../domain/errors.js';
import { route, type RouteSpec } from '../route.js';
import { countVisit } from './pocket.js';

const credentials = z.lazy(() =>
  z
    .object({
      username: z.string().optional(),
      email: z.string().optional(),
      password: z.string().optional(),
      pass: z.string().optional(),
    })
    .transform((b, ctx) => {
      const username = (b.username ?? b.email ?? '').trim();
      if (!username) ctx.addIssue({ code: 'custom', path: ['username'], message: 'required' });
      const password = b.password ?? b.pass ?? '';
      if (password.length > 1024)
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'longer than 1024 characters' });
      return { username, password };
    }),
);

const authResponse = z.lazy(() => z.object({ status: z.literal('success'), username: z.string() }));

const me = z.lazy(() =>
  z.object({
    username: z.string(),
    is_admin: z.boolean(),
    is_adjudicator: z.boolean().describe('adjudication is on and the user is an adjudicator or an admin user'),
    task_name: z.string(),
    progress_page: z.boolean().describe('the progress page (annotator_dashboard) is on: GET /progress/api/summary'),
  }),
);

/**
 * With single sign-on on, the password form is for admin names only unless allow_local_login keeps it; an account
 * a provider made (it has no password) never opens by name alone, whatever require_password says.
 */
function refusePasswordLogin(s: Services, username: string): void {
  if (!s.oauth.enabled || s.accounts.isAdminName(username)) return;
  const names = s.oauth.settings.providers.map((p) => p.displayName).join(' or ');
  if (!s.oauth.settings.localLogin) throw forbidden(`this project signs in with ${names}: use its button`);
  const bound = s.oauth.boundProvider(username);
  if (bound && !s.accounts.get(username)?.password_hash)
    throw forbidden(`"${username}" signs in with ${bound.displayName}: use its button`);
}

export function sessionRoutes(s: Services): RouteSpec[] {
  const meOf = (username: string) => ({
    username,
    is_admin: s.adminAuth.isAdminUser(username),
    is_adjudicator: s.adjudication.mayAdjudicate(username),
    task_name: s.settings.get().annotation_task_name,
    progress_page: s.annotatorDashboard.settings.enabled,
  });
  const login = route({
    method: 'POST',
    path: '/auth',
    summary: 'Log in (form-encoded or JSON: username, password); sets the session cookie',
    access: 'public',
    body: credentials,
    response: authResponse,
    async handle({ body, ctx }) {
      await s.throttle.check(ctx.ip, body.username);
      // a study platform's worker has no password: their link is their only way in
      if (s.crowd.isWorker(body.username))
        throw forbidden(`username: "${body.username}" signs in from the study link, not with a password`);
      refusePasswordLogin(s, body.username);
      let user;
      try {
        user = await s.accounts.authenticate(body.username, body.password);
      } catch (e) {
        // only wrong credentials count as guesses; a malformed request (400) is not one
        if (e instanceof DomainError && e.kind === 'unauthorized') s.throttle.failed(ctx.ip, body.username);
        throw e;
      }
      s.throttle.succeeded(ctx.ip, body.username);
      await ctx.session!.signIn(user.username);
      // a login from our own page is a visit: the page opened at / before it had no one to count
      if (ctx.get('sec-fetch-site') === 'same-origin') await countVisit(s, ctx, user.username, false);
      if (ctx.is('urlencoded') && ctx.accepts('json', 'html') === 'html') {
        ctx.status = 303;
        ctx.redirect('/');
        return { status: 'success', username: user.username };
      }
      return { status: 'success', username: user.username };
    },
  });
  return [
    login,
    { ...login, path: '/login', summary: 'Potato spelling of /auth' },
    route({
      method: 'POST',
      path: '/register',
      summary: 'Create an account (when the project allows registration) and log in',
      access: 'public',
      body: credentials,
      response: authResponse,
      async handle({ body, ctx }) {
        if (s.crowd.isWorker(body.username)) throw conflict(`the username "${body.username}" is taken`);
        refusePasswordLogin(s, body.username);
        const user = await s.accounts.register(body.username, body.password);
        await ctx.session!.signIn(user.username);
        return { status: 'success', username: user.username };
      },
    }),
    route({
      method: 'POST',
      path: '/logout',
      summary: 'End the session on the server',
      access: 'public',
      response: z.lazy(() => z.object({ status: z.literal('success') })),
      handle({ ctx }) {
        ctx.session = null;
        return { status: 'success' };
      },
    }),
    route({
      method: 'GET',
      path: '/api/me',
      summary: 'Who is logged in, whether they are an admin, and whether they may adjudicate',
      access: 'user',
      response: me,
      handle({ username }) {
        return meOf(username);
      },
    }),
    route({
      method: 'GET',
      path: '/api/session',
      summary:
        "The page's first question: who is logged in, as /api/me answers, or null when no one is (a 200 either way, since a visitor not yet signed in is no error)",
      access: 'public',
      response: z.object({ user: me.nullable() }),
      handle({ username }) {
        return { user: username ? meOf(username) : null };
      },
    }),
  ];
}
