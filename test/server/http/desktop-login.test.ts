import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

/** A real clock that a test can move forward, to see a token expire without waiting a minute. */
function movableClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => (offset += ms) };
}

describe('desktop sign-in: GET /auth/token', () => {
  it('signs the desktop owner in once, as an admin, with a fresh session id', async () => {
    const t = await startServer({ options: { desktopOwner: 'owner' } });
    const token = t.server.issueLoginToken('owner');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url

    const window = t.client();
    await window.get('/api/schemas'); // any request; then plant a session id as an attacker would
    window.setCookie('marginalia.sid', 'planted-by-someone-else');
    const signIn = await window.get(`/auth/token?t=${token}`);
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toBe('/');
    expect(window.cookie('marginalia.sid')).toBeTruthy();
    expect(window.cookie('marginalia.sid')).not.toBe('planted-by-someone-else');

    const me = await window.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'owner', is_admin: true });
    expect((await window.get('/admin/api/overview')).status).toBe(200);
    expect((await window.get('/api/current_instance')).status).toBe(200);

    // the same token again, from the same window or anyone else: refused
    const again = await t.client().get(`/auth/token?t=${token}`);
    expect(again.status).toBe(401);
    expect(again.body.error).toMatch(/not valid or was already used/);
    expect(again.headers.get('set-cookie') ?? '').not.toMatch(/marginalia\.sid=[^;]+;/);
    expect((await window.get(`/auth/token?t=${token}`)).status).toBe(401);
    expect(t.server.services.loginTokens.outstanding()).toBe(0);
  });

  it('refuses a request with no token, an empty one or a made-up one, and gives no session', async () => {
    const t = await startServer({ options: { desktopOwner: 'owner' } });
    t.server.issueLoginToken('owner'); // a real one exists, but these requests do not have it
    for (const path of ['/auth/token', '/auth/token?t=', `/auth/token?t=${'A'.repeat(43)}`, '/auth/token?t=x&t=y']) {
      const c = t.client();
      const r = await c.get(path);
      expect([400, 401]).toContain(r.status);
      expect(typeof r.body.error).toBe('string');
      expect((await c.get('/api/me')).status).toBe(401);
    }
    expect(t.server.services.loginTokens.outstanding()).toBe(1);
  });

  it('refuses an expired token', async () => {
    const clock = movableClock();
    const t = await startServer({ options: { desktopOwner: 'owner', clock } });
    const stale = t.server.issueLoginToken('owner');
    const fresh = t.server.issueLoginToken('owner');
    clock.advance(61_000);
    const c = t.client();
    const r = await c.get(`/auth/token?t=${stale}`);
    expect(r.status).toBe(401);
    expect(r.body.error).toMatch(/(expired|not valid)/);
    expect((await c.get('/api/me')).status).toBe(401);
    // a token issued after the clock moved still works within its minute
    clock.advance(-61_000);
    expect((await c.get(`/auth/token?t=${fresh}`)).status).toBe(303);
    expect((await c.get('/api/me')).body.username).toBe('owner');
  });

  it('makes only the desktop owner admin, and the owner name cannot be used through the password form', async () => {
    const t = await startServer({ options: { desktopOwner: 'owner' }, config: { require_password: false } });
    const c = t.client();
    expect((await c.get(`/auth/token?t=${t.server.issueLoginToken('owner')}`)).status).toBe(303);

    const alice = await t.client().login('alice');
    expect((await alice.get('/api/me')).body).toMatchObject({ username: 'alice', is_admin: false });
    expect((await alice.get('/admin/api/overview')).status).toBe(403);

    // require_password is off, yet the owner's account has a password nobody knows
    const impostor = await t.client().postForm('/auth', { username: 'owner', password: '' });
    expect(impostor.status).toBe(401);
    expect((await t.client().postForm('/register', { username: 'owner', password: 'x' })).status).toBe(403);
  });

  it('reserves the owner name from the start, before the owner has ever signed in', async () => {
    const t = await startServer({ options: { desktopOwner: 'owner' }, config: { require_password: false } });
    expect((await t.client().postForm('/register', { username: 'owner', password: 'guessable' })).status).toBe(403);
    expect((await t.client().postForm('/auth', { username: 'owner', password: '' })).status).toBe(401);
  });

  it('without a desktop owner the server makes nobody admin through tokens it never issued', async () => {
    const t = await startServer();
    expect((await t.client().get('/auth/token?t=anything')).status).toBe(401);
    // a token for a user who is not the owner signs them in, but not as admin
    const c = t.client();
    expect((await c.get(`/auth/token?t=${t.server.issueLoginToken('carol')}`)).status).toBe(303);
    expect((await c.get('/api/me')).body).toMatchObject({ username: 'carol', is_admin: false });
  });

  it('refuses to issue a token for an impossible username', async () => {
    const t = await startServer();
    expect(() => t.server.issueLoginToken('../etc')).toThrow(/username/);
  });
});
