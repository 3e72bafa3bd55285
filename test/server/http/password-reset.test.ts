/**
 * Password reset by link over real HTTP: an admin creates a link (or sets a password outright), the user sets a
 * new password with it once, before it expires; only the token's hash is stored; the forgot-password page tells
 * nobody whether an account exists and never shows a link.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';

const config = { require_password: true };

async function withUser(t: TestServer, username: string, password = 'first-secret-1') {
  const c = t.client();
  expect((await c.postForm('/register', { email: username, pass: password })).status).toBe(200);
  return c;
}

const logIn = (t: TestServer, username: string, password: string) =>
  t.client().postForm('/auth', { email: username, pass: password });

describe('reset links', () => {
  it('set a new password once, end the old sessions, and are stored only as a hash', async () => {
    const t = await startServer({ config });
    const old = await withUser(t, 'flow_user');
    expect((await old.get('/api/me')).status).toBe(200);

    const created = await t.admin().post('/admin/create_reset_token', { username: 'flow_user' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: 'success', username: 'flow_user', expires_in_hours: 24 });
    const token: string = created.body.token;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(created.body.reset_link).toBe(`${t.url}/reset/${token}`);

    // the page shows whose password it sets, and a form posting back to the link
    const page = await t.client().get(`/reset/${token}`, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('flow_user');
    expect(page.text).toContain(`action="/reset/${token}"`);

    // a mismatch or a weak password leaves the link working
    const mismatch = await t.client().postForm(`/reset/${token}`, { password: 'new-secret-22', confirm_password: 'x' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatch(/^confirm_password: /);
    const weak = await t.client().post(`/reset/${token}`, { password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatch(/password must be at least 8 characters/);

    const set = await t.client().postForm(`/reset/${token}`, {
      password: 'new-secret-22',
      confirm_password: 'new-secret-22',
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ status: 'success', username: 'flow_user' });
    expect(set.body.message).toMatch(/updated successfully/);

    // used once: the link is gone, the old password and the old session with it
    const gone = await t.client().get(`/reset/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatch(/invalid, was already used or has expired/);
    const gonePage = await t.client().get(`/reset/${token}`, { accept: 'text/html' });
    expect([gonePage.status, gonePage.text]).toEqual([404, expect.stringContaining('Reset link not valid')]);
    const again = await t.client().post(`/reset/${token}`, { password: 'third-secret-333' });
    expect(again.status).toBe(404);
    expect(again.body.error).toMatch(/invalid, was already used or has expired/);
    expect((await old.get('/api/me')).status).toBe(401);
    expect((await logIn(t, 'flow_user', 'first-secret-1')).status).toBe(401);
    expect((await logIn(t, 'flow_user', 'new-secret-22')).status).toBe(200);

    // what the store keeps, and so the data folder, holds the token's hash and never the token
    const hash = createHash('sha256').update(token).digest('hex');
    await t.close();
    const files = readdirSync(t.dataDir).filter((f) => f.endsWith('.jsonl') || f.endsWith('.json'));
    const written = files.map((f) => readFileSync(join(t.dataDir, f), 'utf8')).join('\n');
    expect(written).toContain(hash);
    expect(written).not.toContain(token);
  });

  it('expire, and a newer link for the same user replaces the last; both are refused alike', async () => {
    const t = await startServer({ config });
    await withUser(t, 'exp_user');
    const short = await t.admin().post('/admin/create_reset_token', { username: 'exp_user', ttl_hours: 0.0003 });
    expect(short.status).toBe(200);
    expect(short.body.expires_in_hours).toBe(0.0003);
    await new Promise((r) => setTimeout(r, 1300));
    const expired = await t.client().post(`/reset/${short.body.token}`, { password: 'new-secret-22' });
    expect(expired.status).toBe(404);

    const first = (await t.admin().post('/admin/create_reset_token', { username: 'exp_user' })).body.token;
    const second = (await t.admin().post('/admin/create_reset_token', { username: 'exp_user', ttl_hours: 48 })).body;
    expect(second.expires_in_hours).toBe(48);
    expect((await t.client().post(`/reset/${first}`, { password: 'new-secret-22' })).status).toBe(404);
    const listed = await t.admin().get('/admin/api/password-resets');
    expect(listed.body.links).toEqual([
      { username: 'exp_user', created_at: expect.any(String), expires_at: second.expires_at },
    ]);
    expect((await t.client().post(`/reset/${second.token}`, { password: 'new-secret-22' })).status).toBe(200);
    expect((await t.admin().get('/admin/api/password-resets')).body.links).toEqual([]);
    // a reset link survives a restart: only its hash was needed
    const third = (await t.admin().post('/admin/create_reset_token', { username: 'exp_user' })).body.token;
    const t2 = await t.restart();
    expect((await t2.client().post(`/reset/${third}`, { password: 'fourth-secret-4' })).status).toBe(200);
  });

  it('are created only by an admin, for an account that exists, with a sensible lifetime', async () => {
    const t = await startServer({ config });
    await withUser(t, 'someone');
    expect((await t.client().post('/admin/create_reset_token', { username: 'someone' })).status).toBe(401);
    expect(
      (await t.client({ 'x-api-key': 'wrong' }).post('/admin/create_reset_token', { username: 'someone' })).status,
    ).toBe(403);
    const plain = await t.client().login('plain_user');
    expect((await plain.post('/admin/create_reset_token', { username: 'someone' })).status).toBe(403);
    const missing = await t.admin().post('/admin/create_reset_token', { username: 'nobody' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/^username: no account "nobody"/);
    const tooLong = await t.admin().post('/admin/create_reset_token', { username: 'someone', ttl_hours: 10_000 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatch(/^ttl_hours: /);
  });
});

describe("Potato's admin password reset", () => {
  it('sets an existing account’s password and refuses a missing one with a 404', async () => {
    const t = await startServer({ config });
    await withUser(t, 'reset_user', 'old-password-1');
    const r = await t.admin().post('/admin/reset_password', { username: 'reset_user', new_password: 'new-password-2' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success', message: 'Password updated successfully', username: 'reset_user' });
    expect((await logIn(t, 'reset_user', 'old-password-1')).status).toBe(401);
    expect((await logIn(t, 'reset_user', 'new-password-2')).status).toBe(200);
    const missing = await t
      .admin()
      .post('/admin/reset_password', { username: 'nonexistent', new_password: 'pass-word-3' });
    expect(missing.status).toBe(404);
    expect(t.server.services.accounts.get('nonexistent')).toBeUndefined();
    expect((await t.client().post('/admin/reset_password', { username: 'reset_user', new_password: 'x' })).status).toBe(
      401,
    );
  });
});

describe('the forgot-password page', () => {
  it('answers alike for any name, shows no link, and records the ask for the admin', async () => {
    const t = await startServer({ config });
    await withUser(t, 'forgot_user');
    const form = await t.client().get('/forgot-password', { accept: 'text/html' });
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/<input name="username"/);

    const known = await t.client().postForm('/forgot-password', { username: 'forgot_user' }, { accept: 'text/html' });
    const unknown = await t.client().postForm('/forgot-password', { username: 'unknown_xyz' }, { accept: 'text/html' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(known.text).not.toContain('/reset/');

    const script = await t.client().post('/forgot-password', { username: 'forgot_user' });
    expect(script.body).toEqual({ status: 'success', message: expect.stringMatching(/project owner has been told/) });
    const listed = await t.admin().get('/admin/api/password-resets');
    expect(listed.body.requests).toEqual([{ username: 'forgot_user', requested_at: expect.any(String) }]);
    // creating the link answers the ask
    await t.admin().post('/admin/create_reset_token', { username: 'forgot_user' });
    expect((await t.admin().get('/admin/api/password-resets')).body.requests).toEqual([]);
    expect((await t.client().post('/forgot-password', {})).body.error).toMatch(/^username: /);
  });
});
