/**
 * A small OpenID Connect provider on 127.0.0.1 for single sign-on tests: a discovery document, a JWKS with an
 * RSA key made per run, an authorize endpoint that sends the browser straight back with a code (as a provider
 * does once its user has signed in), and a token endpoint that checks the client, the redirect URI and PKCE and
 * issues an RS256 ID token. Tests choose who signs in (`user`) and may spoil the next ID token (`spoil`) to see
 * the server refuse it.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server.js';

interface FakeUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

interface Pending {
  user: FakeUser;
  nonce?: string;
  challenge: string;
  redirectUri: string;
}

export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** who the next sign-in at the authorize endpoint is */
  user: FakeUser;
  /** `deny`: the authorize endpoint answers error=access_denied, as when the user cancels */
  deny: boolean;
  /** claims written over the next ID token's (a wrong `aud`, `iss` or `nonce`) */
  spoil: Record<string, unknown> | undefined;
  /** every authorize request's query, for tests that look at what the server asked */
  authorizeRequests: URLSearchParams[];
  close(): Promise<void>;
}

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startOidcProvider(): Promise<OidcProvider> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, Pending>();
  const sign = (claims: Record<string, unknown>) => {
    const input = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))}.${b64url(JSON.stringify(claims))}`;
    return `${input}.${b64url(createSign('RSA-SHA256').update(input).sign(privateKey))}`;
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((e: Error) => json(res, 500, { error: 'server_error', error_description: e.message }));
  });
  const { url, close } = await listenOnLoopback(server);
  const provider: OidcProvider = {
    issuer: url,
    clientId: 'marginalia-test-client',
    clientSecret: randomBytes(16).toString('hex'),
    user: { sub: 'user-1', email: 'ada@uni.example', email_verified: true, name: 'Ada L' },
    deny: false,
    spoil: undefined,
    authorizeRequests: [],
    close,
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = new URL(req.url ?? '/', url);
    if (at.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer: url,
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        jwks_uri: `${url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      });
    }
    if (at.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (at.pathname === '/authorize') {
      const q = at.searchParams;
      provider.authorizeRequests.push(q);
      const back = new URL(q.get('redirect_uri') ?? '');
      if (q.get('client_id') !== provider.clientId) return json(res, 400, { error: 'unauthorized_client' });
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      if (provider.deny) back.searchParams.set('error', 'access_denied');
      else {
        if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
          return json(res, 400, { error: 'invalid_request', error_description: 'PKCE S256 is required' });
        const code = randomBytes(16).toString('hex');
        codes.set(code, {
          user: { ...provider.user },
          nonce: q.get('nonce') ?? undefined,
          challenge: q.get('code_challenge')!,
          redirectUri: back.origin + back.pathname,
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.href });
      return void res.end();
    }
    if (at.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      const [id, secret] = basic
        ? Buffer.from(basic[1], 'base64').toString().split(':').map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      if (id !== provider.clientId || secret !== provider.clientSecret)
        return json(res, 401, { error: 'invalid_client' });
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!pending || form.get('grant_type') !== 'authorization_code')
        return json(res, 400, { error: 'invalid_grant' });
      if (form.get('redirect_uri') !== pending.redirectUri)
        return json(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri differs' });
      const verifier = form.get('code_verifier') ?? '';
      if (b64url(createHash('sha256').update(verifier).digest()) !== pending.challenge)
        return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verifier does not match' });
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: url,
        aud: provider.clientId,
        iat: now,
        exp: now + 300,
        ...(pending.nonce ? { nonce: pending.nonce } : {}),
        ...pending.user,
        ...provider.spoil,
      };
      provider.spoil = undefined;
      return json(res, 200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: sign(claims),
      });
    }
    json(res, 404, { error: 'not_found' });
  }

  return provider;
}
