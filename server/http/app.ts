/**
 * The Koa application, built without listening so tests, the CLI and the desktop shell start the same server.
 * Middleware order: errors → Host check → Origin check → static UI → body → session → routes.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Koa, { type Context } from 'koa';
import { Router } from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import serve from 'koa-static';
import type { Logger } from '../domain/ports.js';
import { errorHandler } from './errors.js';
import { requestGuard, requireAdmin, requireUser, sessionUser, type AdminAuth } from './guards.js';
import { parseInput, type RouteSpec } from './route.js';
import { jsonBody } from './json-body.js';
import { sessions } from './session.js';
import { CookieKeys } from './signed-cookies.js';
import type { Store, Clock } from '../domain/ports.js';

export interface AppOptions {
  routes: RouteSpec[];
  store: Store;
  clock: Clock;
  logger: Logger;
  adminAuth: AdminAuth;
  cookieKeys: string[];
  sessionMaxAgeMs: number;
  allowedHosts: () => ReadonlySet<string>;
  /** the built renderer; the UI is served at / when present */
  staticDir?: string;
}

export function buildApp(o: AppOptions): Koa {
  const app = new Koa({ proxy: false });
  const keys = new CookieKeys(o.cookieKeys);
  app.keys = keys as unknown as Koa['keys'];
  app.silent = true; // errors are logged once, by errorHandler

  app.use(errorHandler(o.logger));
  const guard = requestGuard(o.allowedHosts);
  app.use((ctx, next) => {
    // security headers first, on node's response directly (Koa's ctx.set costs a few delegations per header),
    // so a route may still override them; then the Host and Origin checks, all in one layer
    const res = ctx.res;
    const path = ctx.path;
    if (path.startsWith('/api/') || path.startsWith('/admin/')) res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    return guard(ctx, next);
  });

  if (o.staticDir && existsSync(join(o.staticDir, 'index.html'))) {
    const staticDir = o.staticDir;
    // API paths skip the file system: koa-static would stat a file (and build a 404 error) on every API GET
    const apiRoots = new Set(o.routes.map((r) => r.path.split('/')[1]).filter(Boolean));
    const files = serve(staticDir, { index: 'index.html', maxage: 0, gzip: false });
    app.use((ctx, next) => (apiRoots.has(ctx.path.split('/', 2)[1]) ? next() : files(ctx, next)));
    // single-page app: an HTML navigation to a path no route claims gets the UI
    app.use(async (ctx, next) => {
      await next();
      if (ctx.status === 404 && ctx.method === 'GET' && ctx.body === undefined && ctx.accepts('json', 'html') === 'html') {
        ctx.status = 200;
        ctx.type = 'html';
        ctx.body = await import('node:fs').then((fs) => fs.createReadStream(join(staticDir, 'index.html')));
        ctx.set('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'");
      }
    });
  }

  const jsonLimit = 2 * 1024 * 1024;
  const otherBodies = bodyParser({
    enableTypes: ['json', 'form'],
    // numbers, not '2mb': a string limit is parsed again on every request
    jsonLimit,
    formLimit: 64 * 1024,
    encoding: 'utf-8',
    onError(err) {
      throw Object.assign(err, { status: (err as { status?: number }).status ?? 400 });
    },
  });
  app.use(jsonBody(jsonLimit, otherBodies));
  app.use(sessions(app, { key: 'marginalia.sid', keys, store: o.store, clock: o.clock, maxAgeMs: o.sessionMaxAgeMs }));

  const router = new Router();
  const handlers = o.routes.map((spec) => {
    const handler = async (ctx: Context) => {
      const username =
        spec.access === 'user' ? requireUser(ctx) : spec.access === 'admin' ? requireAdmin(ctx, o.adminAuth) : (sessionUser(ctx) ?? '');
      const raw = ctx.request.body ?? {};
      const body = spec.body ? (spec.quickBody?.(raw) ?? parseInput(spec.body, raw, 'body')) : undefined;
      const query = spec.query ? parseInput(spec.query, ctx.query, 'query') : undefined;
      const params = (ctx as unknown as { params?: Record<string, string> }).params ?? {};
      const result = await spec.handle({ body, query, params, username, ctx });
      if (result !== undefined && ctx.status !== 303) {
        // the header Koa would set for an object body, set first so Koa skips its mime-type lookup
        if (isJsonValue(result) && !ctx.res.hasHeader('Content-Type')) ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
        ctx.body = result;
      }
    };
    router[spec.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](spec.path, handler);
    return { spec, handler };
  });
  // Paths without parameters are found with one Map lookup; the router's matching (every route's regexp, then
  // composing the matched layers) was a few per cent of a request. Only paths that the router itself would give
  // to that one route alone are taken, so what answers a request does not change; the rest (HEAD, a trailing
  // slash, other letter case, parameters, 405s) still goes through the router.
  const exact = new Map<string, (ctx: Context) => Promise<void>>();
  for (const { spec, handler } of handlers) {
    if (!/[:*(?]/.test(spec.path) && router.match(spec.path, spec.method).pathAndMethod.length === 1) exact.set(`${spec.method} ${spec.path}`, handler);
  }
  app.use((ctx, next) => {
    const handler = exact.get(`${ctx.method} ${ctx.path}`);
    return handler ? handler(ctx) : next();
  });
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  return app;
}

/** A plain object or array: what Koa would send as JSON (not a string, Buffer or stream). */
function isJsonValue(value: unknown): boolean {
  return Array.isArray(value) || (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype);
}
