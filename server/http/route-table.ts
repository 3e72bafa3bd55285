/**
 * Mounts the RouteSpecs: each becomes a handler that checks access, validates input with zod and sends the result as
 * JSON. Paths without parameters are also listed in `exact`, found with one Map lookup per request: the router's
 * matching (every route's regexp, then composing the matched layers) was a few per cent of a request. Only paths the
 * router itself would give to that one route alone are listed, so what answers a request does not change; everything
 * else (HEAD, a trailing slash, other letter case, parameters, 405s) still goes through the router.
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import { requireAdmin, requireUser, sessionUser, type AdminAuth } from './guards.js';
import { parseInput, type RouteSpec } from './route.js';

export type RouteHandler = (ctx: Context) => Promise<void>;

export interface RouteTable {
  router: Router;
  /** `${METHOD} ${path}` → handler */
  exact: ReadonlyMap<string, RouteHandler>;
}

/**
 * Asked when a handler fails: resolves true to run it again (after bringing in what made it fail, such as another
 * server process's write to the same data); `attempt` counts from 1.
 */
export type RetryPolicy = (error: unknown, attempt: number) => Promise<boolean>;

export function routeTable(routes: RouteSpec[], adminAuth: AdminAuth, retry?: RetryPolicy): RouteTable {
  const router = new Router();
  const exact = new Map<string, RouteHandler>();
  const handlers = routes.map((spec) => {
    const handler: RouteHandler = async (ctx) => {
      const username =
        spec.access === 'user'
          ? requireUser(ctx)
          : spec.access === 'admin'
            ? requireAdmin(ctx, adminAuth)
            : (sessionUser(ctx) ?? '');
      const raw = ctx.request.body ?? {};
      const body = spec.body ? (spec.parseBody ? spec.parseBody(raw) : parseInput(spec.body, raw, 'body')) : undefined;
      const query = spec.query ? parseInput(spec.query, ctx.query, 'query') : undefined;
      const params = (ctx as unknown as { params?: Record<string, string> }).params ?? {};
      const input = { body, query, params, username, ctx };
      let result;
      for (let attempt = 1; ; attempt++) {
        try {
          result = await spec.handle(input);
          break;
        } catch (e) {
          if (!retry || !(await retry(e, attempt))) throw e;
        }
      }
      if (result !== undefined && ctx.status !== 303) {
        // a documented success status other than 200 (201 created, 202 accepted) unless the handler chose one
        if (spec.responds?.status && ctx.status === 404) ctx.status = spec.responds.status;
        // the header Koa would set for an object body, set first so Koa skips its mime-type lookup
        if (isJsonValue(result) && !ctx.res.hasHeader('Content-Type'))
          ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
        ctx.body = result;
      }
    };
    router[spec.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](spec.path, handler);
    return { spec, handler };
  });
  for (const { spec, handler } of handlers) {
    if (!/[:*(?]/.test(spec.path) && router.match(spec.path, spec.method).pathAndMethod.length === 1)
      exact.set(`${spec.method} ${spec.path}`, handler);
  }
  return { router, exact };
}

/** A plain object or array: what Koa would send as JSON (not a string, Buffer or stream). */
function isJsonValue(value: unknown): boolean {
  return (
    Array.isArray(value) ||
    (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype)
  );
}
