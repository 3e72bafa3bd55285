/**
 * Potato's single sign-on keys (`authentication: {method: oauth, providers: {...}}`, and its HuggingFace spelling
 * `authentication.oauth: {provider, ...}`), read into the providers the server signs people in through
 * (docs/oauth.md). Google and HuggingFace are OpenID Connect providers found by their discovery documents; GitHub
 * is OAuth 2 without OpenID Connect, so the user comes from its API; any other name is a generic OpenID Connect
 * provider found from its `discovery_url` (or `issuer`). Secrets arrive through the config's `${ENV}` references.
 */
import { z } from 'zod';
import {
  IDENTITY_FIELDS,
  NO_OAUTH,
  type IdentityField,
  type OAuthProvider,
  type OAuthSettings,
  type ProviderKind,
} from '../../domain/auth/settings.js';

const httpUrl = () => z.url({ protocol: /^https?$/ });

// built at first use like the other config sections, so a start-up that reads no single sign-on keys builds none
const providerSchema = z.lazy(() =>
  z.looseObject({
    display_name: z.string().min(1).max(80).optional(),
    client_id: z.string().min(1),
    client_secret: z.string().optional(),
    discovery_url: httpUrl().optional(),
    issuer: httpUrl().optional(),
    // ours: the address of a GitHub Enterprise Server, whose sign-in and API live under it
    enterprise_url: httpUrl().optional(),
    scopes: z.array(z.string().regex(/^[\x21-\x7e]+$/, 'scopes are single words')).optional(),
    allowed_domain: z
      .string()
      .regex(/^@?[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, 'a domain such as umich.edu')
      .optional(),
    allowed_org: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,39}$/, 'a GitHub organization name')
      .optional(),
    identity_field: z.enum(IDENTITY_FIELDS).optional(),
    user_identity_field: z.enum(IDENTITY_FIELDS).optional(),
    provider: z.string().optional(),
  }),
);

/** The keys single sign-on adds to Potato's `authentication` section. */
export const oauthKeys = () => ({
  providers: z
    .record(z.string().regex(/^[a-z0-9_-]{1,32}$/, 'a provider name of a-z, 0-9, _ and -'), providerSchema)
    .optional(),
  oauth: providerSchema.optional(),
  user_identity_field: z.enum(IDENTITY_FIELDS).optional(),
  allow_local_login: z.boolean().optional(),
  auto_register: z.boolean().optional(),
  public_url: httpUrl().optional(),
});

type RawOAuth = z.output<z.ZodObject<ReturnType<typeof oauthKeys>>>;
type RawProvider = z.output<typeof providerSchema>;

/** The named providers Potato knows: their issuer, the button's name and the scopes asked by default. */
const KNOWN: Record<string, { kind: ProviderKind; displayName: string; issuer?: string; scopes: string[] }> = {
  google: {
    kind: 'oidc',
    displayName: 'Google',
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'profile'],
  },
  huggingface: {
    kind: 'oidc',
    displayName: 'Hugging Face',
    issuer: 'https://huggingface.co',
    scopes: ['openid', 'profile', 'email'],
  },
  github: { kind: 'github', displayName: 'GitHub', scopes: ['read:user', 'user:email'] },
};

/** The issuer a discovery URL names: the URL without its `/.well-known/openid-configuration` tail. */
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

function issuerOf(discovery: string): URL {
  return new URL(discovery.replace(/\/\.well-known\/openid-configuration\/?$/, ''));
}

