/**
 * Reset links: an admin (admin API key or an admin's session) creates one for an account and sends it to its
 * user, who sets a new password with it. Only the token's SHA-256 is stored, so a copy of the data folder gives
 * no working link; a token works once, expires, and a new one for the same user replaces the last. Setting the
 * password ends the user's sessions in the same write, so whoever knew the old password is signed out too.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { invalid, notFound } from '../errors.js';
import type { Clock, Store, StoreOp } from '../ports.js';
import type { Accounts, UserRecord } from './users.js';

export const RESET_TTL_HOURS = 24;
/** A month: a link that lives longer is a password of its own sent around in mail. */
export const MAX_RESET_TTL_HOURS = 24 * 31;

export interface PasswordResetRecord {
  username: string;
  /** SHA-256 of the token, hex (the table's key too) */
  token_hash: string;
  created_at: string;
  /** epoch ms on the project's clock */
  expires_at: number;
}

/** A user's ask for a link on the forgot-password page, kept until the admin creates one. */
export interface ResetRequestRecord {
  username: string;
  requested_at: string;
}

declare module '../ports.js' {
  interface Tables {
    password_resets: PasswordResetRecord;
    password_reset_requests: ResetRequestRecord;
  }
}

/** An ask repeated sooner than this is not written again: the page is public, a flood must not fill the store. */
const REQUEST_REPEAT_MS = 60_000;

export interface IssuedReset {
  token: string;
  username: string;
  expires_at: string;
  expires_in_hours: number;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

const GONE = 'this reset link is invalid, was already used or has expired: ask the project owner for a new one';

export class PasswordResets {
  constructor(
    private readonly store: Store,
    private readonly accounts: Accounts,
    private readonly clock: Clock,
    private readonly randomToken: () => string,
    /** ops that end every session of a user (sessions are kept by the HTTP layer) */
    private readonly endSessions: (username: string) => StoreOp[],
  ) {}

  /** A new link's token for an existing account; the user's earlier links stop working. */
  async issue(username: string, ttlHours = RESET_TTL_HOURS): Promise<IssuedReset> {
    if (!this.accounts.get(username)) throw notFound(`username: no account "${username}"`);
    if (!(ttlHours > 0 && ttlHours <= MAX_RESET_TTL_HOURS))
      throw invalid(`ttl_hours: must be more than 0 and at most ${MAX_RESET_TTL_HOURS}`);
    const token = this.randomToken();
    const now = this.clock.now();
    const record: PasswordResetRecord = {
      username,
      token_hash: digest(token),
      created_at: new Date(now).toISOString(),
      expires_at: now + Math.round(ttlHours * 3_600_000),
    };
    await this.store.write([
      ...this.dropOps((r) => r.username === username || r.expires_at <= now),
      { table: 'password_resets', key: record.token_hash, value: record },
      ...(this.store.get('password_reset_requests', username)
        ? [{ table: 'password_reset_requests' as const, key: username, delete: true as const }]
        : []),
    ]);
    return { token, username, expires_at: new Date(record.expires_at).toISOString(), expires_in_hours: ttlHours };
  }

  /** The account a live token resets, without spending it (the page that asks for the new password). */
  peek(token: string): string {
    return this.live(token).username;
  }

  /**
   * Sets the new password, spends the token and ends the user's sessions, in one write. A password that breaks
   * the rules leaves the token usable.
   */
  async complete(token: string, password: string): Promise<UserRecord> {
    const found = this.live(token);
    const ends: StoreOp[] = [
      { table: 'password_resets', key: found.token_hash, delete: true },
      ...this.endSessions(found.username),
    ];
    return this.accounts.setPassword(found.username, password, 'reset_link', ends, () => {
      // checked again after hashing: two requests with one token must not both set a password
      if (this.store.get('password_resets', found.token_hash) === undefined) throw gone();
    });
  }

  /**
   * Records that a user asked for a link, for the admin to see. Nothing is said back about whether the account
   * exists, so the page cannot be used to find out who has one.
   */
  async request(username: string): Promise<void> {
    if (!this.accounts.get(username)) return;
    const now = this.clock.now();
    const last = this.store.get('password_reset_requests', username);
    if (last && now - Date.parse(last.requested_at) < REQUEST_REPEAT_MS) return;
    const value = { username, requested_at: new Date(now).toISOString() };
    await this.store.write([{ table: 'password_reset_requests', key: username, value }]);
  }

  /** Users who asked for a link and have not been given one since. */
  requests(): ResetRequestRecord[] {
    return [...this.store.entries('password_reset_requests')]
      .map(([, r]) => r)
      .sort((a, b) => a.requested_at.localeCompare(b.requested_at));
  }

  /** Links not used and not expired, by user (for the admin). */
  outstanding(): Array<{ username: string; created_at: string; expires_at: string }> {
    const now = this.clock.now();
    const out = [];
    for (const [, r] of this.store.entries('password_resets'))
      if (r.expires_at > now)
        out.push({ username: r.username, created_at: r.created_at, expires_at: new Date(r.expires_at).toISOString() });
    return out.sort((a, b) => a.username.localeCompare(b.username));
  }

  private live(token: string): PasswordResetRecord {
    const hash = digest(token);
    const found = this.store.get('password_resets', hash);
    // the lookup is by the token's hash, which tells a timer nothing about the token; the compare is explicit
    if (!found || !timingSafeEqual(Buffer.from(found.token_hash, 'hex'), Buffer.from(hash, 'hex'))) throw gone();
    if (this.clock.now() >= found.expires_at) throw gone();
    return found;
  }

  private dropOps(drop: (r: PasswordResetRecord) => boolean): StoreOp[] {
    const ops: StoreOp[] = [];
    for (const [key, r] of this.store.entries('password_resets'))
      if (drop(r)) ops.push({ table: 'password_resets', key, delete: true });
    return ops;
  }
}

const gone = () => notFound(GONE);
