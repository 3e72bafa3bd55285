/** Annotator accounts: names, password hashes, and who may log in. */
import { conflict, forbidden, invalid, unauthorized } from '../errors.js';
import type { Clock, Store, StoreOp } from '../ports.js';

export interface UserRecord {
  username: string;
  /** scrypt hash in PHC-like form; absent for users who log in without a password */
  password_hash?: string;
  created_at: string;
}

declare module '../ports.js' {
  interface Tables {
    users: UserRecord;
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

/** Letters, digits and `._-@`, 1–64 long, not only dots: safe in a path, a header or a log line. */
const USERNAME = /^[A-Za-z0-9._@-]{1,64}$/;

export function checkUsername(username: string): string {
  if (!USERNAME.test(username) || /^\.+$/.test(username)) {
    throw invalid('username must be 1–64 characters of letters, digits and . _ - @');
  }
  return username;
}

export interface AccountPolicy {
  allowAllUsers: boolean;
  requirePassword: boolean;
  debug: boolean;
  /** users listed in the config, with their configured passwords if any */
  configuredUsers: ReadonlyMap<string, string | undefined>;
}

export class Accounts {
  constructor(
    private readonly store: Store,
    private readonly hasher: PasswordHasher,
    private readonly policy: AccountPolicy,
    private readonly clock: Clock,
  ) {}

  get(username: string): UserRecord | undefined {
    return this.store.get('users', username);
  }

  count(): number {
    return this.store.size('users');
  }

  *all(): IterableIterator<UserRecord> {
    for (const [, user] of this.store.entries('users')) yield user;
  }

  private async record(username: string, password: string | undefined): Promise<StoreOp> {
    const value: UserRecord = { username, created_at: new Date(this.clock.now()).toISOString() };
    if (password) value.password_hash = await this.hasher.hash(password);
    return { table: 'users', key: username, value };
  }

  async register(username: string, password: string): Promise<UserRecord> {
    checkUsername(username);
    if (!this.policy.allowAllUsers && !this.policy.configuredUsers.has(username)) {
      throw forbidden('registration is closed for this project: ask the project owner to add you to user_config.users');
    }
    if (this.policy.requirePassword && !password) throw invalid('password is required');
    if (this.get(username)) throw conflict(`the username "${username}" is taken`);
    const op = await this.record(username, password || undefined);
    if (this.get(username)) throw conflict(`the username "${username}" is taken`); // raced while hashing
    await this.store.write([op]);
    return this.get(username)!;
  }

  /** Checks credentials and returns the user, creating the account where the project's policy says so. */
  async authenticate(username: string, password: string): Promise<UserRecord> {
    checkUsername(username);
    // a missing field is a bad request (400), not wrong credentials (decisions.md "Sessions and users")
    if (!password && this.policy.requirePassword && !this.policy.debug) throw invalid('password is required');
    const existing = this.get(username);
    const configured = this.policy.configuredUsers.get(username);
    const wrong = () => unauthorized('wrong username or password');

    if (existing?.password_hash && !this.policy.debug) {
      if (!(await this.hasher.verify(password, existing.password_hash))) throw wrong();
      return existing;
    }
    if (existing && (!this.policy.requirePassword || this.policy.debug)) return existing;
    if (!existing && this.policy.debug) return this.create(username, password);
    if (!existing && configured !== undefined) {
      // A configured user's first login: their configured password, hashed from now on.
      if (password !== configured) throw wrong();
      return this.create(username, password);
    }
    if (!existing && this.policy.configuredUsers.has(username) && !this.policy.requirePassword) return this.create(username, undefined);
    if (!existing && !this.policy.requirePassword && this.policy.allowAllUsers) return this.create(username, undefined);
    if (existing && !existing.password_hash && this.policy.requirePassword) throw wrong();
    throw wrong();
  }

  private async create(username: string, password: string | undefined): Promise<UserRecord> {
    const op = await this.record(username, password || undefined);
    const raced = this.get(username);
    if (raced) return raced;
    await this.store.write([op]);
    return this.get(username)!;
  }
}
