/**
 * What a web page the user happens to open can try against a server on their localhost: cross-site requests,
 * DNS rebinding, session fixation, cookie theft, password guessing, key leaks, path traversal.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { readdirSync } from 'node:fs';
import { startServer, quietLogger, type TestServer } from '../helpers/server.js';
import { Client } from '../helpers/client.js';

let t: TestServer;
let alice: Client;

beforeAll(async () => {
  t = await startServer({ config: { admin_users: ['boss'] } });
  alice = await t.client().login('alice');
});

const submission = { instance_id: 'item-1', annotations: { 'sentiment:negative': 'true' } };

describe('cross-site requests', () => {
  it('refuses a JSON POST from another origin, even with the victim session cookie', async () => {
    const r = await alice.post('/updateinstance', submission, { origin: 'http://evil.example' });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/cross-site/);
    expect((await alice.get('/get_annotations?instance_id=item-1')).body.annotations).toEqual({});
  });

  it('refuses a form POST from another origin, another localhost port, or an opaque origin', async () => {
    for (const origin of ['http://evil.example', 'http://127.0.0.1:1', 'null']) {
      const r = await alice.request('POST', '/go_to', { form: { action: 'next_instance' }, headers: { origin } });
      expect(r.status, origin).toBe(403);
    }
    const logout = await alice.request('POST', '/logout', { headers: { origin: 'http://evil.example' } });
    expect(logout.status).toBe(403);
    expect((await alice.get('/api/current_instance')).status).toBe(200); // still logged in
  });

  it('refuses a cross-site request that carries no Origin but Sec-Fetch-Site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const r = await alice.post('/updateinstance', submission, { 'sec-fetch-site': site });
      expect(r.status, site).toBe(403);
    }
  });

  it('accepts its own pages (same Origin) and scripts (no Origin)', async () => {
    const own = await alice.post(
      '/go_to',
      { action: 'next_instance' },
      { origin: t.url, 'sec-fetch-site': 'same-origin' },
    );
    expect(own.status).toBe(200);
    const script = await alice.post('/go_to', { action: 'prev_instance' });
    expect(script.status).toBe(200);
  });
});

describe('DNS rebinding', () => {
  it('refuses requests whose Host is a foreign name, reads and writes alike', async () => {
    const port = new URL(t.url).port;
    for (const host of [`attacker.example:${port}`, 'attacker.example', `localhost.attacker.example:${port}`]) {
      const read = await alice.get('/api/current_instance', { host });
      expect(read.status, host).toBe(421);
      expect(read.body.error).toMatch(/host name/);
      const write = await alice.post('/updateinstance', submission, { host });
      expect(write.status, host).toBe(421);
    }
    expect((await alice.get('/api/current_instance', { host: `localhost:${port}` })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('sets the session cookie HttpOnly, SameSite=Lax and signed', async () => {
    const r = await t.client().postForm('/register', { username: 'carol', password: 'carol-pass' });
    const cookies = r.headers.getSetCookie();
    const sid = cookies.find((c) => c.startsWith('marginalia.sid='));
    expect(sid).toBeDefined();
    expect(sid).toMatch(/httponly/i);
    expect(sid).toMatch(/samesite=lax/i);
    expect(cookies.some((c) => c.startsWith('marginalia.sid.sig='))).toBe(true);
  });

  it('refuses a tampered session cookie', async () => {
    const mallory = new Client(t.url);
    mallory.setCookie('marginalia.sid', alice.cookie('marginalia.sid')! + 'x');
    mallory.setCookie('marginalia.sid.sig', alice.cookie('marginalia.sid.sig')!);
    expect((await mallory.get('/api/current_instance')).status).toBe(401);
  });

  it('renews the session id at login, so a planted id is worthless (session fixation)', async () => {
    const mallory = await t.client().login('mallory');
    const planted = { sid: mallory.cookie('marginalia.sid')!, sig: mallory.cookie('marginalia.sid.sig')! };
    const victim = new Client(t.url);
    victim.setCookie('marginalia.sid', planted.sid);
    victim.setCookie('marginalia.sid.sig', planted.sig);
    await victim.login('victim');
    expect(victim.cookie('marginalia.sid')).not.toBe(planted.sid);
    // the planted id does not carry the victim's identity
    const attacker = new Client(t.url);
    attacker.setCookie('marginalia.sid', planted.sid);
    attacker.setCookie('marginalia.sid.sig', planted.sig);
    const who = await attacker.get('/api/me');
    expect(who.body?.username).not.toBe('victim');
  });

  it('ends the session on the server at logout: a copied cookie stops working', async () => {
    const bob = await t.client().login('bob');
    const copy = new Client(t.url);
    copy.setCookie('marginalia.sid', bob.cookie('marginalia.sid')!);
    copy.setCookie('marginalia.sid.sig', bob.cookie('marginalia.sid.sig')!);
    expect((await copy.get('/api/current_instance')).status).toBe(200);
    expect((await bob.post('/logout')).status).toBe(200);
    expect((await copy.get('/api/current_instance')).status).toBe(401);
  });
});

describe('password guessing', () => {
  it('throttles repeated failed logins with 429 and a JSON error', async () => {
    const target = await t.client().login('dave', 'right-password');
    await target.post('/logout');
    const guesser = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await guesser.postForm('/auth', { username: 'dave', password: `guess-${i}` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const last = await guesser.postForm('/auth', { username: 'dave', password: 'right-password' });
    expect(last.status).toBe(429);
    expect(last.body.error).toMatch(/too many/i);
  });

  it('does not count malformed requests as guesses, so a buggy script cannot lock an account', async () => {
    await (await t.client().login('erin', 'right-password')).post('/logout');
    const script = t.client();
    for (let i = 0; i < 12; i++) expect((await script.postForm('/auth', { username: 'erin' })).status).toBe(400);
    expect((await script.postForm('/auth', { username: 'erin', password: 'right-password' })).status).toBe(200);
  });
});

describe('secrets', () => {
  it('never puts the admin key in a response body, header or log line', async () => {
    const key = t.adminKey;
    const admin = t.admin();
    const paths = [
      '/admin/health',
      '/admin/api/overview',
      '/admin/api/config',
      '/admin/api/annotators',
      '/admin/api/instances',
      '/admin/api/webhooks',
      '/api/openapi.json',
      '/',
    ];
    for (const path of paths) {
      const r = await admin.get(path);
      expect(r.text.includes(key), path).toBe(false);
      expect(JSON.stringify([...r.headers]).includes(key), path).toBe(false);
    }
    const wrong = await t
      .client({ 'x-api-key': key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a') })
      .get('/admin/api/overview');
    expect(wrong.status).toBe(403);
    expect(wrong.text.includes(key)).toBe(false);
    expect(quietLogger.lines.join('\n').includes(key)).toBe(false);
  });
});

describe('webhook secrets and targets', () => {
  it('never shows a webhook secret, given inline or through ${NAME}, in config, stats or logs', async () => {
    const w = await startServer({
      options: { env: { HOOK_SECRET: 'env-hook-secret-5f3a' } },
      config: {
        webhooks: {
          enabled: true,
          endpoints: [
            { name: 'inline', url: 'https://hooks.example/in', secret: 'inline-hook-secret-9c1d', events: ['*'] },
            {
              name: 'from-env',
              url: 'http://127.0.0.1:9/hook',
              secret: '${HOOK_SECRET}',
              events: ['annotation.created'],
            },
          ],
        },
      },
    });
    const config = await w.admin().get('/admin/api/config');
    expect(config.status).toBe(200);
    expect(config.body.webhooks.endpoints.map((e: { secret: string }) => e.secret)).toEqual(['***', '***']);
    const stats = await w.admin().get('/admin/api/webhooks');
    expect(stats.status).toBe(200);
    for (const text of [config.text, stats.text, quietLogger.lines.join('\n')]) {
      expect(text).not.toContain('inline-hook-secret-9c1d');
      expect(text).not.toContain('env-hook-secret-5f3a');
    }
  });

  it('refuses webhook URLs that would send data in clear across a network, or to non-web schemes', async () => {
    const { writeProject } = await import('../helpers/project.js');
    const { loadConfig } = await import('../../server/index.js');
    const load = (url: string) => () =>
      loadConfig(writeProject({ config: { webhooks: { endpoints: [{ name: 'x', url, events: ['*'] }] } } }));
    for (const url of [
      'http://hooks.example/in',
      'http://192.168.1.20/hook',
      'http://127.0.0.1.evil.example/h',
      'file:///etc/passwd',
      'ftp://127.0.0.1/x',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(load(url), url).toThrow(/webhooks\.endpoints\[0\]\.url/);
    }
    for (const url of ['https://hooks.example/in', 'http://127.0.0.1:8080/h', 'http://localhost/h', 'http://[::1]:9/h'])
      expect(load(url), url).not.toThrow();
  });
});

describe('path traversal', () => {
  it('refuses usernames that could name a path, and never creates files from user input', async () => {
    for (const username of ['../x', '..', 'a/b', 'a\\b', '%2e%2e', '.', 'x\u0000y']) {
      const r = await t.client().postForm('/register', { username, password: 'pw-123456' });
      expect(r.status, username).toBe(400);
    }
    const files = readdirSync(t.dataDir);
    expect(files.every((f) => /^(snapshot\.json|journal-\d+\.jsonl|session-key|admin-api-key|[\w.-]+)$/.test(f))).toBe(
      true,
    );
    expect(files.some((f) => f.includes('..') || f === 'x')).toBe(false);
  });

  it('answers traversal-shaped instance ids with 404, not a file', async () => {
    for (const id of ['../config.yaml', '..%2Fconfig.yaml', '....//data.jsonl', '%00']) {
      const r = await alice.get(`/api/spans/${encodeURIComponent(id)}`);
      expect(r.status, id).toBe(404);
      expect(r.body.error).toBeTruthy();
    }
  });
});
