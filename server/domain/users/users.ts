/** Annotator accounts: names, password hashes, and who may log in. */
import { timingSafeEqual } from 'node:crypto';
import { conflict, forbidden, invalid, unauthorized } from '../errors.js';
import type { Clock, Store, StoreOp } from '../ports.js';
import { nameKey } from './name-keys.js';
import { checkPassword, minLengthFor, type PasswordPolicy } from './password-rules.js';

/** The channels that need the machine, through which an admin name's password may be set. */
export type PasswordSource = 'config' | 'setup_link' | 'admin_key' | 'desktop' | 'reset_link';

export interface UserRecord {
  username: string;
  /** scrypt hash in PHC-like form; absent for users who log in without a password */
  password_hash?: string;
  created_at: string;
  /** how the password was set, when not by the user registering (admin names need one of these) */
  password_set_by?: PasswordSource;
}

declare module '../ports.js' {
  interface Tables {
    users: UserRecord;
    /**
     * Written with each new account under the key its look-alikes share: two look-alike names registered at
     * once on two server processes sharing a project write one key, so the store refuses the second.
     */
    name_keys: { username: string };
  }
}

const nameKeyOp = (username: string): StoreOp => ({ table: 'name_keys', key: nameKey(username), value: { username } });

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

/** A configured password as the config gives it, or a hash of it another tool kept (checked by the hasher). */
export type ConfiguredPassword = string | { hash: string };

export interface AccountPolicy {
  allowAllUsers: boolean;
  requirePassword: boolean;
  debug: boolean;
  /** users listed in the config (or Potato's user file), with their configured passwords if any */
  configuredUsers: ReadonlyMap<string, ConfiguredPassword | undefined>;
  /** the configured users read from Potato's user file, with the file's name, which a refusal names */
  fileUsers?: ReadonlyMap<string, string>;
  /** names with admin rights (admin_users, the desktop owner): never created by registering or logging in */
  adminNames: ReadonlySet<string>;
  passwords: PasswordPolicy;
}

