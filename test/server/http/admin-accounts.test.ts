/**
 * How admin accounts come to exist, over real HTTP: an admin name cannot be registered or logged into on any
 * path until its password is set through a channel that needs the machine (the one-time setup link printed at
 * start-up, a password in the config, the admin key); the password rules; look-alike names; start-up warnings.
 */
import { describe, expect, it } from 'vitest';
import { createServer, loadConfig, ConfigError } from '../../../server/index.js';
import { Client } from '../../helpers/client.js';
import { quietLogger, startServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** Log lines written since `from`, joined. */
const logSince = (from: number) => quietLogger.lines.slice(from).join('\n');

function setupLink(from: number, username: string): string {
  const m = new RegExp(
    `admin "${username}" has no password yet: set it within 15 minutes at (http://\\S+/setup\\?t=[\\w-]+)`,
  ).exec(logSince(from));
  if (!m) throw new Error(`no setup link for ${username} in:\n${logSince(from)}`);
  return m[1];
}

describe('admin names cannot be registered', () => {
  it('refuses an admin name on /register, /auth and /login, in every spelling of the form, saying how to set it up', async () => {
    const t = await startServer({ config: { admin_users: ['admin'] } });
    const attempts: [string, Record<string, string>, boolean][] = [
      ['/register', { username: 'admin', password: 'a-long-password-1' }, true],
      ['/register', { email: 'admin', pass: 'a-long-password-1' }, true],
      ['/register', { username: 'admin', password: 'x' }, false],
      ['/auth', { username: 'admin', password: 'a-long-password-1' }, true],
      ['/login', { email: 'admin', pass: 'a-long-password-1' }, false],
    ];
    for (const [path, form, asForm] of attempts) {
      const r = asForm ? await t.client().postForm(path, form) : await t.client().post(path, form);
      expect(r.status, `${path} ${JSON.stringify(form)}`).toBe(403);
      expect(r.body.error).toMatch(
        /"admin" is an admin name and has no password yet.*setup link printed on the server's console/,
      );
    }
    expect(t.server.services.accounts.get('admin')).toBeUndefined();
  });

  it('refuses it in debug mode and without require_password too, where other names log in freely', async () => {
    for (const config of [{ debug: true }, { require_password: false }]) {
      const t = await startServer({ config: { ...config, admin_users: ['admin'] } });
      expect(
        (await t.client().postForm('/auth', { username: 'someone', password: '' })).status,
        JSON.stringify(config),
      ).toBe(200);
      const r = await t.client().postForm('/auth', { username: 'admin', password: '' });
      expect(r.status, JSON.stringify(config)).toBe(403);
      expect(r.body.error).toMatch(/setup link/);
      expect(t.server.services.accounts.get('admin')).toBeUndefined();
    }
  });

  it('refuses an admin name, or a look-alike of one, as a url_direct worker ID from a study link', async () => {
    const t = await startServer({
      config: { admin_users: ['admin'], login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' } },
    });
    const browser = {
      accept: 'text/html',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    };
    for (const id of ['admin', 'Admin']) {
      const c = t.client();
      const r = await c.get(`/?PROLIFIC_PID=${id}&SESSION_ID=s1`, browser);
      expect(r.status, id).toBe(403);
      expect((await c.get('/api/me')).status, id).toBe(401);
    }
    // an ordinary worker still gets in
    expect((await t.client().get('/?PROLIFIC_PID=5f00aa&SESSION_ID=s1', browser)).status).toBe(303);
  });
});

describe('the setup link', () => {
  it('is printed at start-up, sets the password once, logs the admin in, and then no longer works', async () => {
    const from = quietLogger.lines.length;
    const t = await startServer({ config: { admin_users: ['admin'], require_password: false } });
    const link = setupLink(from, 'admin');
    const path = link.slice(link.indexOf('/setup'));
    const page = await t.client({ accept: 'text/html' }).get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('admin account “admin”');
    const t0 = new URL(link).searchParams.get('t')!;

    // a password that breaks the rules leaves the link usable
    const weak = await t.client().postForm('/setup', { t: t0, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe('password must be at least 8 characters long');
    const common = await t.client().postForm('/setup', { t: t0, password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.error).toMatch(/most common passwords/);

    const admin = t.client();
    const ok = await admin.post('/setup', { t: t0, password: 'correct horse battery' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'success', username: 'admin' });
    expect((await admin.get('/api/me')).body).toMatchObject({ username: 'admin', is_admin: true });
    expect((await admin.get('/admin/api/overview')).status).toBe(200);

    const again = await t.client().post('/setup', { t: t0, password: 'another good password' });
    expect(again.status).toBe(401);
    expect(again.body.error).toMatch(/not valid or was already used/);
    expect((await t.client().get(path)).status).toBe(401);

    // from now on the admin logs in with that password, and only with it
    expect((await t.client().postForm('/auth', { username: 'admin', password: '' })).status).toBe(401);
    expect((await t.client().postForm('/auth', { username: 'admin', password: 'correct horse battery' })).status).toBe(
      200,
    );
    expect(t.server.services.accounts.get('admin')!.password_set_by).toBe('setup_link');
    // and the warning about a name without password is gone after a restart
    const before = quietLogger.lines.length;
    await t.restart();
    expect(logSince(before)).not.toMatch(/admin "admin" has no password yet/);
  });

  it('expires after 15 minutes', async () => {
    const clock = {
      t: Date.parse('2026-11-25T10:00:00Z'),
      now() {
        return this.t;
      },
    };
    const from = quietLogger.lines.length;
    const t = await startServer({ config: { admin_users: ['admin'] }, options: { clock } });
    const t0 = new URL(setupLink(from, 'admin')).searchParams.get('t')!;
    clock.t += 15 * 60_000 + 1;
    const r = await t.client().post('/setup', { t: t0, password: 'correct horse battery' });
    expect(r.status).toBe(401);
    expect(r.body.error).toMatch(/expired/);
    expect(t.server.services.accounts.get('admin')).toBeUndefined();
  });

  it('is refused without a token or with a made-up one', async () => {
    const t = await startServer({ config: { admin_users: ['admin'] } });
    expect((await t.client().post('/setup', { password: 'correct horse battery' })).status).toBe(401);
    expect((await t.client().post('/setup', { t: 'made-up', password: 'correct horse battery' })).status).toBe(401);
    expect((await t.client().get('/setup?t=made-up')).status).toBe(401);
  });
});

describe('other channels that need the machine', () => {
  it('a password in user_config.users lets the admin in with it, and only with it', async () => {
    const t = await startServer({
      config: {
        admin_users: ['admin'],
        user_config: { users: [{ username: 'admin', password: 'config-admin-pass' }] },
      },
    });
    expect((await t.client().postForm('/register', { username: 'admin', password: 'someone-elses-pass' })).status).toBe(
      403,
    );
    expect((await t.client().postForm('/auth', { username: 'admin', password: 'someone-elses-pass' })).status).toBe(
      401,
    );
    const admin = t.client();
    expect((await admin.postForm('/auth', { username: 'admin', password: 'config-admin-pass' })).status).toBe(200);
    expect((await admin.get('/admin/api/overview')).status).toBe(200);
  });

  it('the admin key sets (and resets) a password, under the same rules', async () => {
    const t = await startServer({ config: { admin_users: ['admin'] } });
    const set = (password: string) =>
      t.admin().request('PUT', '/admin/api/users/admin/password', { json: { password } });
    expect((await set('short')).body.error).toBe('password must be at least 8 characters long');
    expect((await set('qwerty123')).status).toBe(400);
    expect(
      (await t.client().request('PUT', '/admin/api/users/admin/password', { json: { password: 'key-set-password' } }))
        .status,
    ).toBe(401);
    expect((await set('key-set-password')).status).toBe(200);
    expect((await t.client().postForm('/auth', { username: 'admin', password: 'key-set-password' })).status).toBe(200);
  });
});

describe('password rules', () => {
  it('refuses short and common passwords on /register with the rule named', async () => {
    const t = await startServer();
    const cases: [string, RegExp][] = [
      ['x', /^password must be at least 8 characters long$/],
      ['1234567', /^password must be at least 8 characters long$/],
      ['password', /most common passwords/],
      ['Password1', /most common passwords/],
      ['iloveyou', /most common passwords/],
      ['newcomer', /must not be the username/],
    ];
    for (const [password, rule] of cases) {
      const r = await t.client().postForm('/register', { username: 'newcomer', password });
      expect(r.status, password).toBe(400);
      expect(r.body.error, password).toMatch(rule);
    }
    expect(
      (await t.client().postForm('/register', { username: 'newcomer', password: 'pale-blue-teapot' })).status,
    ).toBe(200);
  });

  it('takes user_config.min_password_length for annotators, never below 8 for admin names', async () => {
    const t = await startServer({ config: { admin_users: ['admin'], user_config: { min_password_length: 5 } } });
    expect((await t.client().postForm('/register', { username: 'ann', password: 'tuba5' })).status).toBe(200);
    expect((await t.client().postForm('/register', { username: 'ben', password: 'tub4' })).body.error).toBe(
      'password must be at least 5 characters long',
    );
    const admin = await t.admin().request('PUT', '/admin/api/users/admin/password', { json: { password: 'tuba55' } });
    expect(admin.status).toBe(400);
    expect(admin.body.error).toBe('password must be at least 8 characters long');
  });

  it('stops start-up when a configured password is shorter than the floor, naming the user', () => {
    const short = writeProject({ config: { user_config: { users: [{ username: 'dave', password: 'pw' }] } } });
    expect(() => loadConfig(short, {})).toThrow(ConfigError);
    expect(() => loadConfig(short, {})).toThrow(
      /user_config\.users: the password of "dave" is shorter than 8 characters/,
    );
    // an annotator's floor follows min_password_length; an admin name's never drops below 8
    const annotator = writeProject({
      config: { user_config: { min_password_length: 4, users: [{ username: 'dave', password: 'pw-ok' }] } },
    });
    expect(loadConfig(annotator, {}).users).toEqual([{ username: 'dave', password: 'pw-ok' }]);
    const admin = writeProject({
      config: {
        admin_users: ['dave'],
        user_config: { min_password_length: 4, users: [{ username: 'dave', password: 'pw-ok' }] },
      },
    });
    expect(() => loadConfig(admin, {})).toThrow(/the password of "dave" is shorter than 8 characters/);
  });

  it('keeps require_password: false projects working without any password', async () => {
    const t = await startServer({ config: { require_password: false } });
    const r = await t.client().postForm('/register', { username: 'dora', password: '' });
    expect(r.status).toBe(200);
    expect((await t.client().postForm('/auth', { username: 'dora' })).status).toBe(200);
    // a Potato script still sending a (weak) password there is not refused for it
    expect((await t.client().postForm('/register', { email: 'eve', pass: 'x' })).status).toBe(200);
    expect((await t.client().postForm('/auth', { email: 'eve', pass: 'y' })).status).toBe(200);
  });
});

describe('look-alike usernames', () => {
  it('refuses names that differ from an existing one or an admin name only by case, width or script', async () => {
    const t = await startServer({ config: { admin_users: ['admin'] } });
    await t.client().login('alice');
    const twins: [string, string][] = [
      ['Alice', 'alice'],
      ['ALICE', 'alice'],
      ['ａｌｉｃｅ', 'alice'], // full-width
      ['аlice', 'alice'], // Cyrillic а
      ['Admin', 'admin'],
      ['аdmin', 'admin'], // Cyrillic а
      ['ａｄｍｉｎ', 'admin'], // full-width
      ['αdmin', 'admin'], // Greek alpha
    ];
    for (const [name, twin] of twins) {
      const r = await t.client().postForm('/register', { username: name, password: 'pale-blue-teapot' });
      expect(r.status, name).toBe(409);
      expect(r.body.error, name).toBe(
        `the username "${name}" looks too much like the existing "${twin}": choose another`,
      );
    }
    // debug and no-password logins create accounts too: the same rule holds there
    const d = await startServer({ config: { debug: true } });
    await d.client().login('bob');
    expect((await d.client().postForm('/auth', { username: 'BOB', password: 'whatever' })).status).toBe(409);
  });
});

describe('start-up warnings', () => {
  it('warns when anyone may register while admin names have no password', async () => {
    const from = quietLogger.lines.length;
    await startServer({ config: { admin_users: ['admin', 'chief'] } });
    expect(logSince(from)).toMatch(
      /user_config\.allow_all_users lets anyone register, and admin name\(s\) "admin", "chief" have no password yet/,
    );
  });

  it('names an admin account that was created by registering, before the name was an admin name', async () => {
    const dataDir = tempDir('marginalia-data-');
    const before = await startServer({ dataDir });
    await before.client().login('boss', 'boss-own-pass');
    await before.close();
    const from = quietLogger.lines.length;
    const after = await startServer({ dataDir, config: { admin_users: ['boss'] } });
    expect(logSince(from)).toMatch(
      /the admin account "boss" was created by registering or logging in, not with a password the project owner set/,
    );
    // resetting its password through a channel that needs the machine ends the warning
    await after.admin().request('PUT', '/admin/api/users/boss/password', { json: { password: 'owner-chosen-pass' } });
    const again = quietLogger.lines.length;
    await after.restart();
    expect(logSince(again)).not.toMatch(/"boss" was created by registering/);
  });

  it('warns when listening beyond loopback with open registration and no allowed_hosts', async () => {
    const run = async (config: Record<string, unknown>) => {
      const from = quietLogger.lines.length;
      const server = await createServer({
        config: loadConfig(writeProject({ config }), {}),
        dataDir: tempDir('marginalia-data-'),
        logger: quietLogger,
        staticDir: null,
        env: {},
      });
      const url = await server.listen(0, '0.0.0.0');
      expect((await new Client(url.replace('0.0.0.0', '127.0.0.1')).get('/admin/health')).status).toBeLessThan(500);
      await server.close();
      return logSince(from);
    };
    const warning =
      /listening on 0\.0\.0\.0, beyond this machine, with user_config\.allow_all_users: true and no allowed_hosts/;
    expect(await run({})).toMatch(warning);
    expect(await run({ allowed_hosts: ['lab-server.local'] })).not.toMatch(warning);
    expect(await run({ user_config: { allow_all_users: false } })).not.toMatch(warning);
  });
});
