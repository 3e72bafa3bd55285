/**
 * A small stand-in for a GitHub Enterprise Server on 127.0.0.1 for single sign-on tests: its OAuth authorize and
 * token endpoints (the client, redirect URI and PKCE checked) and the REST calls a sign-in makes (`/api/v3/user`,
 * `/user/emails`, `/user/memberships/orgs/<org>`), each answering only with the token it issued. Tests choose who
 * signs in and in which organizations they are members, and with which state.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server.js';

interface GitHubUser {
  id: number;
  login: string;
  name?: string;
  emails: { email: string; primary: boolean; verified: boolean }[];
  /** organization → membership state ('active', 'pending'); absent: not a member (404) */
  orgs: Record<string, 'active' | 'pending'>;
}

export interface GitHubProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** who the next sign-in is */
  user: GitHubUser;
  authorizeRequests: URLSearchParams[];
  /** every API path asked, for tests that look at what the server read */
  apiRequests: string[];
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startGitHubProvider(): Promise<GitHubProvider> {
  const codes = new Map<string, { user: GitHubUser; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, GitHubUser>();
  const server = createServer((req, res) => {
    void handle(req, res).catch((e: Error) => json(res, 500, { message: e.message }));
  });
  const { url, close } = await listenOnLoopback(server);
  const gh: GitHubProvider = {
    url,
    clientId: 'Iv1.marginalia-test',
    clientSecret: randomBytes(16).toString('hex'),
    user: {
      id: 4242,
      login: 'grace',
      name: 'Grace H',
      emails: [{ email: 'grace@lab.example', primary: true, verified: true }],
      orgs: { 'nlp-lab': 'active' },
    },
    authorizeRequests: [],
    apiRequests: [],
    close,
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = new URL(req.url ?? '/', url);
    if (at.pathname === '/login/oauth/authorize') {
      const q = at.searchParams;
      gh.authorizeRequests.push(q);
      if (q.get('client_id') !== gh.clientId) return json(res, 400, { error: 'unauthorized_client' });
      const back = new URL(q.get('redirect_uri') ?? '');
      const code = randomBytes(12).toString('hex');
      codes.set(code, {
        user: structuredClone(gh.user),
        challenge: q.get('code_challenge') ?? '',
        redirectUri: back.href,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return void res.end();
    }
    if (at.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      if (form.get('client_id') !== gh.clientId || form.get('client_secret') !== gh.clientSecret)
        return json(res, 401, { error: 'incorrect_client_credentials' });
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!pending || form.get('redirect_uri') !== pending.redirectUri)
        return json(res, 400, { error: 'bad_verification_code' });
      const verifier = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (verifier !== pending.challenge) return json(res, 400, { error: 'bad_verification_code' });
      const token = `gho_${randomBytes(12).toString('hex')}`;
      tokens.set(token, pending.user);
      return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email,read:org' });
    }
    if (at.pathname.startsWith('/api/v3/')) {
      const path = at.pathname.slice('/api/v3'.length);
      gh.apiRequests.push(path);
      const user = tokens.get(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
      if (!user) return json(res, 401, { message: 'Bad credentials' });
      if (path === '/user') return json(res, 200, { id: user.id, login: user.login, name: user.name ?? null });
      if (path === '/user/emails') return json(res, 200, user.emails);
      const org = /^\/user\/memberships\/orgs\/([^/]+)$/.exec(path)?.[1];
      if (org !== undefined) {
        const state = user.orgs[decodeURIComponent(org)];
        return state ? json(res, 200, { state, role: 'member' }) : json(res, 404, { message: 'Not Found' });
      }
    }
    json(res, 404, { message: 'Not Found' });
  }

  return gh;
}
