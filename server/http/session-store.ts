/**
 * Session records, kept in the project's Store so sessions survive restarts and end on logout (session.ts reads
 * and writes them).
 */
import { randomBytes } from 'node:crypto';
import type { Store } from '../domain/ports.js';

export interface SessionRecord {
  username: string;
  /** when the session ends, on the project's clock (epoch ms) */
  expires_at: number;
}

declare module '../domain/ports.js' {
  interface Tables {
    sessions: SessionRecord;
  }
}

export const newSessionId = () => randomBytes(24).toString('base64url');

/** Drops expired sessions, or every session when they are not to outlive a restart; run at start. */
export function expiredSessionOps(store: Store, now: number, all = false) {
  const ops = [];
  for (const [key, record] of store.entries('sessions'))
    if (all || record.expires_at <= now) ops.push({ table: 'sessions' as const, key, delete: true as const });
  return ops;
}

/** Ends every session of one user (a password reset signs out whoever knew the old password). */
export function userSessionEndOps(store: Store, username: string) {
  const ops = [];
  for (const [key, record] of store.entries('sessions'))
    if (record.username === username) ops.push({ table: 'sessions' as const, key, delete: true as const });
  return ops;
}
