/**
 * Single sign-on's HTTP side (docs/oauth.md): `/auth/login/<provider>` sends the browser to the provider with a
 * fresh PKCE verifier, `state` and `nonce` kept in a short-lived signed httpOnly cookie; `/auth/callback/<provider>`
 * checks them (openid-client does) and signs the user in with the session the password login makes. The callback
 * is a top-level navigation from the provider's site, so that cookie is SameSite=Lax. A failure goes back to the
 * login screen, whose message travels in a signed cookie too, so a crafted link cannot put words on our page.
 */
import type { Context } from 'koa';
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { DomainError } from '../../domain/errors.js';
import type { OAuthProvider } from '../../domain/auth/settings.js';
import { ProviderError, type FlowSecrets } from '../../io/oauth-providers.js';
import { route, type RouteSpec } from '../route.js';
import { page } from './potato-pages.js';

const FLOW_COOKIE = 'marginalia.oauth';
const ERROR_COOKIE = 'marginalia.login_error';
/** how long a sign-in at the provider may take */
const FLOW_TTL_MS = 10 * 60_000;

const flowShape = z.object({
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  expires: z.number(),
});

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decode<T>(ctx: Context, name: string, shape: z.ZodType<T>): T | undefined {
  const raw = ctx.cookies.get(name, { signed: true });
  if (!raw) return undefined;
  try {
    const parsed = shape.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const cookie = (path: string, maxAge: number) =>
  ({ signed: true, httpOnly: true, sameSite: 'lax', path, maxAge, overwrite: true }) as const;

/** What a provider's `error` means to the person who came back with it (the code only: it is the link's). */
function providerRefusal(p: OAuthProvider, error: string): string {
  if (error === 'access_denied') return `The sign-in with ${p.displayName} was cancelled or denied.`;
  const code = /^[a-z_]{1,40}$/.test(error) ? ` (${error})` : '';
  return `${p.displayName} refused the sign-in${code}: try again, or ask the project owner.`;
}

const providersResponse = z.object({
  providers: z.array(
    z.object({
      id: z.string(),
      name: z.string().describe('the button says "Sign in with <name>"'),
      login_url: z.string().describe('a page navigation to it starts the sign-in'),
    }),
  ),
  local_login: z.boolean().describe('the name and password form is shown beside the buttons'),
  error: z.string().nullable().describe('why the last single sign-on in this browser failed, shown once'),
});

export function oauthRoutes(s: Services): RouteSpec[] {
  const log = s.logger;
  /** Back to the login screen with a message for the person. */
  const fail = (ctx: Context, message: string) => {
    ctx.cookies.set(ERROR_COOKIE, encode(message.slice(0, 400)), cookie('/', 5 * 60_000));
    ctx.status = 303;
    ctx.redirect('/');
    return undefined;
  };
  const known = (ctx: Context, id: string) => {
    const p = s.oauth.provider(id);
    if (!p) page(ctx, 404, 'Unknown sign-in provider', `This project does not sign in through "${id.slice(0, 40)}".`);
    return p;
  };
  return [
    route({
      method: 'GET',
      path: '/api/auth/providers',
      summary:
        "What the login screen offers: a button per single sign-on provider (authentication.method: oauth), whether the password form stays, and why the browser's last sign-in failed",
      access: 'public',
      response: providersResponse,
      handle({ ctx }) {
        ctx.set('Cache-Control', 'no-store');
        const error = decode(ctx, ERROR_COOKIE, z.string()) ?? null;
        if (error !== null) ctx.cookies.set(ERROR_COOKIE, null, cookie('/', 0));
        return {
          providers: s.oauth.settings.providers.map((p) => ({
            id: p.id,
            name: p.displayName,
            login_url: `/auth/login/${p.id}`,
          })),
          local_login: !s.oauth.enabled || s.oauth.settings.localLogin,
          error,
        };
      },
    }),
    route({
      method: 'GET',
      path: '/auth/login/:provider',
      summary: 'Starts single sign-on: redirects to the provider (404 for a provider the project does not have)',
      access: 'public',
      responds: { redirect: 302, types: ['text/html'] },
      async handle({ ctx, params }) {
        ctx.set('Cache-Control', 'no-store');
        const p = known(ctx, params.provider);
        if (!p) return undefined;
        try {
          const { url, flow } = await s.oauthClients.start(p, s.clock.now(), FLOW_TTL_MS);
          ctx.cookies.set(FLOW_COOKIE, encode(flow), cookie(`/auth/callback/${p.id}`, FLOW_TTL_MS));
          ctx.status = 302;
          ctx.redirect(url);
          return undefined;
        } catch (e) {
          if (!(e instanceof ProviderError)) throw e;
          log.warn(`single sign-on: ${e.detail}`);
          return fail(ctx, e.userMessage);
        }
      },
    }),
    route({
      method: 'GET',
      path: '/auth/callback/:provider',
      summary:
        "The provider's redirect back: checks state, nonce and PKCE, signs the user in and goes to the UI; any failure goes back to the login screen with a message",
      access: 'public',
      responds: { redirect: 303, types: ['text/html'] },
      async handle({ ctx, params }) {
        ctx.set('Cache-Control', 'no-store');
        const p = known(ctx, params.provider);
        if (!p) return undefined;
        // a flow is used once, whatever comes of it
        const flow: FlowSecrets | undefined = decode(ctx, FLOW_COOKIE, flowShape);
        ctx.cookies.set(FLOW_COOKIE, null, cookie(`/auth/callback/${p.id}`, 0));
        const query = ctx.query;
        if (typeof query.error === 'string') return fail(ctx, providerRefusal(p, query.error));
        if (typeof query.code !== 'string' || !query.code)
          return fail(ctx, `${p.displayName} sent no sign-in code back: start again from the button.`);
        if (!flow || flow.provider !== p.id || flow.expires < s.clock.now())
          return fail(
            ctx,
            `This sign-in was not started in this browser, or took longer than ${FLOW_TTL_MS / 60_000} minutes: start again from the button.`,
          );
        try {
          const who = await s.oauthClients.finish(p, ctx.querystring, flow);
          const username = await s.oauth.signIn(p, who);
          await ctx.session!.signIn(username);
          log.info(`single sign-on: ${username} signed in through ${p.id}`);
          ctx.status = 303;
          ctx.redirect('/');
          return undefined;
        } catch (e) {
          if (e instanceof ProviderError) {
            log.warn(`single sign-on: ${e.detail}`);
            return fail(ctx, e.userMessage);
          }
          if (e instanceof DomainError) {
            log.warn(`single sign-on through ${p.id} refused: ${e.message}`);
            return fail(ctx, e.message);
          }
          throw e;
        }
      },
    }),
  ];
}
