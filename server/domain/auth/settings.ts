/** What single sign-on is configured with (read from Potato's `authentication` keys by config/sections/oauth.ts). */

export type ProviderKind = 'oidc' | 'github';

export const IDENTITY_FIELDS = ['email', 'username', 'sub', 'name'] as const;

/** Which claim becomes the username (Potato's `user_identity_field`). */
export type IdentityField = (typeof IDENTITY_FIELDS)[number];

export interface OAuthProvider {
  /** the name in the config and in the paths: /auth/login/<id>, /auth/callback/<id> */
  id: string;
  kind: ProviderKind;
  /** shown on the button: "Sign in with <displayName>" */
  displayName: string;
  clientId: string;
  clientSecret?: string;
  /** the issuer whose discovery document is read (oidc); GitHub's endpoints are its own */
  issuer?: URL;
  scopes: string[];
  /** lower-cased email domain a user's verified email must end in */
  allowedDomain?: string;
  /** GitHub organization the user must be a member of */
  allowedOrg?: string;
  /** GitHub Enterprise Server's address (its sign-in under it, its API at /api/v3); else github.com */
  enterpriseUrl?: URL;
  identityField: IdentityField;
}

export interface OAuthSettings {
  providers: OAuthProvider[];
  /** the password form stays beside the buttons (Potato's allow_local_login) */
  localLogin: boolean;
  /** a first sign-in creates the account (Potato's auto_register); else only existing or listed names */
  autoRegister: boolean;
  /** the origin redirect URIs are built from (ours: `public_url`); else the address the server listens on */
  publicUrl?: URL;
}

export const NO_OAUTH: OAuthSettings = { providers: [], localLogin: true, autoRegister: true };
