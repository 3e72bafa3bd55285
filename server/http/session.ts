/**
 * Server-side sessions behind a signed cookie. Every authenticated request reads its session, so reading one is
 * kept cheap: one regex match on the Cookie header, one memoised signature check (CookieKeys) and one Map lookup,
 * all synchronous and only when a route asks for `ctx.session`.
 *
 * The cookie is `marginalia.sid` with its Keygrip signature `marginalia.sid.sig` over `marginalia.sid=<id>`
 * (path=/, expires, SameSite=Lax, HttpOnly); the stored record (session-store.ts) holds the username and when
 * the session ends on the project's clock.
 */
import type { Context, Next } from 'koa';
import type { Clock, Store } from '../domain/ports.js';
import { newSessionId, type SessionRecord } from './session-store.js';
import type { CookieKeys } from './signed-cookies.js';

export interface SessionOptions {
  /** cookie name */
  key: string;
  keys: CookieKeys;
  store: Store;
  clock: Clock;
  maxAgeMs: number;
}

/** What routes see as `ctx.session`. Assigning `ctx.session = null` ends the session (logout). */
interface Session {
  username?: string;
  /**
   * Signs the session in as `username`, saved at once under a new id with the old one dropped, so an id planted
   * before the sign-in (session fixation) is worthless.
   */
  signIn(username: string): Promise<void>;
}

declare module 'koa' {
  interface ExtendableContext {
    session: Session | null;
  }
}

const STATE = Symbol('session');
const EPOCH = 'Thu, 01 Jan 1970 00:00:00 GMT';

type WithState = Context & { [STATE]?: RequestSession };

class RequestSession implements Session {
  username?: string;
  /** id of the stored session the cookie named, if valid */
  private id: string | undefined;
  private loadedUsername: string | undefined;
  private expiresAt = 0;
  private removed = false;
  private expiredId: string | undefined;

  constructor(
    private readonly ctx: Context,
    private readonly o: SessionOptions,
    private readonly cookies: CookiePatterns,
  ) {
    this.load();
  }

  private load(): void {
    const header = this.ctx.req.headers.cookie;
    if (!header) return;
    const value = this.cookies.value.exec(header);
    const sig = value && this.cookies.sig.exec(header);
    if (!value || !sig) return;
    const id = unquote(value[1]);
    if (this.o.keys.index(`${this.o.key}=${id}`, unquote(sig[1])) < 0) return;
    const record = this.o.store.get('sessions', id);
    if (!record) return;
    // a record without a username (one an earlier version wrote) is no session: its owner signs in again
    if (record.expires_at <= this.o.clock.now() || typeof record.username !== 'string') {
      this.expiredId = id;
      return;
    }
    this.id = id;
    this.expiresAt = record.expires_at;
    this.username = this.loadedUsername = record.username;
  }

  markRemoved(): void {
    this.removed = true;
  }

  get isRemoved(): boolean {
    return this.removed;
  }

  async signIn(username: string): Promise<void> {
    this.username = username;
    if (this.id && this.o.store.get('sessions', this.id))
      await this.o.store.write([{ table: 'sessions', key: this.id, delete: true }]);
    this.id = undefined;
    await this.save();
  }

  /** Whether `commit` has anything to do: a request that only read its session has not. */
  get pending(): boolean {
    return this.expiredId !== undefined || this.removed || this.username !== this.loadedUsername || this.renewDue();
  }

  // a session used in the second half of its life gets a full one again, so an active annotator stays signed in
  private renewDue(): boolean {
    return this.id !== undefined && this.expiresAt - this.o.clock.now() < this.o.maxAgeMs / 2;
  }

  /** After the route (also when it threw): write what changed. */
  async commit(): Promise<void> {
    if (this.expiredId && this.o.store.get('sessions', this.expiredId)) {
      await this.o.store.write([{ table: 'sessions', key: this.expiredId, delete: true }]);
    }
    if (this.removed) {
      if (this.id && this.o.store.get('sessions', this.id))
        await this.o.store.write([{ table: 'sessions', key: this.id, delete: true }]);
      this.setCookies('', EPOCH);
      return;
    }
    if (this.username !== this.loadedUsername || this.renewDue()) return this.save();
  }

  private async save(): Promise<void> {
    if (this.username === undefined) return; // nothing to keep: a new, empty session
    const id = (this.id ??= newSessionId());
    const record: SessionRecord = { username: this.username, expires_at: this.o.clock.now() + this.o.maxAgeMs };
    await this.o.store.write([{ table: 'sessions', key: id, value: record }]);
    this.loadedUsername = this.username;
    this.expiresAt = record.expires_at;
    this.setCookies(id, new Date(Date.now() + this.o.maxAgeMs).toUTCString());
  }

  /** Sets the session cookie and its signature, replacing any this request set before (a sign-in, then a save). */
  private setCookies(id: string, expires: string): void {
    const attrs = `; path=/; expires=${expires}; samesite=lax; httponly`;
    const sig = this.o.keys.sign(`${this.o.key}=${id}`);
    const ours = [`${this.o.key}=${id}${attrs}`, `${this.o.key}.sig=${sig}${attrs}`];
    const prefixes = [`${this.o.key}=`, `${this.o.key}.sig=`];
    const existing = this.ctx.response.get('Set-Cookie') as string | string[] | undefined;
    const others = (Array.isArray(existing) ? existing : existing ? [existing] : []).filter(
      (c) => !prefixes.some((p) => c.startsWith(p)),
    );
    this.ctx.set('Set-Cookie', [...others, ...ours]);
  }
}

interface CookiePatterns {
  value: RegExp;
  sig: RegExp;
}

/** The same pattern the `cookies` module matches a cookie with. */
function cookiePattern(name: string): RegExp {
  return new RegExp(`(?:^|;) *${name.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&')}=([^;]*)`);
}

function unquote(v: string): string {
  return v.length > 1 && v[0] === '"' && v[v.length - 1] === '"' ? v.slice(1, -1) : v;
}

/** Installs `ctx.session` (read lazily) and the middleware that commits changes after the routes. */
export function sessions(app: { context: object }, o: SessionOptions) {
  const cookies = { value: cookiePattern(o.key), sig: cookiePattern(`${o.key}.sig`) };
  const stateOf = (ctx: WithState) => (ctx[STATE] ??= new RequestSession(ctx, o, cookies));
  Object.defineProperty(app.context, 'session', {
    configurable: true,
    get(this: WithState) {
      const s = stateOf(this);
      return s.isRemoved ? null : s;
    },
    set(this: WithState, value: unknown) {
      if (value !== null) throw new Error('ctx.session can only be set to null (to end the session)');
      stateOf(this).markRemoved();
    },
  });
  return async function session(ctx: Context, next: Next) {
    try {
      await next();
    } finally {
      const s = (ctx as WithState)[STATE];
      if (s?.pending) await s.commit();
    }
  };
}
