/**
 * The crowd platform's API over Node's fetch (Prolific's: `Authorization: Token <token>`, JSON both ways): one
 * request per call with a timeout and no redirects. Failures become upstream errors (502, or 504 for a timeout)
 * that say the platform's status and its own message, never the token.
 */
import { DomainError } from '../domain/errors.js';
import type { PlatformCall } from '../domain/crowd/platform-admin.js';

const TIMEOUT_MS = 30_000;

export function createPlatformCall(baseUrl: string, token: string): PlatformCall {
  const base = baseUrl.replace(/\/+$/, '');
  const scrub = (m: string) => m.split(token).join('***');
  return async (method, path, body) => {
    let response: Response;
    let raw: string;
    try {
      response = await fetch(base + path, {
        method,
        headers: {
          authorization: `Token ${token}`,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      raw = await response.text();
    } catch (e) {
      const err = e as Error & { cause?: { code?: string; message?: string } };
      if (err.name === 'TimeoutError' || err.name === 'AbortError')
        throw new DomainError('upstream_timeout', `the crowd platform did not answer within ${TIMEOUT_MS / 1000} s`);
      throw new DomainError(
        'upstream_failed',
        scrub(`could not reach the crowd platform (${err.cause?.code ?? err.cause?.message ?? err.message})`),
      );
    }
    let parsed: unknown = null;
    try {
      parsed = raw ? JSON.parse(raw) : null;
    } catch {
      if (response.ok) throw new DomainError('upstream_failed', 'the crowd platform sent a response that is not JSON');
    }
    if (!response.ok) {
      const detail = platformMessage(parsed) ?? raw.slice(0, 200);
      throw new DomainError(
        'upstream_failed',
        scrub(`the crowd platform answered ${response.status}${detail ? `: ${detail}` : ''}`),
      );
    }
    return parsed;
  };
}

/** Prolific's error bodies: `{error: {detail}}`, `{detail}` or `{error: "…"}`. */
function platformMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { error?: unknown; detail?: unknown };
  const inner = b.error && typeof b.error === 'object' ? (b.error as { detail?: unknown }).detail : b.error;
  const text = inner ?? b.detail;
  if (text === undefined || text === null) return null;
  const s = typeof text === 'string' ? text : JSON.stringify(text);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
