/**
 * The Koa application, built without listening so tests, the CLI and the desktop shell start the same server.
 * Middleware order: answers held to the end of the turn (turn-end.ts) → errors → security headers, route look-up,
 * Host and Origin checks (one layer) → static UI → body → session → routes (route-table.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Koa, { type Context, type Middleware, type Next } from 'koa';
import type { Logger } from '../domain/ports.js';
import { errorHandler } from './errors.js';
import { requestGuard, type AdminAuth } from './guards.js';
import { leftToUi, type RouteSpec } from './route.js';
import { jsonBody } from './json-body.js';
import { routeTable, type RetryPolicy, type RouteHandler } from './route-table.js';
import { sessions } from './session.js';
import type { PageLanguage, ServeFile } from './static-files.js';
import { respondAtTurnEnd } from './turn-end.js';
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
  /** the UI pages' content security policy (media hosts follow the project's media); a closed one when unset */
  pagePolicy?: string;
  /** the UI pages' language and direction (the project's ui_language), written into their <html> tag */
  pageLanguage?: PageLanguage;
  /** a study link `/?<argument>=…` is handled by the route at `path`, which signs the worker in */
  studyLink?: { argument: string; path: string };
  /** whether a failed handler runs again (a write another server process's write collided with) */
  retry?: RetryPolicy;
  /** told of each load of the UI's page at `/`, after the session is read (device visits are counted there) */
  pageLoaded?: (ctx: Context) => Promise<void>;
}

interface RouteState {
  route?: RouteHandler;
}

export function buildApp(o: AppOptions): Koa {
  const app = new Koa({ proxy: false });
  const keys = new CookieKeys(o.cookieKeys);
  app.keys = keys as unknown as Koa['keys'];
  app.silent = true; // errors are logged once, by errorHandler

  const routes = routeTable(o.routes, o.adminAuth, o.retry);
  app.use(respondAtTurnEnd);
  app.use(errorHandler(o.logger));
  const guard = requestGuard(o.allowedHosts);
  const studyLink = o.studyLink;
  app.use((ctx, next) => {
    // security headers first, on node's response directly (Koa's ctx.set costs a few delegations per header),
    // so a route may still override them; then the Host and Origin checks, all in one layer
    const res = ctx.res;
    const path = ctx.path;
    if (path.startsWith('/api/') || path.startsWith('/admin/')) res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    let route = routes.exact.get(`${ctx.method} ${path}`);
    if (
      !route &&
      studyLink &&
      path === '/' &&
      ctx.method === 'GET' &&
      ctx.querystring &&
      ctx.query[studyLink.argument] !== undefined
    ) {
      route = routes.exact.get(`GET ${studyLink.path}`);
    }
    (ctx.state as RouteState).route = route;
    return guard(ctx, next);
  });

  if (o.staticDir && existsSync(join(o.staticDir, 'index.html'))) {
    const staticDir = o.staticDir;
    // API paths skip the file system: looking for a file would stat the disk on every API GET
    const apiRoots = new Set(o.routes.map((r) => r.path.split('/')[1]).filter(Boolean));
    let files: Promise<ServeFile> | undefined;
    const serve = async (ctx: Context, path: string) =>
      (
        await (files ??= import('./static-files.js').then((m) =>
          m.staticFiles(staticDir, o.pagePolicy, o.pageLanguage),
        ))
      )(ctx, path);
    const ui = async (ctx: Context, next: Next) => {
      const read = ctx.method === 'GET' || ctx.method === 'HEAD';
      // the page at / waits for the session below, so its load can be counted for whoever is signed in
      const home = ctx.path === '/' && ctx.method === 'GET';
      if (read && !home && !apiRoots.has(ctx.path.split('/', 2)[1]) && (await serve(ctx, ctx.path))) return;
      await next();
      // single-page app: an HTML navigation to a path no route claims gets the UI, as does a path left to it
      if (
        ctx.method === 'GET' &&
        ctx.status === 404 &&
        ctx.body === undefined &&
        (home || ctx.accepts('json', 'html') === 'html' || leftToUi(ctx)) &&
        (await serve(ctx, '/index.html')) &&
        home
      ) {
        await o.pageLoaded?.(ctx);
      }
    };
    // a request an exact route claims goes straight on: one layer with nothing to do, not two
    app.use((ctx, next) => ((ctx.state as RouteState).route ? next() : ui(ctx, next)));
  }

  const forms = loadedOnFirstUse(async () =>
    (await import('@koa/bodyparser')).bodyParser({
      enableTypes: ['form'],
      // a number, not '64kb': a string limit is parsed again on every request
      formLimit: 64 * 1024,
      encoding: 'utf-8',
      onError(err) {
        throw Object.assign(err, { status: (err as { status?: number }).status ?? 400 });
      },
    }),
  );
  app.use(jsonBody(2 * 1024 * 1024, forms));
  app.use(sessions(app, { key: 'marginalia.sid', keys, store: o.store, clock: o.clock, maxAgeMs: o.sessionMaxAgeMs }));

  // the route an exact path names, looked up once in the first layer (route-table.ts); the UI layers skip it
  app.use((ctx, next) => {
    const route = (ctx.state as RouteState).route;
    return route ? route(ctx) : next();
  });
  app.use(routes.router.routes());
  app.use(routes.router.allowedMethods({ throw: false }));
  return app;
}

/**
 * A middleware whose module is imported at the first request that needs it: @koa/bodyparser (with co-body,
 * raw-body and iconv-lite) costs memory and start-up time for form posts, which a script-driven server may
 * never see. The UI's file server is loaded the same way.
 */
function loadedOnFirstUse(load: () => Promise<Middleware>): Middleware {
  let loading: Promise<Middleware> | undefined;
  return async (ctx, next) => (await (loading ??= load()))(ctx, next);
}