/** What someone trying an admin name that has no password yet is told. */
function adminSetupHint(username: string): string {
  return (
    `"${username}" is an admin name and has no password yet; it cannot be registered. The project owner sets its password ` +
    `with the one-time setup link printed on the server's console at start-up, with a password for it in user_config.users, ` +
    `or with the admin API key (PUT /admin/api/users/${username}/password)`
  );
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

  /** True for an admin name or a look-alike of one. */
  isAdminName(username: string): boolean {
    if (this.policy.adminNames.has(username)) return true;
    const key = nameKey(username);
    for (const name of this.policy.adminNames) if (nameKey(name) === key) return true;
    return false;
  }

  /** Admin names that cannot log in yet: no account with a password, and no password for them in the config. */
  adminsWithoutPassword(): string[] {
    return [...this.policy.adminNames].filter(
      (name) => !this.get(name)?.password_hash && !this.policy.configuredUsers.get(name),
    );
  }

  /**
   * Admin accounts someone created by registering (or logging in) rather than through a channel that needs the machine.
   */
  selfRegisteredAdmins(): string[] {
    return [...this.policy.adminNames].filter((name) => {
      const user = this.get(name);
      return user !== undefined && user.password_set_by === undefined;
    });
  }

  /**
   * Sets (or resets) a password through a channel that needs the machine, creating the account if need be;
   * `also` is written with it, once `recheck` (run after the slow hashing) has not thrown.
   */
  async setPassword(
    username: string,
    password: string,
    by: PasswordSource,
    also: StoreOp[] = [],
    recheck?: () => void,
  ): Promise<UserRecord> {
    checkUsername(username);
    checkPassword(password, username, minLengthFor(this.policy.passwords, this.isAdminName(username)));
    if (!this.get(username)) this.refuseLookAlike(username);
    const hash = await this.hasher.hash(password);
    recheck?.();
    const existing = this.get(username);
    const created_at = existing?.created_at ?? new Date(this.clock.now()).toISOString();
    const op: StoreOp = {
      table: 'users',
      key: username,
      value: { username, created_at, password_hash: hash, password_set_by: by },
    };
    await this.store.write(existing ? [op, ...also] : [op, nameKeyOp(username), ...also]);
    return this.get(username)!;
  }

  /** Refuses a new name that a reader could take for an existing account, an admin name or a configured user. */
  private refuseLookAlike(username: string): void {
    const key = nameKey(username);
    const names = [...this.policy.adminNames, ...this.policy.configuredUsers.keys()];
    for (const [name] of this.store.entries('users')) names.push(name);
    const twin = names.find((name) => name !== username && nameKey(name) === key);
    if (twin !== undefined)
      throw conflict(`the username "${username}" looks too much like the existing "${twin}": choose another`);
  }

  /**
   * The ops that create an account without a password, for an annotator whose work was taken in from elsewhere
   * (Potato's saved states): they log in as the project allows, or set a password with a reset link.
   */
  passwordlessOps(username: string): StoreOp[] {
    checkUsername(username);
    this.refuseLookAlike(username);
    const value: UserRecord = { username, created_at: new Date(this.clock.now()).toISOString() };
    return [{ table: 'users', key: username, value }, nameKeyOp(username)];
  }

  count(): number {
    return this.store.size('users');
  }

  *all(): IterableIterator<UserRecord> {
    for (const [, user] of this.store.entries('users')) yield user;
  }

  private async record(username: string, password: string | undefined, by?: PasswordSource): Promise<StoreOp> {
    const value: UserRecord = { username, created_at: new Date(this.clock.now()).toISOString() };
    if (password) value.password_hash = await this.hasher.hash(password);
    if (by) value.password_set_by = by;
    return { table: 'users', key: username, value };
  }

  async register(username: string, password: string): Promise<UserRecord> {
    if (this.policy.adminNames.has(username)) throw forbidden(adminSetupHint(username));
    // before the character rules, so a look-alike in other scripts is refused as what it is
    if (!this.get(username)) this.refuseLookAlike(username);
    checkUsername(username);
    if (!this.policy.allowAllUsers && !this.policy.configuredUsers.has(username)) {
      throw forbidden('registration is closed for this project: ask the project owner to add you to user_config.users');
    }
    if (this.policy.requirePassword && !password) throw invalid('password is required');
    if (this.get(username)) throw conflict(`the username "${username}" is taken`);
    if (this.policy.configuredUsers.get(username)) {
      const file = this.policy.fileUsers?.get(username);
      const where = file ? `Potato's user file (${file})` : "the project's config (user_config.users)";
      throw conflict(`"${username}" is set up in ${where}: log in with the password given there`);
    }
    // Potato's require_password: false logs in by name alone; a password its pages or scripts still send is
    // ignored rather than judged against rules that do not apply
    const kept = this.policy.requirePassword ? password : '';
    if (kept) checkPassword(kept, username, minLengthFor(this.policy.passwords, false));
    const op = await this.record(username, kept || undefined);
    if (this.get(username)) throw conflict(`the username "${username}" is taken`); // raced while hashing
    await this.store.write([op]);
    return this.get(username)!;
  }

  /** Checks credentials and returns the user, creating the account where the project's policy says so. */
  async authenticate(username: string, password: string): Promise<UserRecord> {
    checkUsername(username);
    // a missing field is a bad request (400), not wrong credentials (docs/accounts.md)
    if (!password && this.policy.requirePassword && !this.policy.debug) throw invalid('password is required');
    const existing = this.get(username);
    const configured = this.policy.configuredUsers.get(username);
    const wrong = () => unauthorized('wrong username or password');

    if (this.policy.adminNames.has(username)) {
      // admin names: only a password set through a channel that needs the machine, debug mode or not
      if (existing?.password_hash) {
        if (!(await this.hasher.verify(password, existing.password_hash))) throw wrong();
        return existing;
      }
      if (!existing && configured) {
        if (!(await this.matchesConfigured(password, configured))) throw wrong();
        return this.create(username, password, 'config');
      }
      throw forbidden(adminSetupHint(username));
    }

    if (existing?.password_hash && !this.policy.debug) {
      if (!(await this.hasher.verify(password, existing.password_hash))) throw wrong();
      return existing;
    }
    if (existing && (!this.policy.requirePassword || this.policy.debug)) return existing;
    if (!existing && this.policy.debug) return this.create(username, password);
    if (!existing && configured !== undefined) {
      // A configured user's first login: their configured password, hashed from now on.
      if (!(await this.matchesConfigured(password, configured))) throw wrong();
      return this.create(username, password, 'config');
    }
    if (!existing && this.policy.configuredUsers.has(username) && !this.policy.requirePassword)
      return this.create(username, undefined);
    if (!existing && !this.policy.requirePassword && this.policy.allowAllUsers) return this.create(username, undefined);
    if (existing && !existing.password_hash && this.policy.requirePassword) throw wrong();
    throw wrong();
  }

  /** A first login against the password the config (or Potato's user file) gives, compared in constant time. */
  private async matchesConfigured(password: string, configured: ConfiguredPassword): Promise<boolean> {
    if (typeof configured !== 'string') return this.hasher.verify(password, configured.hash);
    const [given, want] = [Buffer.from(password), Buffer.from(configured)];
    return given.length === want.length && timingSafeEqual(given, want);
  }

  private async create(username: string, password: string | undefined, by?: PasswordSource): Promise<UserRecord> {
    if (by === undefined) this.refuseLookAlike(username);
    const op = await this.record(username, password || undefined, by);
    const raced = this.get(username);
    if (raced) return raced;
    await this.store.write([op, nameKeyOp(username)]);
    return this.get(username)!;
  }
}
