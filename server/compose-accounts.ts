/**
 * Accounts and the ways into them, wired beside compose.ts: the accounts (config, user file and registered), the
 * login throttle, the first admin's set-up link, sign-in links and password resets. The throttle, the set-up link
 * and sign-in links live in this process's memory, so they are kept when services are composed again.
 */
import { randomBytes } from 'node:crypto';
import type { ComposeInput } from './services.js';
import { Accounts } from './domain/users/users.js';
import { LoginThrottle } from './domain/users/login-throttle.js';
import { LoginTokens } from './domain/users/login-tokens.js';
import { AdminSetup } from './domain/users/admin-setup.js';
import { PasswordResets } from './domain/users/password-resets.js';
import { scryptHasher } from './io/scrypt-hasher.js';
import { OAuthAccounts } from './domain/auth/oauth-accounts.js';
import { OAuthClients } from './io/oauth-providers.js';
import { userSessionEndOps } from './http/session-store.js';

const randomToken = () => randomBytes(32).toString('base64url');

export function composeAccounts({ config, store, clock, desktopOwner, passwordHasher, reuse }: ComposeInput) {
  const hasher = passwordHasher ?? scryptHasher;
  const accounts = new Accounts(
    store,
    hasher,
    {
      allowAllUsers: config.allowAllUsers,
      requirePassword: config.requirePassword,
      debug: config.debug,
      configuredUsers: new Map(
        config.users.map((u) => [u.username, u.password ?? (u.password_hash ? { hash: u.password_hash } : undefined)]),
      ),
      fileUsers: new Map(config.users.flatMap((u) => (u.file ? [[u.username, u.file]] : []))),
      adminNames: new Set([...config.adminUsers, ...(desktopOwner ? [desktopOwner] : [])]),
      passwords: { minLength: config.minPasswordLength },
    },
    clock,
  );
  return {
    accounts,
    throttle: reuse?.throttle ?? new LoginThrottle(clock),
    adminSetup: reuse?.adminSetup ?? new AdminSetup(accounts, clock, randomToken),
    loginTokens: reuse?.loginTokens ?? new LoginTokens({ clock, store, hasher, randomToken }),
    passwordResets: new PasswordResets(store, accounts, clock, randomToken, (name) => userSessionEndOps(store, name)),
    oauth: new OAuthAccounts(store, accounts, config.oauth, clock, (name) =>
      config.users.some((u) => u.username === name),
    ),
    // discovery documents and the listening origin are kept when services are composed again
    oauthClients: reuse?.oauthClients ?? new OAuthClients(config.oauth.publicUrl),
  };
}
