/**
 * Who may call what, and defences a localhost server needs against the web pages its user visits:
 * DNS rebinding (a foreign Host header) and cross-site requests (a foreign Origin on a state-changing call).
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context, Next } from 'koa';
import { forbidden, unauthorized } from '../domain/errors.js';

/**
 * Host names this server answers to: IP literals (a rebinding attack needs a name), localhost and configured names.
 * Answers 421 and returns true for any other.
 */
function refuseForeignHost(ctx: Context, allowedNames: () => ReadonlySet<string>): boolean {
  const host = hostName(ctx.req.headers.host ?? '');
  if (host && (isIP(host) || host === 'localhost' || allowedNames().has(host))) return false;
  ctx.status = 421;
  ctx.body = {
    error: `this server does not answer to the host name "${host.slice(0, 100)}"; add it to allowed_hosts in the config if it is yours`,
  };
  return true;
}

/**
 * The Host check, then the Origin check, as one synchronous middleware: each Koa layer costs a dispatch and a
 * promise on every request, and neither check needs to wait for anything.
 */
export function requestGuard(allowedNames: () => ReadonlySet<string>) {
  return function guardRequest(ctx: Context, next: Next) {
    if (refuseForeignHost(ctx, allowedNames)) return undefined;
    refuseCrossSite(ctx);
    return next();
  };
}

function hostName(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']'));
  const colon = h.lastIndexOf(':');
  return colon > -1 && h.indexOf(':') === colon ? h.slice(0, colon) : h;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses state-changing requests sent by another site's page. */
function refuseCrossSite(ctx: Context): void {
  if (SAFE_METHODS.has(ctx.method)) return;
  const origin = ctx.get('origin');
  const site = ctx.get('sec-fetch-site');
  // 'same-site' is refused too: another app on another localhost port is same-site but not ours
  const foreign = origin
    ? origin === 'null' || !sameOrigin(origin, ctx.get('host'))
    : site === 'cross-site' || site === 'same-site';
  if (foreign)
    throw forbidden('cross-site request refused: this server accepts changes only from its own pages and from scripts');
}

function sameOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

/** Constant-time comparison of secrets of any length (hashing first makes the lengths equal). */
function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export interface AdminAuth {
  /** the admin API key */
  key: string;
  /** session users who are admins */
  isAdminUser(username: string): boolean;
}

export function sessionUser(ctx: Context): string | undefined {
  const name = (ctx.session as { username?: unknown } | null)?.username;
  return typeof name === 'string' ? name : undefined;
}

export function requireUser(ctx: Context): string {
  const username = sessionUser(ctx);
  if (!username) throw unauthorized('log in first: POST /auth with username and password');
  return username;
}

/**
 * A shared secret sent as Potato's trace clients send it: `Authorization: Bearer <key>`, or the X-API-Key header.
 * 401 without either, 403 with a wrong one; an empty `expected` lets every request in (the config warns).
 */
export function requireSharedSecret(ctx: Context, expected: string, key: string): void {
  if (!expected) return;
  const bearer = /^Bearer (.+)$/.exec(ctx.get('authorization'))?.[1];
  const given = bearer ?? ctx.get('x-api-key');
  if (!given) throw unauthorized(`${key} is set: send it as "Authorization: Bearer <key>" or the X-API-Key header`);
  if (!secretsEqual(given, expected)) throw forbidden(`the key sent is not ${key}`);
}

/** Admin access: the X-API-Key header, or a session of a user listed in admin_users. */
export function requireAdmin(ctx: Context, auth: AdminAuth): string {
  const key = ctx.get('x-api-key');
  if (key) {
    if (!secretsEqual(key, auth.key)) throw forbidden('the X-API-Key is not valid for this server');
    return 'admin';
  }
  const username = sessionUser(ctx);
  if (!username) throw unauthorized('admin credentials required: send the X-API-Key header or log in as an admin user');
  if (!auth.isAdminUser(username)) throw forbidden(`user "${username}" is not an admin of this project`);
  return username;
}
