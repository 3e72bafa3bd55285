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
import { hostGuard, originGuard, requireAdmin, requireUser, sessionUser, type AdminAuth } from './guards.js';
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
  app.use(hostGuard(o.allowedHosts));
  app.use(originGuard());
  app.use((ctx, next) => {
    // set before the routes (a route may override them) and on node's response directly: Koa's ctx.set costs a
    // few delegations per header on every request
    const res = ctx.res;
    const path = ctx.path;
    if (path.startsWith('/api/') || path.startsWith('/admin/')) res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    return next();
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
  for (const spec of o.routes) {
    const method = spec.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](spec.path, async (ctx: Context) => {
      const username =
        spec.access === 'user' ? requireUser(ctx) : spec.access === 'admin' ? requireAdmin(ctx, o.adminAuth) : (sessionUser(ctx) ?? '');
      const body = spec.body ? parseInput(spec.body, ctx.request.body ?? {}, 'body') : undefined;
      const query = spec.query ? parseInput(spec.query, ctx.query, 'query') : undefined;
      const result = await spec.handle({ body, query, params: (ctx as unknown as { params: Record<string, string> }).params, username, ctx });
      if (result !== undefined && ctx.status !== 303) ctx.body = result;
    });
  }
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  return app;
}
