/**
 * Single sign-on through GitHub (authentication.providers.github), against a stand-in GitHub Enterprise Server on
 * 127.0.0.1 named by `enterprise_url`: the code exchange with PKCE, the user and its verified primary email read
 * from the API, and `allowed_org`'s membership check (active members only).
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startGitHubProvider, type GitHubProvider } from '../../helpers/github-provider.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const NAV = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

async function setUp(provider: Record<string, unknown> = {}) {
  const gh = await startGitHubProvider();
  const t = await startServer({
    config: {
      authentication: {
        method: 'oauth',
        providers: {
          github: { client_id: gh.clientId, client_secret: gh.clientSecret, enterprise_url: gh.url, ...provider },
        },
      },
    },
  });
  return { gh, t };
}

/** The browser's trip through GitHub and back; returns the callback's answer and the login screen's message. */
async function signIn(t: TestServer, c: Client, gh: GitHubProvider) {
  const start = await c.get('/auth/login/github', NAV);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.origin + authorize.pathname).toBe(`${gh.url}/login/oauth/authorize`);
  const atGitHub = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atGitHub.headers.get('location')!);
  const callback = await c.get(back.pathname + back.search, { ...NAV, 'sec-fetch-site': 'cross-site' });
  const screen = (await c.get('/api/auth/providers')).body as { error: string | null };
  return { callback, error: screen.error };
}

describe('single sign-on through GitHub', () => {
  it('signs a member of allowed_org in under their verified primary email, asking to read their organizations', async () => {
    const { gh, t } = await setUp({ allowed_org: 'nlp-lab' });
    const c = t.client();
    const { callback, error } = await signIn(t, c, gh);
    expect(error).toBeNull();
    expect(callback.status).toBe(303);
    expect((await c.get('/api/me')).body.username).toBe('grace@lab.example');
    expect(gh.authorizeRequests[0].get('scope')).toBe('read:user user:email read:org');
    expect(gh.apiRequests).toEqual(['/user', '/user/emails', '/user/memberships/orgs/nlp-lab']);
  });

  it('refuses someone who is not an active member of allowed_org, and makes no account', async () => {
    const { gh, t } = await setUp({ allowed_org: 'nlp-lab' });
    gh.user = { ...gh.user, orgs: {} };
    const outsider = t.client();
    const refused = await signIn(t, outsider, gh);
    expect(refused.error).toMatch(/^Only members of the nlp-lab organization on GitHub may sign in/);
    expect((await outsider.get('/api/me')).status).toBe(401);

    // an invitation not yet accepted is not a membership
    gh.user = { ...gh.user, orgs: { 'nlp-lab': 'pending' } };
    const invited = t.client();
    expect((await signIn(t, invited, gh)).error).toMatch(/^Only members of the nlp-lab organization/);
    expect((await invited.get('/api/me')).status).toBe(401);

    const names = async () =>
      ((await t.admin().get('/admin/api/annotators')).body as { annotators: { username: string }[] }).annotators.map(
        (a) => a.username,
      );
    expect(await names()).not.toContain('grace@lab.example');
    // once the membership is active the same person signs in, and only then has an account
    gh.user = { ...gh.user, orgs: { 'nlp-lab': 'active' } };
    expect((await signIn(t, t.client(), gh)).error).toBeNull();
    expect(await names()).toContain('grace@lab.example');
  });

  it('reads no organization without allowed_org, and takes the login as the account with user_identity_field', async () => {
    const { gh, t } = await setUp({ user_identity_field: 'username' });
    const c = t.client();
    expect((await signIn(t, c, gh)).error).toBeNull();
    expect((await c.get('/api/me')).body.username).toBe('grace');
    expect(gh.authorizeRequests[0].get('scope')).toBe('read:user user:email');
    expect(gh.apiRequests).toEqual(['/user', '/user/emails']);
  });
});
