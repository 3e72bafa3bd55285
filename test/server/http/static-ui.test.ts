/** The built UI served next to the API: files, the single-page fallback, and API paths that never reach either. */
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { afterFile } from '../../helpers/after-file.js';

/** A GET with the path sent as written (a URL would resolve its dot segments first). */
function rawGet(base: string, path: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, headers: { accept: 'text/plain' } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    })
      .on('error', reject)
      .end();
  });
}

describe('static UI', () => {
  let t: TestServer;
  let browser: Client;
  let outside: string;
  beforeAll(async () => {
    const staticDir = tempDir('marginalia-ui-');
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>ui</title>');
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(staticDir, '.secret'), 'dotfile content');
    outside = `${basename(staticDir)}-outside.txt`;
    writeFileSync(join(staticDir, '..', outside), 'outside content');
    afterFile(() => rmSync(join(staticDir, '..', outside)));
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
    for (const [path, target] of [
      ['/annotate', '/'],
      ['/admin', '/#/admin'],
      ['/register', '/'],
    ]) {
      const r = await browser.get(path);
      expect(r.status, path).toBe(302);
      expect(r.headers.get('location'), path).toBe(target);
    }
  });

  it('serves files with their type, revalidation headers, conditional GET, HEAD and ranges', async () => {
    const page = await browser.get('/');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const js = await browser.get('/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('content-length')).toBe('14');
    expect(js.headers.get('cache-control')).toMatch(/max-age=0/);
    expect(js.headers.get('content-security-policy')).toBeNull();
    const etag = js.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(js.headers.get('last-modified')).toBeTruthy();
    const again = await browser.get('/assets/app.js', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const head = await browser.request('HEAD', '/assets/app.js');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('14');
    expect(head.text).toBe('');
    const part = await browser.get('/assets/app.js', { range: 'bytes=0-6' });
    expect(part.status).toBe(206);
    expect(part.text).toBe('console');
  });

  it('never serves dotfiles or files outside its folder', async () => {
    for (const path of [
      '/.secret',
      `/../${outside}`,
      `/%2e%2e/${outside}`,
      `/assets/..%2f..%2f${outside}`,
      `/assets/../../${outside}`,
      '/assets',
    ]) {
      const r = await rawGet(t.url, path);
      expect(r.status, path).toBe(404);
      expect(r.text, path).not.toMatch(/dotfile content|outside content/);
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

describe("the UI page in the project's language", () => {
  it('is served with the lang and dir of ui_language, an English project as built', async () => {
    const staticDir = tempDir('marginalia-ui-');
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html>\n<html lang="en">\n<title>ui</title></html>');
    const ar = await startServer({ config: { ui_language: 'ar' }, options: { staticDir } });
    const browser = ar.client({ accept: 'text/html' });
    for (const path of ['/', '/index.html', '/no/such/page']) {
      const r = await browser.get(path);
      expect(r.status, path).toBe(200);
      expect(r.text, path).toBe('<!doctype html>\n<html lang="ar" dir="rtl">\n<title>ui</title></html>');
      expect(r.headers.get('content-security-policy'), path).toMatch(/default-src 'self'/);
    }
    await ar.close();
    const es = await startServer({
      config: { ui_language: { _base: 'es', html_lang: 'es-MX' } },
      options: { staticDir },
    });
    expect((await es.client({ accept: 'text/html' }).get('/')).text).toContain('<html lang="es-MX" dir="ltr">');
    await es.close();
    const en = await startServer({ options: { staticDir } });
    const page = await en.client({ accept: 'text/html' }).get('/');
    expect(page.text).toContain('<html lang="en">');
    expect(page.headers.get('etag')).toBeTruthy();
    await en.close();
  });

  it('is revalidated by its own ETag, and a rebuilt page is noticed', async () => {
    const staticDir = tempDir('marginalia-ui-');
    const file = join(staticDir, 'index.html');
    writeFileSync(file, '<!doctype html><html lang="en"><title>one</title></html>');
    const built = new Date('2026-01-01T00:00:00Z');
    utimesSync(file, built, built);
    const ar = await startServer({ config: { ui_language: 'ar' }, options: { staticDir } });
    const browser = ar.client({ accept: 'text/html' });
    const first = await browser.get('/');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    for (const path of ['/', '/index.html', '/no/such/page']) {
      const again = await browser.get(path, { 'if-none-match': etag });
      expect(again.status, path).toBe(304);
      expect(again.text, path).toBe('');
    }
    const head = await browser.request('HEAD', '/');
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(head.text).toBe('');
    // the page is kept while the file keeps its mtime and size (here other bytes, which no build leaves so)
    writeFileSync(file, '<!doctype html><html lang="en"><title>six</title></html>');
    utimesSync(file, built, built);
    expect((await browser.get('/')).text).toContain('<title>one</title>');
    // a rebuilt dist/ has a new file: its page is served, under another ETag
    writeFileSync(file, '<!doctype html><html lang="en"><title>two</title></html>');
    const later = new Date(Date.now() + 10_000);
    utimesSync(file, later, later);
    const rebuilt = await browser.get('/', { 'if-none-match': etag });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.text).toBe('<!doctype html><html lang="ar" dir="rtl"><title>two</title></html>');
    expect(rebuilt.headers.get('etag')).toBeTruthy();
    expect(rebuilt.headers.get('etag')).not.toBe(etag);
    expect((await browser.get('/', { 'if-none-match': rebuilt.headers.get('etag')! })).status).toBe(304);
    await ar.close();
  });
});
