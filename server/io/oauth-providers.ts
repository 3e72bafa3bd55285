/**
 * The HTTP side of single sign-on, through openid-client (panva): discovery, the authorization URL with PKCE,
 * `state` and `nonce`, and the code exchange whose ID token openid-client checks (signature against the
 * provider's JWKS, issuer, audience, expiry, nonce). We write none of those checks ourselves. GitHub has no
 * OpenID Connect: its code is exchanged the same way and the user is read from its API.
 */
import * as oidc from 'openid-client';
import type { OAuthProvider } from '../domain/auth/settings.js';
import type { ProviderIdentity } from '../domain/auth/oauth-accounts.js';

/** What the browser carries between the redirect to the provider and the callback (in a signed cookie). */
export interface FlowSecrets {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  /** ms since the epoch after which the callback is refused */
  expires: number;
}

/** A sign-in the provider or its answer refused: `detail` goes to the log, never to the page. */
export class ProviderError extends Error {
  constructor(
    readonly userMessage: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** GitHub's sign-in endpoints and API: github.com's, or those of a GitHub Enterprise Server at its address. */
function github(enterprise: URL | undefined): { metadata: oidc.ServerMetadata; api: string } {
  const web = enterprise?.href.replace(/\/+$/, '') ?? 'https://github.com';
  return {
    metadata: {
      issuer: web,
      authorization_endpoint: `${web}/login/oauth/authorize`,
      token_endpoint: `${web}/login/oauth/access_token`,
    },
    api: enterprise ? `${web}/api/v3` : 'https://api.github.com',
  };
}
const TIMEOUT_S = 15;

/** Plain HTTP is allowed only to a provider on this machine (a development or test provider). */
function loopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export class OAuthClients {
  private readonly configs = new Map<string, Promise<oidc.Configuration>>();
  /** the server's own origin, when no public_url is configured: where it listens, told at listen time */
  private listenOrigin: string | undefined;

  constructor(private readonly publicUrl: URL | undefined) {}

  listening(origin: string): void {
    this.listenOrigin = origin;
  }

  /** The redirect URI registered at the provider: built from the configured origin, never a request's Host. */
  redirectUri(provider: OAuthProvider): string {
    const origin = this.publicUrl?.origin ?? this.listenOrigin;
    if (!origin)
      throw new ProviderError('Single sign-on is not ready yet: try again in a moment.', 'the server is not listening');
    return `${origin}/auth/callback/${provider.id}`;
  }

  private config(provider: OAuthProvider): Promise<oidc.Configuration> {
    let found = this.configs.get(provider.id);
    if (!found) {
      found = this.load(provider);
      this.configs.set(provider.id, found);
      // a provider that could not be reached is asked again at the next sign-in
      found.catch(() => this.configs.delete(provider.id));
    }
    return found;
  }

  private async load(p: OAuthProvider): Promise<oidc.Configuration> {
    const auth = p.clientSecret ? oidc.ClientSecretPost(p.clientSecret) : oidc.None();
    if (p.kind === 'github') {
      const config = new oidc.Configuration(github(p.enterpriseUrl).metadata, p.clientId, p.clientSecret, auth);
      if (p.enterpriseUrl && loopback(p.enterpriseUrl)) oidc.allowInsecureRequests(config);
      return config;
    }
    const issuer = p.issuer!;
    try {
      return await oidc.discovery(issuer, p.clientId, p.clientSecret, auth, {
        execute: loopback(issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: TIMEOUT_S,
      });
    } catch (e) {
      throw new ProviderError(
        `${p.displayName} cannot be reached right now: try again in a moment.`,
        `discovery at ${issuer.href} failed: ${(e as Error).message}`,
      );
    }
  }

  /** The provider's authorization URL for a new flow, and the secrets the callback must match. */
  async start(p: OAuthProvider, now: number, ttlMs: number): Promise<{ url: string; flow: FlowSecrets }> {
    const config = await this.config(p);
    const flow: FlowSecrets = {
      provider: p.id,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      expires: now + ttlMs,
    };
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri(p),
      scope: p.scopes.join(' '),
      state: flow.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    };
    if (p.kind === 'oidc') params.nonce = flow.nonce;
    return { url: oidc.buildAuthorizationUrl(config, params).href, flow };
  }

  /**
   * Exchanges the code of a callback (its query string) for the user's identity. The URL checked is our own
   * redirect URI with the callback's query, so the Host header plays no part.
   */
  async finish(p: OAuthProvider, query: string, flow: FlowSecrets): Promise<ProviderIdentity> {
    const config = await this.config(p);
    const current = new URL(this.redirectUri(p));
    current.search = query;
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: p.kind === 'oidc' ? flow.nonce : undefined,
        idTokenExpected: p.kind === 'oidc',
      });
    } catch (e) {
      throw new ProviderError(
        `The sign-in with ${p.displayName} could not be verified: try again.`,
        `${p.id}: code exchange or ID token refused: ${(e as Error).message}`,
      );
    }
    if (p.kind === 'github') return this.github(p, config, tokens.access_token);
    const claims = tokens.claims()!;
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return {
      subject: claims.sub,
      email: text(claims.email),
      emailVerified: claims.email_verified === true,
      username: text(claims.preferred_username) ?? text(claims.nickname),
      name: text(claims.name),
    };
  }

  private async github(p: OAuthProvider, config: oidc.Configuration, token: string): Promise<ProviderIdentity> {
    const get = async (path: string): Promise<{ status: number; body: unknown }> => {
      const res = await oidc.fetchProtectedResource(config, token, new URL(github(p.enterpriseUrl).api + path), 'GET');
      return { status: res.status, body: res.status === 200 ? await res.json() : null };
    };
    try {
      const user = (await get('/user')).body as { id?: number; login?: string; name?: string } | null;
      if (!user?.id || !user.login) throw new Error('GET /user gave no id and login');
      const emails = ((await get('/user/emails')).body ?? []) as {
        email: string;
        primary: boolean;
        verified: boolean;
      }[];
      const primary = Array.isArray(emails) ? emails.find((e) => e.primary && e.verified) : undefined;
      let inOrg: boolean | undefined;
      if (p.allowedOrg) {
        const m = await get(`/user/memberships/orgs/${encodeURIComponent(p.allowedOrg)}`);
        inOrg = m.status === 200 && (m.body as { state?: string }).state === 'active';
      }
      return {
        subject: String(user.id),
        email: primary?.email,
        emailVerified: primary !== undefined,
        username: user.login,
        name: user.name ?? undefined,
        inAllowedOrg: inOrg,
      };
    } catch (e) {
      throw new ProviderError(
        'GitHub did not tell who you are: try again.',
        `github: reading the user failed: ${(e as Error).message}`,
      );
    }
  }
}
