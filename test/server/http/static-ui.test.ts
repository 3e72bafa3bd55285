/** The built UI served next to the API: files, the single-page fallback, and API paths that never reach either. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('static UI', () => {
  let t: TestServer;
  let browser: Client;
  beforeAll(async () => {
    const staticDir = tempDir('marginalia-ui-');
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>ui</title>');
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    t = await startServer({ options: { staticDir } });
    browser = t.client({ accept: 'text/html' });
  });

  it('serves files, and the UI for navigations to paths no route claims', async () => {
    expect((await browser.get('/')).text).toContain('<title>ui</title>');
    expect((await browser.get('/assets/app.js')).text).toBe('console.log(1)');
    for (const path of ['/admin/overview', '/no/such/page']) {
      const r = await browser.get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(r.headers.get('content-security-policy'), path).toMatch(/default-src 'self'/);
    }
    // Potato's page paths lead to the UI's screen for them
    for (const [path, target] of [['/annotate', '/'], ['/admin', '/#/admin'], ['/register', '/']]) {
      const r = await browser.get(path);
      expect(r.status, path).toBe(302);
      expect(r.headers.get('location'), path).toBe(target);
    }
  });

  it('answers API paths from the API, as JSON, whatever the Accept header says', async () => {
    const r = await browser.get('/api/current_instance');
    expect(r.status).toBe(401);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    await browser.login('alice');
    const me = await browser.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('alice');
    expect((await t.client().get('/api/no_such_thing')).status).toBe(404);
    const post = await browser.post('/no_such_thing', {});
    expect(post.status).toBe(404);
    expect(post.body.error).toMatch(/no such endpoint/);
  });
});
