/**
 * Password reset by link, with Potato's paths: an admin creates a link (`POST /admin/create_reset_token`) or sets
 * a password outright (`POST /admin/reset_password`); the user opens `/reset/<token>`, a short page of our own
 * like the setup link's, and sets a new password. `/forgot-password` records the request for the admin and
 * never shows a link, since whoever asks could then take over any account.
 */
import { z } from 'zod';
import type { Context } from 'koa';
import type { Services } from '../../compose.js';
import { DomainError, invalid, notFound } from '../../domain/errors.js';
import { MAX_RESET_TTL_HOURS, RESET_TTL_HOURS } from '../../domain/users/password-resets.js';
import { statusOf } from '../errors.js';
import { route, type RouteSpec } from '../route.js';
import { escapeHtml } from '../../domain/display/sanitize.js';

const password = z.string().max(1024);

/** One of this module's pages: plain HTML with no script, which may post only to this server. */
function html(ctx: Context, status: number, title: string, body: string): undefined {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', "default-src 'none'; form-action 'self'; frame-ancestors 'none'");
  ctx.body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<h1>${escapeHtml(title)}</h1>
${body}</body></html>`;
  return undefined;
}

const para = (text: string, role = '') => `<p${role ? ` role="${role}"` : ''}>${escapeHtml(text)}</p>`;

function resetForm(username: string, t: string, error?: string): string {
  return `${error ? para(error, 'alert') : ''}<p>Choose a new password for <strong>${escapeHtml(username)}</strong>. This link works once.</p>
<form method="post" action="/reset/${encodeURIComponent(t)}">
<p><label>New password <input type="password" name="password" autocomplete="new-password" required></label></p>
<p><label>Confirm password <input type="password" name="confirm_password" autocomplete="new-password" required></label></p>
<p><button type="submit">Set password</button></p>
</form>`;
}

const FORGOT_FORM = `<form method="post" action="/forgot-password">
<p><label>Username <input name="username" autocomplete="username" required></label></p>
<p><button type="submit">Ask for a reset link</button></p>
</form>`;

const FORGOT_DONE =
  'If an account by that name exists, the project owner has been told. They will send you a reset link; ' +
  'open it to choose a new password.';

/** A form posted by a browser gets a page back; a script gets JSON. */
const wantsPage = (ctx: Context) => ctx.is('urlencoded') && ctx.accepts('json', 'html') === 'html';

const done = z.lazy(() => z.object({ status: z.literal('success'), message: z.string(), username: z.string() }));

export function passwordResetRoutes(s: Services): RouteSpec[] {
  // the Host header was checked against the names this server answers to (guards.ts)
  const resetLink = (ctx: Context, t: string) => `${ctx.protocol}://${ctx.get('host')}/reset/${t}`;
  return [
    route({
      method: 'POST',
      path: '/admin/create_reset_token',
      summary:
        "Creates a single-use password reset link for an account (Potato's endpoint); the user's earlier links stop working",
      access: 'admin',
      body: z.lazy(() =>
        z.object({
          username: z.string().min(1).max(64),
          ttl_hours: z
            .number()
            .positive()
            .max(MAX_RESET_TTL_HOURS)
            .optional()
            .describe(`hours the link works (default ${RESET_TTL_HOURS})`),
        }),
      ),
      response: z.lazy(() =>
        z.object({
          status: z.literal('success'),
          username: z.string(),
          token: z.string(),
          reset_link: z.string(),
          expires_at: z.string(),
          expires_in_hours: z.number(),
        }),
      ),
      async handle({ body, ctx }) {
        const issued = await s.passwordResets.issue(body.username, body.ttl_hours);
        s.logger.info(`a password reset link for "${issued.username}" was created (until ${issued.expires_at})`);
        return { status: 'success' as const, ...issued, reset_link: resetLink(ctx, issued.token) };
      },
    }),
    route({
      method: 'POST',
      path: '/admin/reset_password',
      summary:
        "Sets an existing account's new password (Potato's endpoint; PUT /admin/api/users/:username/password too)",
      access: 'admin',
      body: z.lazy(() => z.object({ username: z.string().min(1).max(64), new_password: password })),
      response: done,
      async handle({ body }) {
        if (!s.accounts.get(body.username)) throw notFound(`username: no account "${body.username}"`);
        const user = await s.accounts.setPassword(body.username, body.new_password, 'admin_key');
        return { status: 'success' as const, message: 'Password updated successfully', username: user.username };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/password-resets',
      summary: 'Reset links not yet used or expired, and the requests users made on /forgot-password',
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          links: z.array(z.object({ username: z.string(), created_at: z.string(), expires_at: z.string() })),
          requests: z.array(z.object({ username: z.string(), requested_at: z.string() })),
        }),
      ),
      handle() {
        return { links: s.passwordResets.outstanding(), requests: s.passwordResets.requests() };
      },
    }),
    route({
      method: 'GET',
      path: '/reset/:token',
      summary:
        'The page a reset link opens: a form for the new password (once used or expired: a 404 page, or a JSON error to a client not asking for HTML)',
      access: 'public',
      responds: { types: ['text/html'] },
      handle({ params, ctx }) {
        let username: string;
        try {
          username = s.passwordResets.peek(params.token);
        } catch (e) {
          // a browser opening the link gets a page saying why; a script gets the JSON error every route gives
          if (e instanceof DomainError && ctx.accepts('json', 'html') === 'html')
            return html(ctx, statusOf(e.kind), 'Reset link not valid', para(e.message));
          throw e;
        }
        return html(ctx, 200, 'Set a new password', resetForm(username, params.token));
      },
    }),
    route({
      method: 'POST',
      path: '/reset/:token',
      summary:
        'Sets the new password with a reset link (form-encoded or JSON: password, confirm_password) and ends the user’s sessions',
      access: 'public',
      body: z.object({ password, confirm_password: password.optional() }),
      response: done,
      async handle({ params, body, ctx }) {
        try {
          if (body.confirm_password !== undefined && body.confirm_password !== body.password)
            throw invalid('confirm_password: does not match password');
          const user = await s.passwordResets.complete(params.token, body.password);
          const message = 'Password updated successfully: log in with the new password';
          if (wantsPage(ctx))
            return html(ctx, 200, 'Password updated', `${para(message)}<p><a href="/">Log in</a></p>`);
          return { status: 'success' as const, message, username: user.username };
        } catch (e) {
          if (!(e instanceof DomainError) || !wantsPage(ctx)) throw e;
          // a browser's form comes back with the reason, while the link still works
          if (e.kind === 'invalid')
            return html(
              ctx,
              400,
              'Set a new password',
              resetForm(s.passwordResets.peek(params.token), params.token, e.message),
            );
          return html(ctx, statusOf(e.kind), 'Reset link not valid', para(e.message));
        }
      },
    }),
    route({
      method: 'GET',
      path: '/forgot-password',
      summary: 'A form asking for a password reset',
      access: 'public',
      responds: { types: ['text/html'] },
      handle({ ctx }) {
        return html(
          ctx,
          200,
          'Forgot your password?',
          `${para('Give your username. The project owner creates a reset link for you and sends it to you.')}${FORGOT_FORM}`,
        );
      },
    }),
    route({
      method: 'POST',
      path: '/forgot-password',
      summary:
        'Asks the project owner for a reset link (form-encoded or JSON: username); the same answer whether the account exists or not',
      access: 'public',
      body: z.lazy(() => z.object({ username: z.string().trim().min(1).max(64) })),
      response: z.lazy(() => z.object({ status: z.literal('success'), message: z.string() })),
      async handle({ body, ctx }) {
        await s.passwordResets.request(body.username);
        if (wantsPage(ctx)) return html(ctx, 200, 'Reset asked for', para(FORGOT_DONE));
        return { status: 'success' as const, message: FORGOT_DONE };
      },
    }),
  ];
}
