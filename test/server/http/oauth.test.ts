/**
 * Single sign-on (authentication.method: oauth) over real HTTP against the fake OpenID Connect provider on
 * 127.0.0.1: the browser's hops are made by hand, so each check (state, nonce, audience, issuer, PKCE) can be spoiled.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startOidcProvider, type OidcProvider } from '../../helpers/oidc-provider.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const NAV = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

async function setUp(extra: Record<string, unknown> = {}, provider: Record<string, unknown> = {}) {
  const idp = await startOidcProvider();
  const t = await startServer({
    config: {
      authentication: {
        method: 'oauth',
        providers: {
          uni: {
            display_name: 'University SSO',
            discovery_url: `${idp.issuer}/.well-known/openid-configuration`,
            client_id: idp.clientId,
            client_secret: idp.clientSecret,
            ...provider,
          },
        },
        ...extra,
      },
    },
  });
  return { idp, t };
}

/** The browser's trip: our login route, the provider's authorize page, and back; returns the callback's path. */
async function toProvider(t: TestServer, c: Client, idp: OidcProvider, edit?: (back: URL) => void) {
  const start = await c.get('/auth/login/uni', NAV);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.origin).toBe(idp.issuer);
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${t.url}/auth/callback/uni`);
  edit?.(back);
  return back.pathname + back.search;
}

/** Completes a sign-in; returns the callback's answer and the login screen's message after it. */
async function signIn(t: TestServer, c: Client, idp: OidcProvider, edit?: (back: URL) => void) {
  const callback = await c.get(await toProvider(t, c, idp, edit), { ...NAV, 'sec-fetch-site': 'cross-site' });
  const screen = (await c.get('/api/auth/providers')).body as { error: string | null };
  return { callback, error: screen.error };
}

describe('single sign-on through an OpenID Connect provider', () => {
  it('signs the user in with the session the password login makes, and a second sign-in reaches the same account', async () => {
    const { idp, t } = await setUp();
    const c = t.client();
    const { callback, error } = await signIn(t, c, idp);
    expect(error).toBeNull();
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/');
    expect((await c.get('/api/me')).body.username).toBe('ada@uni.example');
    const authorize = idp.authorizeRequests[0];
    expect(authorize.get('code_challenge_method')).toBe('S256');
    expect(authorize.get('scope')).toBe('openid email profile');
    expect(authorize.get('redirect_uri')).toBe(`${t.url}/auth/callback/uni`);

    // the email changes at the provider: the subject still reaches the account it made
    idp.user = { ...idp.user, email: 'ada.lovelace@uni.example' };
    const again = t.client();
    await signIn(t, again, idp);
    expect((await again.get('/api/me')).body.username).toBe('ada@uni.example');
    // the account has no password: it does not open by name through the form
    const byName = await t.client().postForm('/auth', { username: 'ada@uni.example', password: '' });
    expect(byName.status).toBe(403);
  });

  it('lists the provider for the login screen and hides the password form unless allow_local_login', async () => {
    const { t } = await setUp();
    const screen = await t.client().get('/api/auth/providers');
    expect(screen.body).toEqual({
      providers: [{ id: 'uni', name: 'University SSO', login_url: '/auth/login/uni' }],
      local_login: false,
      error: null,
    });
    const form = await t.client().postForm('/register', { username: 'bob', password: 'a-long-passphrase' });
    expect(form.status).toBe(403);
    expect(form.body.error).toContain('University SSO');

    const mixed = await setUp({ allow_local_login: true });
    expect((await mixed.t.client().get('/api/auth/providers')).body.local_login).toBe(true);
    await mixed.t.client().login('bob', 'a-long-passphrase');
  });

  it('refuses a callback whose state is not the one this browser was given', async () => {
    const { idp, t } = await setUp();
    const c = t.client();
    const { callback, error } = await signIn(t, c, idp, (back) => back.searchParams.set('state', 'forged-state'));
    expect(callback.status).toBe(303);
    expect(error).toMatch(/could not be verified/);
    expect((await c.get('/api/me')).status).toBe(401);
  });

  it('refuses a callback from another browser (no flow cookie)', async () => {
    const { idp, t } = await setUp();
    const path = await toProvider(t, t.client(), idp);
    const other = t.client();
    await other.get(path, NAV);
    expect((await other.get('/api/auth/providers')).body.error).toMatch(/not started in this browser/);
    expect((await other.get('/api/me')).status).toBe(401);
  });

  for (const [what, spoil, user] of [
    ['a nonce not its own', { nonce: 'another-nonce' }, undefined],
    ['another audience', { aud: 'someone-else' }, undefined],
    ['another issuer', { iss: 'http://127.0.0.1:1/evil' }, undefined],
  ] as const) {
    it(`refuses an ID token with ${what}`, async () => {
      const { idp, t } = await setUp();
      idp.spoil = spoil;
      if (user) idp.user = user;
      const c = t.client();
      const { error } = await signIn(t, c, idp);
      expect(error).toMatch(/could not be verified/);
      expect((await c.get('/api/me')).status).toBe(401);
    });
  }

  it('goes back to the login screen when the user cancels (error=access_denied) or no code comes back', async () => {
    const { idp, t } = await setUp();
    idp.deny = true;
    const c = t.client();
    const { callback, error } = await signIn(t, c, idp);
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/');
    expect(error).toBe('The sign-in with University SSO was cancelled or denied.');
    // the message is shown once
    expect((await c.get('/api/auth/providers')).body.error).toBeNull();

    const bare = await c.get('/auth/callback/uni', NAV);
    expect(bare.status).toBe(303);
    expect((await c.get('/api/auth/providers')).body.error).toMatch(/no sign-in code/);
  });

  it('answers 404 for a provider the project does not have', async () => {
    const { t } = await setUp();
    expect((await t.client().get('/auth/login/fakeprovider', NAV)).status).toBe(404);
    expect((await t.client().get('/auth/callback/fakeprovider', NAV)).status).toBe(404);
  });

  it('refuses an email outside allowed_domain, and an unverified one', async () => {
    const { idp, t } = await setUp({}, { allowed_domain: 'lab.example' });
    const c = t.client();
    let { error } = await signIn(t, c, idp);
    expect(error).toBe('Only lab.example accounts may sign in to this project (University SSO gave ada@uni.example).');
    expect((await c.get('/api/me')).status).toBe(401);
    idp.user = { sub: 'u2', email: 'eve@lab.example', email_verified: false };
    ({ error } = await signIn(t, c, idp));
    expect(error).toMatch(/unverified address eve@lab\.example/);
    idp.user = { sub: 'u3', email: 'grace@lab.example', email_verified: true };
    ({ error } = await signIn(t, c, idp));
    expect(error).toBeNull();
    expect((await c.get('/api/me')).body.username).toBe('grace@lab.example');
  });

  it('with auto_register: false signs in only names the config lists', async () => {
    const { idp, t } = await setUp({ auto_register: false });
    const c = t.client();
    const { error } = await signIn(t, c, idp);
    expect(error).toMatch(/"ada@uni\.example" has no account in this project/);
    const listed = await startOidcProvider();
    const t2 = await startServer({
      config: {
        user_config: { allow_all_users: false, users: [{ username: 'ada@uni.example' }] },
        authentication: {
          method: 'oauth',
          auto_register: false,
          providers: {
            uni: { discovery_url: listed.issuer, client_id: listed.clientId, client_secret: listed.clientSecret },
          },
        },
      },
    });
    const c2 = t2.client();
    expect((await signIn(t2, c2, listed)).error).toBeNull();
    expect((await c2.get('/api/me')).body.username).toBe('ada@uni.example');
  });

  it('names the account by the provider and subject with user_identity_field: sub', async () => {
    const { idp, t } = await setUp({ user_identity_field: 'sub' });
    idp.user = { sub: 'auth0|42' };
    const c = t.client();
    expect((await signIn(t, c, idp)).error).toBeNull();
    expect((await c.get('/api/me')).body.username).toBe('uni-auth0_42');
  });
});
