/** Sessions and users over real HTTP (docs/accounts.md). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '../../helpers/client.js';
import { startServer } from '../../helpers/server.js';

const dataText = (dir: string) =>
  readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl') || n.endsWith('.json'))
    .map((n) => readFileSync(join(dir, n), 'utf8'))
    .join('\n');

describe('POST /auth and /login', () => {
  it('logs in with a form post, JSON, and Potato email/pass, on /auth and /login alike', async () => {
    const t = await startServer();
    await t.client().login('alice', 'alice-pass');
    for (const [path, send] of [
      ['/auth', (c: Client) => c.postForm('/auth', { username: 'alice', password: 'alice-pass' })],
      ['/auth', (c: Client) => c.post('/auth', { username: 'alice', password: 'alice-pass' })],
      ['/auth', (c: Client) => c.postForm('/auth', { email: 'alice', pass: 'alice-pass' })],
      ['/login', (c: Client) => c.postForm('/login', { username: 'alice', password: 'alice-pass' })],
      ['/login', (c: Client) => c.post('/login', { email: 'alice', pass: 'alice-pass' })],
    ] as const) {
      const client = t.client();
      const r = await send(client);
      expect(r.status, `${path} ${r.text}`).toBe(200);
      expect(r.body).toEqual({ status: 'success', username: 'alice' });
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
      expect(client.cookie('marginalia.sid')).toBeTruthy();
      expect((await client.get('/api/current_instance')).status).toBe(200);
      expect((await client.get('/api/me')).body).toMatchObject({
        username: 'alice',
        is_admin: false,
        task_name: 'Test task',
      });
    }
  });

  it('sends a browser form post that accepts HTML to / with 303, logged in', async () => {
    const t = await startServer();
    await t.client().login('alice', 'alice-pass');
    const browser = t.client();
    const r = await browser.postForm(
      '/auth',
      { username: 'alice', password: 'alice-pass' },
      { accept: 'text/html,application/xhtml+xml' },
    );
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/');
    expect((await browser.get('/api/current_instance')).status).toBe(200);
  });

  it('answers wrong credentials with 401 and missing fields with 400, as JSON, without a session', async () => {
    const t = await startServer();
    await t.client().login('alice', 'alice-pass');
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ username: 'alice', password: 'wrong' }, 401, /wrong username or password/],
      [{ username: 'nobody', password: 'alice-pass' }, 401, /wrong username or password/],
      [{ password: 'alice-pass' }, 400, /username/],
      [{ username: '   ', password: 'alice-pass' }, 400, /username/],
      [{ username: 'alice' }, 400, /password/],
    ];
    for (const [form, status, message] of cases) {
      const client = t.client();
      const r = await client.postForm('/auth', form);
      expect(r.status, JSON.stringify(form)).toBe(status);
      expect(r.body.error).toMatch(message);
      expect((await client.get('/api/current_instance')).status).toBe(401);
    }
  });

  it('refuses usernames that could be paths or are not names, before looking anything up', async () => {
    const t = await startServer();
    for (const username of ['../x', '..', '.', 'a/b', 'a\\b', 'x'.repeat(65), 'bad name', 'semi;colon', 'nul\u0000']) {
      for (const path of ['/auth', '/register']) {
        const r = await t.client().postForm(path, { username, password: 'secret-pass' });
        expect(r.status, `${path} ${JSON.stringify(username)}`).toBe(400);
        expect(r.body.error).toMatch(/username must be 1–64 characters/);
      }
    }
    // the longest and the most punctuated allowed names work
    await t.client().login('x'.repeat(64));
    await t.client().login('first.last-2_x@example.org');
    expect(readdirSync(t.dataDir).some((n) => n.includes('..') || n.includes('/'))).toBe(false);
  });
});

describe('GET /api/session', () => {
  it('answers 200 with no user before login and with what /api/me says after it, with no cookie for a visitor', async () => {
    const t = await startServer();
    const visitor = t.client();
    const before = await visitor.get('/api/session');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ user: null });
    expect(before.headers.getSetCookie()).toEqual([]);
    const alice = await t.client().login('alice', 'alice-pass');
    const after = await alice.get('/api/session');
    expect(after.body.user).toEqual((await alice.get('/api/me')).body);
    expect(after.body.user).toMatchObject({ username: 'alice', is_admin: false });
  });
});

describe('POST /register', () => {
  it('creates an account, logs in, and answers 409 for a taken name', async () => {
    const t = await startServer();
    const alice = t.client();
    const r = await alice.postForm('/register', { username: 'alice', password: 'alice-pass' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success', username: 'alice' });
    expect((await alice.get('/api/current_instance')).status).toBe(200);

    const again = await t.client().post('/register', { username: 'alice', password: 'other-pass' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/"alice" is taken/);
    // the first password still works, the second never did
    expect((await t.client().postForm('/auth', { username: 'alice', password: 'alice-pass' })).status).toBe(200);
    expect((await t.client().postForm('/auth', { username: 'alice', password: 'other-pass' })).status).toBe(401);
  });

  it('needs a password when the project requires one', async () => {
    const t = await startServer();
    const r = await t.client().postForm('/register', { username: 'alice' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/password is required/);
  });

  it('is closed (403) when allow_all_users is false, except for users listed in the config', async () => {
    const t = await startServer({ config: { user_config: { allow_all_users: false, users: ['listed'] } } });
    const r = await t.client().postForm('/register', { username: 'stranger', password: 'secret-pass' });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/registration is closed/);
    expect((await t.client().postForm('/auth', { username: 'stranger', password: 'secret-pass' })).status).toBe(401);
    expect((await t.client().postForm('/register', { username: 'listed', password: 'secret-pass' })).status).toBe(200);
  });
});

describe('configured users', () => {
  it('logs a configured user in with the configured password, hashes it, and refuses a wrong one', async () => {
    const t = await startServer({
      config: { user_config: { allow_all_users: false, users: [{ username: 'carol', password: 'carol-pass' }] } },
    });
    expect((await t.client().postForm('/auth', { username: 'carol', password: 'nope' })).status).toBe(401);
    expect((await t.client().postForm('/auth', { username: 'carol', password: 'carol-pass' })).status).toBe(200);
    const stored = t.server.services.accounts.get('carol')!;
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(dataText(t.dataDir)).not.toContain('carol-pass');
  });
});

describe('require_password: false', () => {
  it('logs in with a username alone, creating the user, and again later', async () => {
    const t = await startServer({ config: { require_password: false } });
    const first = t.client();
    const r = await first.postForm('/auth', { username: 'dora' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success', username: 'dora' });
    expect((await first.get('/api/current_instance')).status).toBe(200);
    expect(t.server.services.accounts.get('dora')).toBeTruthy();
    expect(t.server.services.accounts.get('dora')!.password_hash).toBeUndefined();
    expect((await t.client().post('/auth', { username: 'dora' })).status).toBe(200);
    expect((await t.client().post('/auth', { username: '../dora' })).status).toBe(400);
  });
});

describe('debug mode', () => {
  it('creates a user on first /auth with any password, and lets them in with any password after', async () => {
    const t = await startServer({ config: { debug: true, user_config: { allow_all_users: false, users: [] } } });
    const r = await t.client().postForm('/auth', { username: 'tester', password: 'whatever' });
    expect(r.status).toBe(200);
    expect(t.server.services.accounts.get('tester')).toBeTruthy();
    const again = t.client();
    expect((await again.postForm('/auth', { username: 'tester', password: 'something-else' })).status).toBe(200);
    expect((await again.get('/api/me')).body).toMatchObject({ username: 'tester', is_admin: false });
    // still no path-like names
    expect((await t.client().postForm('/auth', { username: '../x', password: 'p' })).status).toBe(400);
    // and never the admin endpoints, whatever the name
    for (const name of ['tester', 'admin']) {
      const client = t.client();
      await client.postForm('/auth', { username: name, password: 'x' });
      const r = await client.get('/admin/api/overview');
      expect(r.status, name).toBe(403);
      expect(r.body.error).toMatch(/is not an admin/);
    }
  });
});

describe('POST /logout', () => {
  it('answers 200 {status: "success"} and removes the session from the server', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    const sessions = t.server.services.store.size('sessions');
    const r = await alice.post('/logout');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success' });
    expect(t.server.services.store.size('sessions')).toBe(sessions - 1);
    expect((await alice.get('/api/current_instance')).status).toBe(401);
  });

  it('answers 200 without a session too', async () => {
    const t = await startServer();
    const r = await t.client().post('/logout');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success' });
  });
});

describe('without a session', () => {
  it('answers every user endpoint with 401 and a JSON error', async () => {
    const t = await startServer();
    const anon = t.client();
    for (const [method, path] of [
      ['GET', '/api/current_instance'],
      ['GET', '/api/me'],
      ['GET', '/api/spans/item-1'],
      ['GET', '/get_annotations?instance_id=item-1'],
      ['POST', '/updateinstance'],
      ['POST', '/go_to'],
      ['GET', '/api/schemas'],
      ['GET', '/api/colors'],
      ['GET', '/api/keyword_highlights/item-1'],
    ]) {
      const r =
        method === 'GET' ? await anon.get(path) : await anon.post(path, { instance_id: 'item-1', annotations: {} });
      expect(r.status, path).toBe(401);
      expect(r.body.error, path).toMatch(/log in first/);
    }
  });

  it('answers a forged unsigned cookie with 401', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    const forged = t.client();
    forged.setCookie('marginalia.sid', alice.cookie('marginalia.sid')!);
    expect((await forged.get('/api/current_instance')).status).toBe(401);
  });
});

describe('across a restart', () => {
  it('keeps sessions and passwords, and stores no password in clear', async () => {
    let t = await startServer();
    const alice = await t.client().login('alice', 'alice-pass');
    const sid = alice.cookie('marginalia.sid')!;
    const sig = alice.cookie('marginalia.sid.sig')!;
    expect(sig).toBeTruthy();
    t = await t.restart();

    const resumed = new Client(t.url);
    resumed.setCookie('marginalia.sid', sid);
    resumed.setCookie('marginalia.sid.sig', sig);
    const me = await resumed.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('alice');

    expect((await t.client().postForm('/auth', { username: 'alice', password: 'alice-pass' })).status).toBe(200);
    expect((await t.client().postForm('/auth', { username: 'alice', password: 'wrong-pass' })).status).toBe(401);
    expect(dataText(t.dataDir)).not.toContain('alice-pass');
    expect(readFileSync(join(t.dataDir, 'session-key'), 'utf8').trim().length).toBeGreaterThan(20);
  });
});

describe("Potato's persist_sessions", () => {
  const resumeAfterRestart = async (config: Record<string, unknown>) => {
    let t = await startServer({ config });
    const alice = await t.client().login('alice', 'alice-pass');
    t = await t.restart();
    const resumed = new Client(t.url);
    resumed.setCookie('marginalia.sid', alice.cookie('marginalia.sid')!);
    resumed.setCookie('marginalia.sid.sig', alice.cookie('marginalia.sid.sig')!);
    const me = await resumed.get('/api/me');
    const loginAgain = await t.client().postForm('/auth', { username: 'alice', password: 'alice-pass' });
    await t.close();
    return {
      me: me.status,
      sessions: [...t.server.services.store.entries('sessions')].length,
      loginAgain: loginAgain.status,
    };
  };

  it('false ends every session when the server starts: the user signs in again, the account stays', async () => {
    const after = await resumeAfterRestart({ persist_sessions: false });
    expect(after.me).toBe(401);
    expect(after.loginAgain).toBe(200);
    // only the session of that new login is stored
    expect(after.sessions).toBe(1);
  });

  it('true (and Potato\'s "True") keeps sessions across a restart, as when it is not set', async () => {
    expect((await resumeAfterRestart({ persist_sessions: true })).me).toBe(200);
    expect((await resumeAfterRestart({ persist_sessions: 'True' })).me).toBe(200);
  });
});

describe('session lifetime', () => {
  it('ends a session on the server after session_lifetime_days, and drops its record', async () => {
    const clock = {
      t: Date.now(),
      now() {
        return this.t;
      },
    };
    const t = await startServer({ config: { session_lifetime_days: 2 }, options: { clock } });
    const alice = t.client();
    const login = await alice.postForm('/register', { username: 'alice', password: 'secret-pass' });
    // the cookie says the same lifetime to the browser
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('marginalia.sid='))!;
    const expires = Date.parse(/expires=([^;]+)/i.exec(cookie)![1]);
    expect(Math.abs(expires - (Date.now() + 2 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    clock.t += 1.5 * 24 * 3600 * 1000;
    expect((await alice.get('/api/me')).status).toBe(200);
    // used in the second half of its life, it was renewed: it ends a full lifetime after that use, not before
    clock.t += 1.9 * 24 * 3600 * 1000;
    expect((await alice.get('/api/me')).status).toBe(200);
    clock.t += 2 * 24 * 3600 * 1000;
    expect((await alice.get('/api/me')).status).toBe(401);
    expect([...t.server.services.store.entries('sessions')].filter(([, s]) => s.username === 'alice')).toEqual([]);
  });
});
