/**
 * Session records, kept in the project's Store so sessions survive restarts and end on logout (session.ts reads
 * and writes them). `data` keeps koa-session's shape ({username, _expire, _maxAge}) so older records stay valid.
 */
import { randomBytes } from 'node:crypto';
import type { Store } from '../domain/ports.js';

export interface SessionRecord {
  data: Record<string, unknown>;
  expires_at: number;
}

declare module '../domain/ports.js' {
  interface Tables {
    sessions: SessionRecord;
  }
}

export const newSessionId = () => randomBytes(24).toString('base64url');

/** Drops expired sessions; run at start. */
export function expiredSessionOps(store: Store, now: number) {
  const ops = [];
  for (const [key, record] of store.entries('sessions'))
    if (record.expires_at <= now) ops.push({ table: 'sessions' as const, key, delete: true as const });
  return ops;
}
