/**
 * Every endpoint is declared once as a RouteSpec: method, path, who may call it and the zod schemas of its
 * input. The app mounts the specs, and the OpenAPI description is generated from the same list, so the two
 * cannot drift. Schemas of more than one part are written `z.lazy(() => …)`: each zod schema is an object with
 * dozens of closures, and building thousands of them at start-up, for routes most projects never call, was a
 * part of every start; a lazy one is built at its first parse or when the OpenAPI document is generated.
 */
import type Koa from 'koa';
import type { ZodType } from 'zod';
import { invalid } from '../domain/errors.js';

type Access = 'public' | 'user' | 'admin';

interface ResponseNote {
  status?: number;
  /** media types of a body that is not JSON (a page, a file, an export) */
  types?: string[];
  /** the status of a redirect the route answers with (to the UI, after a sign-in) */
  redirect?: 302 | 303;
}

interface RouteInput<B, Q> {
  body: B;
  query: Q;
  params: Record<string, string>;
  /** the logged-in user, for `user` routes; for `admin` routes the admin's name when a session says it */
  username: string;
  ctx: Koa.Context;
}

export interface RouteSpec<B = unknown, Q = unknown, R = unknown> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** koa-router syntax: `/api/spans/:instance_id` */
  path: string;
  summary: string;
  access: Access;
  body?: ZodType<B>;
  /**
   * Parses the body in place of `body.safeParse`, for an endpoint that takes other shapes beside the documented
   * one and words their refusals itself; `body` still documents it.
   */
  parseBody?: (value: unknown) => B;
  query?: ZodType<Q>;
  /** the JSON answer's shape, for the OpenAPI description; the handler's return type is held to it */
  response?: ZodType<R>;
  /** what `response` cannot say: a success status other than 200, a body that is not JSON, a redirect */
  responds?: ResponseNote;
  /** answer body; a handler that streams sets ctx.body itself and returns undefined */
  handle(input: RouteInput<B, Q>): Promise<R | undefined> | R | undefined;
}

export function route<B = undefined, Q = undefined, R = unknown>(spec: RouteSpec<B, Q, R>): RouteSpec {
  return spec as RouteSpec;
}

/**
 * Leaves a request to the UI: its page is answered whatever the Accept header says (a route whose path also
 * matches a page of the UI, as /pocket matches /pocket/). Without a built UI it stays a 404.
 */
export function leaveToUi(ctx: Koa.Context): undefined {
  (ctx.state as { leftToUi?: boolean }).leftToUi = true;
  return undefined;
}

export const leftToUi = (ctx: Koa.Context): boolean => (ctx.state as { leftToUi?: boolean }).leftToUi === true;

/** Validates `value`; a refusal names the first offending field. */
export function parseInput<T>(schema: ZodType<T>, value: unknown, where: 'body' | 'query'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length
    ? issue.path
        .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
        .join('.')
        .replace(/\.\[/g, '[')
    : where;
  throw invalid(`${field}: ${issue.message}`);
}
