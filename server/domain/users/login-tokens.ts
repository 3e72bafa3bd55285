/**
 * Desktop sign-in: the Electron main process asks the in-process server for a one-time token and loads
 * `/auth/token?t=<token>` in its own window. Only code running in the server's process can issue a token, so no
 * local web page can obtain a session this way. Tokens live in memory only (a restart forgets them), work once
 * and expire after a minute.
 *
 * The desktop owner's account is created when the server starts (`ensureAccount`) with an unguessable password
 * nobody knows, so that with LAN mode on nobody can register or log in under the owner's name (and its admin
 * rights) through the password form.
 */
import { unauthorized } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import { checkUsername, type PasswordHasher, type UserRecord } from './users.js';

export const LOGIN_TOKEN_TTL_MS = 60_000;

interface Pending {
  username: string;
  expiresAt: number;
}

export interface LoginTokenPorts {
  clock: Clock;
  store: Store;
  hasher: PasswordHasher;
  /** a fresh unguessable string of 32 random bytes (base64url); also used as the owner's throwaway password */
  randomToken(): string;
}

export class LoginTokens {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly ports: LoginTokenPorts,
    private readonly ttlMs = LOGIN_TOKEN_TTL_MS,
  ) {}

  /** A token that signs `username` in once, within the next minute. */
  issue(username: string): string {
    checkUsername(username);
    this.sweep();
    const token = this.ports.randomToken();
    this.pending.set(token, { username, expiresAt: this.ports.clock.now() + this.ttlMs });
    return token;
  }

  /** The user the token was issued for; the token is spent whatever the outcome. */
  async consume(token: string | undefined): Promise<string> {
    if (!token) throw unauthorized('this sign-in link has no token: restart the desktop app to sign in again');
    const found = this.pending.get(token);
    this.pending.delete(token);
    if (!found)
      throw unauthorized(
        'this sign-in link is not valid or was already used: restart the desktop app to sign in again',
      );
    if (this.ports.clock.now() > found.expiresAt)
      throw unauthorized('this sign-in link has expired: restart the desktop app to sign in again');
    await this.ensureAccount(found.username);
    return found.username;
  }

  /** Tokens issued and neither used nor expired (for tests and diagnostics). */
  outstanding(): number {
    this.sweep();
    return this.pending.size;
  }

  private sweep(): void {
    const now = this.ports.clock.now();
    for (const [token, p] of this.pending) if (now > p.expiresAt) this.pending.delete(token);
  }

  /** Creates the owner's account with a throwaway password, unless it exists. */
  async ensureAccount(username: string): Promise<void> {
    if (this.ports.store.get('users', username)) return;
    const value: UserRecord = {
      username,
      password_hash: await this.ports.hasher.hash(this.ports.randomToken()),
      created_at: new Date(this.ports.clock.now()).toISOString(),
      password_set_by: 'desktop',
    };
    if (this.ports.store.get('users', username)) return; // created while hashing
    await this.ports.store.write([{ table: 'users', key: username, value }]);
  }
}
