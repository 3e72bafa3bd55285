/** The one place where errors become HTTP statuses and `{"error": "..."}` bodies. */
import type { Context, Next } from 'koa';
import { DomainError, type ErrorKind } from '../domain/errors.js';
import { isConflict, type Logger } from '../domain/ports.js';
import { StorageError } from '../storage/journal-store.js';
import { DataFileChanged } from '../config/file-items.js';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  too_many: 429,
  upstream_failed: 502,
  unavailable: 503,
  upstream_timeout: 504,
};

export function statusOf(kind: ErrorKind): number {
  return STATUS[kind];
}

export function errorHandler(logger: Logger) {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: `no such endpoint: ${ctx.method} ${ctx.path}` };
      } else if (ctx.status === 405 && (ctx.body === undefined || typeof ctx.body === 'string')) {
        // the router answers a known path with the wrong method without a body, which koa fills with plain text
        ctx.status = 405;
        ctx.body = { error: `${ctx.method} is not allowed on ${ctx.path}; use ${ctx.response.get('Allow')}` };
        ctx.type = 'application/json';
      }
    } catch (err) {
      const e = err as Error & { status?: number; expose?: boolean; type?: string };
      if (e instanceof DomainError) {
        ctx.status = STATUS[e.kind];
        ctx.body = { error: e.message };
      } else if (e instanceof DataFileChanged) {
        ctx.status = 503;
        ctx.body = { error: e.message };
      } else if (isConflict(e)) {
        // another server process kept writing the same data first, every time the request ran again
        ctx.status = 503;
        ctx.body = {
          error:
            'other requests changed the same data at the same moment, several times over; your change was not saved, please retry',
        };
      } else if (e instanceof StorageError) {
        ctx.status = 503;
        ctx.body = {
          error:
            'the server could not save your change (its storage is full, read-only or out of reach); nothing was lost, please retry',
        };
      } else if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
        // body-parser and koa's own client errors (bad JSON, too large, wrong charset)
        ctx.status = e.status;
        ctx.body = { error: clientMessage(e) };
      } else {
        logger.error(`${ctx.method} ${ctx.path}: ${e?.stack ?? String(e)}`);
        ctx.status = 500;
        ctx.body = { error: 'internal server error; the server log has the details' };
      }
      ctx.type = 'application/json';
    }
  };
}

function clientMessage(e: Error & { status?: number; type?: string }): string {
  if (e.status === 413) return 'request body is too large';
  if (e.status === 415) return 'unsupported content type: send application/json or application/x-www-form-urlencoded';
  if (e.type === 'entity.parse.failed' || /JSON/i.test(e.message)) return 'request body is not valid JSON';
  return e.message || 'bad request';
}
