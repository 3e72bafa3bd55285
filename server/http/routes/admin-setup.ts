/**
 * How an admin name gets its password without anyone registering it: `GET /setup?t=` (the one-time link the
 * server prints on its console) shows a password form, `POST /setup` sets the password and logs the admin in,
 * and `PUT /admin/api/users/:username/password` sets any password with the admin API key.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { escapeHtml } from '../../domain/display/sanitize.js';

const token = z.string().max(200).optional();
const password = z.string().max(1024);
const done = z.lazy(() => z.object({ status: z.literal('success'), username: z.string() }));

function page(username: string, t: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Set the password of ${escapeHtml(username)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<h1>Set the password of the admin account “${escapeHtml(username)}”</h1>
<p>This link works once. The password needs at least 8 characters and must not be a common one.</p>
<form method="post" action="/setup">
<input type="hidden" name="t" value="${escapeHtml(t)}">
<label>New password <input type="password" name="password" autocomplete="new-password" required minlength="8"></label>
<button type="submit">Set password and log in</button>
</form></body></html>`;
}

export function adminSetupRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/setup',
      summary:
        "The one-time admin setup link printed on the server's console: a form that sets the admin name's password",
      access: 'public',
      query: z.object({ t: token }),
      responds: { types: ['text/html'] },
      handle({ query, ctx }) {
        const username = s.adminSetup.peek(query.t);
        ctx.set('Cache-Control', 'no-store');
        ctx.set('Content-Security-Policy', "default-src 'none'; form-action 'self'; frame-ancestors 'none'");
        ctx.type = 'html';
        ctx.body = page(username, query.t!);
        return undefined;
      },
    }),
    route({
      method: 'POST',
      path: '/setup',
      summary:
        'Sets an admin name’s password with a one-time setup token (form-encoded or JSON: t, password) and logs in',
      access: 'public',
      body: z.object({ t: token, password }),
      response: done,
      async handle({ body, ctx }) {
        const user = await s.adminSetup.complete(body.t, body.password);
        await ctx.session!.signIn(user.username);
        if (ctx.is('urlencoded') && ctx.accepts('json', 'html') === 'html') {
          ctx.status = 303;
          ctx.redirect('/');
        }
        return { status: 'success', username: user.username };
      },
    }),
    route({
      method: 'PUT',
      path: '/admin/api/users/:username/password',
      summary: 'Sets (or resets) a user’s password, admin names included (admin API key or an admin session)',
      access: 'admin',
      body: z.object({ password }),
      response: done,
      async handle({ params, body }) {
        const user = await s.accounts.setPassword(params.username, body.password, 'admin_key');
        return { status: 'success', username: user.username };
      },
    }),
  ];
}
