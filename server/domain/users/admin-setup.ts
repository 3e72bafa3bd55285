/**
 * Setup links: how an admin name without a password gets one. At start-up the server prints a link per such name
 * on its own console, so only someone who can see the machine's console can use it. A link is random, works once
 * and expires after SETUP_LINK_TTL_MS; tokens live in memory, so a restart prints fresh ones.
 */
import { DomainError, unauthorized } from '../errors.js';
import type { Clock } from '../ports.js';
import type { Accounts, UserRecord } from './users.js';

export const SETUP_LINK_TTL_MS = 15 * 60_000;

interface Pending {
  username: string;
  expiresAt: number;
}

const AGAIN = 'restart the server for a new link, or ask the project owner';

export class AdminSetup {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly accounts: Accounts,
    private readonly clock: Clock,
    private readonly randomToken: () => string,
    private readonly ttlMs = SETUP_LINK_TTL_MS,
  ) {}

  /** A fresh token for every admin name that cannot log in yet, by name. */
  issueForPending(): Map<string, string> {
    const out = new Map<string, string>();
    for (const username of this.accounts.adminsWithoutPassword()) out.set(username, this.issue(username));
    return out;
  }

  issue(username: string): string {
    this.sweep();
    const token = this.randomToken();
    this.pending.set(token, { username, expiresAt: this.clock.now() + this.ttlMs });
    return token;
  }

  /** The admin name a live token sets up, without spending it (the page that asks for the password). */
  peek(token: string | undefined): string {
    return this.live(token).username;
  }

  /** Sets the password and spends the token; a password that breaks the rules leaves the token usable. */
  async complete(token: string | undefined, password: string): Promise<UserRecord> {
    const found = this.live(token);
    // spent before the wait for hashing, so two requests with one token cannot both set a password
    this.pending.delete(token!);
    try {
      return await this.accounts.setPassword(found.username, password, 'setup_link');
    } catch (e) {
      if (e instanceof DomainError && e.kind === 'invalid') this.pending.set(token!, found);
      throw e;
    }
  }

  private live(token: string | undefined): Pending {
    if (!token) throw unauthorized(`this setup link has no token: ${AGAIN}`);
    const found = this.pending.get(token);
    if (!found) throw unauthorized(`this setup link is not valid or was already used: ${AGAIN}`);
    if (this.clock.now() > found.expiresAt) {
      this.pending.delete(token);
      throw unauthorized(`this setup link has expired: ${AGAIN}`);
    }
    return found;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [token, p] of this.pending) if (now > p.expiresAt) this.pending.delete(token);
  }
}
