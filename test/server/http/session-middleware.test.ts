/** The session middleware (server/http/session.ts): cookie format, what it writes and when. */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '../../helpers/client.js';
import { startServer } from '../../helpers/server.js';

const sessionsOf = (t: Awaited<ReturnType<typeof startServer>>, username: string) =>
  [...t.server.services.store.entries('sessions')].filter(([, s]) => s.username === username).map(([id]) => id);

describe('session cookies', () => {
  it('are Keygrip-signed with the session key over the cookie', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    const id = alice.cookie('marginalia.sid')!;
    const key = readFileSync(join(t.dataDir, 'session-key'), 'utf8').trim();
    expect(alice.cookie('marginalia.sid.sig')).toBe(
      createHmac('sha1', key).update(`marginalia.sid=${id}`).digest('base64url'),
    );
    expect(sessionsOf(t, 'alice')).toEqual([id]);
    // a quoted value is the same cookie, as the `cookies` module read it
    const quoted = new Client(t.url);
    quoted.setCookie('marginalia.sid', `"${id}"`);
    quoted.setCookie('marginalia.sid.sig', alice.cookie('marginalia.sid.sig')!);
    expect((await quoted.get('/api/me')).body.username).toBe('alice');
  });

  it('are not sent again, and nothing is written, on requests that only read the session', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    await alice.get('/api/current_instance');
    const before = JSON.stringify([...t.server.services.store.entries('sessions')]);
    for (const path of ['/api/current_instance', '/api/me']) {
      const r = await alice.get(path);
      expect(r.status).toBe(200);
      expect(r.headers.getSetCookie()).toEqual([]);
    }
    expect(JSON.stringify([...t.server.services.store.entries('sessions')])).toBe(before);
    expect((await t.client().get('/api/me')).headers.getSetCookie()).toEqual([]);
  });

  it('get a new id at every login, and the old id stops working (no session fixation)', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    const first = { sid: alice.cookie('marginalia.sid')!, sig: alice.cookie('marginalia.sid.sig')! };
    const r = await alice.postForm('/auth', { username: 'alice', password: 'secret-pass' });
    expect(r.status).toBe(200);
    const cookies = r.headers.getSetCookie();
    // one cookie and one signature, each set once, whatever happened to the old id on the way
    expect(cookies.filter((c) => c.startsWith('marginalia.sid=')).length).toBe(1);
    expect(cookies.filter((c) => c.startsWith('marginalia.sid.sig=')).length).toBe(1);
    expect(alice.cookie('marginalia.sid')).not.toBe(first.sid);
    expect(sessionsOf(t, 'alice')).toEqual([alice.cookie('marginalia.sid')]);
    const stale = new Client(t.url);
    stale.setCookie('marginalia.sid', first.sid);
    stale.setCookie('marginalia.sid.sig', first.sig);
    expect((await stale.get('/api/me')).status).toBe(401);
    expect((await alice.get('/api/me')).status).toBe(200);
  });

  it('are cleared at logout, cookie and signature alike', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    const r = await alice.post('/logout');
    const cleared = r.headers.getSetCookie();
    for (const name of ['marginalia.sid=', 'marginalia.sid.sig=']) {
      expect(cleared.find((c) => c.startsWith(name))).toMatch(/expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    }
    expect(sessionsOf(t, 'alice')).toEqual([]);
    expect(alice.cookie('marginalia.sid')).toBeUndefined();
  });

  it('refuses a signature made for another session id', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    const bob = await t.client().login('bob');
    const mixed = new Client(t.url);
    mixed.setCookie('marginalia.sid', bob.cookie('marginalia.sid')!);
    mixed.setCookie('marginalia.sid.sig', alice.cookie('marginalia.sid.sig')!);
    expect((await mixed.get('/api/me')).status).toBe(401);
  });

  it('are renewed, under the same id, when used in the second half of their life, and end after it', async () => {
    const t = await startServer({ config: { session_lifetime_days: 2 } });
    const alice = await t.client().login('alice');
    const id = alice.cookie('marginalia.sid')!;
    const store = t.server.services.store;
    const age = (ms: number) => {
      const record = store.get('sessions', id)!;
      return store.write([
        { table: 'sessions', key: id, value: { ...record, expires_at: t.server.services.clock.now() + ms } },
      ]);
    };
    await age(3600_000); // an hour left of two days
    const renewed = await alice.get('/api/me');
    expect(renewed.status).toBe(200);
    const cookie = renewed.headers.getSetCookie().find((c) => c.startsWith('marginalia.sid='))!;
    expect(cookie.startsWith(`marginalia.sid=${id};`)).toBe(true);
    expect(Math.abs(Date.parse(/expires=([^;]+)/i.exec(cookie)![1]) - (Date.now() + 2 * 24 * 3600_000))).toBeLessThan(
      60_000,
    );
    expect(store.get('sessions', id)!.expires_at).toBeGreaterThan(t.server.services.clock.now() + 24 * 3600_000);
    expect((await alice.get('/api/me')).headers.getSetCookie()).toEqual([]); // renewed once, not on every request

    await age(-1000);
    expect((await alice.get('/api/me')).status).toBe(401);
    expect(store.get('sessions', id)).toBeUndefined();
  });

  it("treat a record in an earlier version's shape as no session: its owner signs in again, and it is dropped", async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    const id = alice.cookie('marginalia.sid')!;
    const store = t.server.services.store;
    const { expires_at } = store.get('sessions', id)!;
    const earlier = { data: { username: 'alice', _expire: Date.now() + 3600_000 }, expires_at };
    await store.write([{ table: 'sessions', key: id, value: earlier as never }]);
    expect((await alice.get('/api/me')).status).toBe(401);
    expect(store.get('sessions', id)).toBeUndefined();
    expect((await (await t.client().login('alice')).get('/api/me')).status).toBe(200);
  });
});
