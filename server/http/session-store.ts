/** koa-session's external store, kept in the project's Store so sessions survive restarts and end on logout. */
import { randomBytes } from 'node:crypto';
import type { Clock, Store } from '../domain/ports.js';

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

export function sessionStore(store: Store, clock: Clock) {
  return {
    async get(key: string) {
      const record = store.get('sessions', key);
      if (!record) return undefined;
      if (record.expires_at <= clock.now()) {
        await store.write([{ table: 'sessions', key, delete: true }]);
        return undefined;
      }
      return record.data;
    },
    async set(key: string, data: Record<string, unknown>, maxAge: number) {
      await store.write([{ table: 'sessions', key, value: { data, expires_at: clock.now() + maxAge } }]);
    },
    async destroy(key: string) {
      if (store.get('sessions', key)) await store.write([{ table: 'sessions', key, delete: true }]);
    },
  };
}

/** Drops expired sessions; run at start. */
export function expiredSessionOps(store: Store, now: number) {
  const ops = [];
  for (const [key, record] of store.entries('sessions')) if (record.expires_at <= now) ops.push({ table: 'sessions' as const, key, delete: true as const });
  return ops;
}