function readProvider(
  id: string,
  raw: RawProvider,
  field: IdentityField,
  warn: (m: string) => void,
  refuse: (m: string) => never,
): OAuthProvider {
  const at = `authentication.providers.${id}`;
  const keys = providerSchema.unwrap().shape;
  for (const key of Object.keys(raw)) if (!Object.hasOwn(keys, key)) warn(`unknown key "${at}.${key}" is ignored`);
  const known = KNOWN[id];
  const kind: ProviderKind = known?.kind ?? 'oidc';
  const given = raw.discovery_url ?? raw.issuer;
  const issuer = given ? issuerOf(given) : known?.issuer ? new URL(known.issuer) : undefined;
  if (kind === 'oidc' && !issuer)
    refuse(
      `${at}: needs a discovery_url (or issuer): "${id}" is not a provider known by name (google, github, huggingface)`,
    );
  if (kind === 'github' && given)
    warn(
      `${at}.discovery_url is not acted on: GitHub's endpoints are its own (enterprise_url names a GitHub Enterprise Server)`,
    );
  if (raw.enterprise_url && kind !== 'github')
    warn(`${at}.enterprise_url is not acted on: it names a GitHub Enterprise Server, and "${id}" is not GitHub`);
  const enterprise = kind === 'github' && raw.enterprise_url ? new URL(raw.enterprise_url) : undefined;
  if (enterprise && enterprise.protocol === 'http:' && !LOOPBACK.includes(enterprise.hostname))
    refuse(`${at}.enterprise_url: must be https (plain http only for a server on this machine)`);
  if (!raw.client_secret) warn(`${at}.client_secret is not set: the provider is asked as a public client (PKCE alone)`);
  if (raw.allowed_org && kind !== 'github')
    warn(`${at}.allowed_org is not acted on: organizations are GitHub's; use allowed_domain for an email domain`);
  if (!raw.display_name && !known) warn(`${at}.display_name is not set: the button says "Sign in with ${id}"`);
  const identityField = raw.user_identity_field ?? raw.identity_field ?? field;
  if (identityField === 'name')
    warn(
      `${at}: user_identity_field "name" makes the display name the account, which two people can share: ` +
        'prefer email, username or sub',
    );
  if (raw.provider !== undefined && raw.provider !== id)
    warn(`${at}.provider is not acted on: the provider is the key it is listed under ("${id}")`);
  const scopes = raw.scopes ?? [...(known?.scopes ?? ['openid', 'email', 'profile'])];
  if (kind === 'oidc' && !scopes.includes('openid')) scopes.unshift('openid');
  if (kind === 'github' && raw.allowed_org && !scopes.includes('read:org')) scopes.push('read:org');
  return {
    id,
    kind,
    displayName: raw.display_name ?? known?.displayName ?? id,
    clientId: raw.client_id,
    clientSecret: raw.client_secret || undefined,
    issuer: kind === 'oidc' ? issuer : undefined,
    scopes,
    allowedDomain: raw.allowed_domain?.replace(/^@/, '').toLowerCase(),
    allowedOrg: kind === 'github' ? raw.allowed_org : undefined,
    enterpriseUrl: enterprise && new URL(enterprise.href.replace(/\/+$/, '')),
    identityField,
  };
}

/** The sign-in providers of an `authentication` section whose method is `oauth`, and its warnings. */
export function readOAuth(
  raw: RawOAuth,
  method: string,
  warn: (m: string) => void,
  refuse: (m: string) => never,
): OAuthSettings {
  const given = [
    'providers',
    'oauth',
    'user_identity_field',
    'allow_local_login',
    'auto_register',
    'public_url',
  ] as const;
  if (method !== 'oauth') {
    for (const key of given)
      if (raw[key] !== undefined) warn(`authentication.${key} is not acted on: authentication.method is not "oauth"`);
    return NO_OAUTH;
  }
  const field = raw.user_identity_field ?? 'email';
  const entries: [string, RawProvider][] = Object.entries(raw.providers ?? {});
  if (raw.oauth) {
    const id = raw.oauth.provider ?? 'oidc';
    if (!/^[a-z0-9_-]{1,32}$/.test(id)) refuse(`authentication.oauth.provider: "${id}" is not a provider name`);
    if (entries.some(([name]) => name === id))
      refuse(`authentication.oauth: provider "${id}" is also listed under authentication.providers`);
    entries.push([id, raw.oauth]);
  }
  if (!entries.length)
    refuse(
      'authentication.providers: method "oauth" needs at least one provider (google, github, huggingface or oidc)',
    );
  return {
    providers: entries.map(([id, p]) => readProvider(id, p, field, warn, refuse)),
    // Potato hides the password form unless allow_local_login is set
    localLogin: raw.allow_local_login ?? false,
    autoRegister: raw.auto_register ?? true,
    publicUrl: raw.public_url ? new URL(new URL(raw.public_url).origin) : undefined,
  };
}
