/**
 * Which account a provider's user signs in to (docs/oauth.md). The name comes from the claim Potato's
 * `user_identity_field` names (the verified email by default), so a project moved from Potato keeps its
 * annotators' names; the provider's stable subject is bound to that name at the first sign-in, so later
 * sign-ins reach the same account even if the email changes, and a second person later given the same
 * email at that provider cannot take the account over. Access rules (`allowed_domain`, `allowed_org`,
 * `auto_register`) are checked here; the HTTP exchange that proves the identity is `server/io/oauth-providers.ts`.
 */
import { forbidden } from '../errors.js';
import type { Clock, Store, StoreOp } from '../ports.js';
import { checkUsername, type Accounts } from '../users/users.js';
import type { OAuthProvider, OAuthSettings } from './settings.js';

/** Who the provider says signed in, after openid-client checked its answer. */
export interface ProviderIdentity {
  /** the provider's stable id for the user (OpenID Connect `sub`, GitHub's numeric id) */
  subject: string;
  email?: string;
  /** the provider vouches for the email (`email_verified`, GitHub's verified primary address) */
  emailVerified: boolean;
  /** `preferred_username`, GitHub's login */
  username?: string;
  name?: string;
  /** GitHub only, when `allowed_org` is set: whether the user is an active member */
  inAllowedOrg?: boolean;
}

interface OAuthIdentityRecord {
  provider: string;
  subject: string;
  username: string;
  bound_at: string;
}

declare module '../ports.js' {
  interface Tables {
    /** `<provider>:<subject>` → the account it signs in to, written at the first sign-in */
    oauth_identities: OAuthIdentityRecord;
  }
}

const identityKey = (provider: string, subject: string) => `${provider}:${subject}`;

export class OAuthAccounts {
  constructor(
    private readonly store: Store,
    private readonly accounts: Accounts,
    readonly settings: OAuthSettings,
    private readonly clock: Clock,
    /** names listed in user_config.users (or Potato's user file): with auto_register off, only they get in */
    private readonly listed: (username: string) => boolean,
  ) {}

  get enabled(): boolean {
    return this.settings.providers.length > 0;
  }

  provider(id: string): OAuthProvider | undefined {
    return this.settings.providers.find((p) => p.id === id);
  }

  /** The provider an account signs in through, if it was made or claimed by single sign-on. */
  boundProvider(username: string): OAuthProvider | undefined {
    for (const [, record] of this.store.entries('oauth_identities'))
      if (record.username === username) return this.provider(record.provider);
    return undefined;
  }

  /** The account `who` signs in to, creating it when the project says so; refusals are sentences for the page. */
  async signIn(p: OAuthProvider, who: ProviderIdentity): Promise<string> {
    this.checkAccess(p, who);
    const key = identityKey(p.id, who.subject);
    const bound = this.store.get('oauth_identities', key);
    if (bound && this.accounts.get(bound.username)) return bound.username;
    const username = this.nameOf(p, who);
    for (const [, record] of this.store.entries('oauth_identities'))
      if (record.username === username && record.provider === p.id && record.subject !== who.subject)
        throw forbidden(
          `The account "${username}" belongs to another ${p.displayName} user: ask the project owner for help.`,
        );
    const ops: StoreOp[] = [];
    if (!this.accounts.get(username)) {
      if (!this.settings.autoRegister && !this.listed(username))
        throw forbidden(
          `"${username}" has no account in this project, and accounts are not created at sign-in: ask the project owner to add you.`,
        );
      ops.push(...this.accounts.passwordlessOps(username));
    }
    const record: OAuthIdentityRecord = {
      provider: p.id,
      subject: who.subject,
      username,
      bound_at: new Date(this.clock.now()).toISOString(),
    };
    ops.push({ table: 'oauth_identities', key, value: record });
    await this.store.write(ops);
    return username;
  }

  private checkAccess(p: OAuthProvider, who: ProviderIdentity): void {
    if (p.allowedDomain) {
      const domain = who.email?.split('@').pop()?.toLowerCase();
      if (!who.email || !who.emailVerified || domain !== p.allowedDomain)
        throw forbidden(
          `Only ${p.allowedDomain} accounts may sign in to this project` +
            (who.email
              ? ` (${p.displayName} gave ${who.emailVerified ? '' : 'the unverified address '}${who.email}).`
              : '.'),
        );
    }
    if (p.allowedOrg && who.inAllowedOrg !== true)
      throw forbidden(
        `Only members of the ${p.allowedOrg} organization on GitHub may sign in (a private membership must be made public, or the app allowed to read it).`,
      );
  }

  /** The username the configured claim gives; names that do not fit an account name are refused, not mangled. */
  private nameOf(p: OAuthProvider, who: ProviderIdentity): string {
    let name: string | undefined;
    switch (p.identityField) {
      case 'email':
        if (!who.email || !who.emailVerified)
          throw forbidden(
            `${p.displayName} did not give a verified email address for your account, which this project signs in by.`,
          );
        name = who.email;
        break;
      case 'username':
        name = who.username;
        break;
      case 'name':
        name = who.name?.trim().replace(/\s+/g, '.');
        break;
      case 'sub':
        // the subject may hold characters an account name cannot (Auth0's "auth0|123"): those become "_"
        name = `${p.id}-${who.subject.replace(/[^A-Za-z0-9._@-]/g, '_')}`.slice(0, 64);
        break;
    }
    if (!name)
      throw forbidden(`${p.displayName} did not give your ${p.identityField}, which this project signs in by.`);
    try {
      return checkUsername(name);
    } catch {
      throw forbidden(
        `"${name}" cannot be an account name here (letters, digits and . _ - @ only): ask the project owner to sign in by another field.`,
      );
    }
  }
}
