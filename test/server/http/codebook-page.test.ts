/**
 * Potato's full-page codebook path, `GET /codebook`, leads a browser to the UI's codebook page (`/#/codebook`), with
 * or without a session: without one, the page there asks for a login and then shows the codebook.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type TestServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('GET /codebook', () => {
  let t: TestServer;
  beforeAll(async () => {
    const staticDir = tempDir('marginalia-ui-');
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>ui</title>');
    t = await startServer({ options: { staticDir } });
  });

  it('leads to the UI’s codebook page, anonymous or signed in, and is never cached', async () => {
    const anonymous = t.client({ accept: 'text/html' });
    const signedIn = await t.client({ accept: 'text/html' }).login('cora');
    for (const [who, client] of [
      ['anonymous', anonymous],
      ['signed in', signedIn],
    ] as const) {
      const r = await client.get('/codebook');
      expect(r.status, who).toBe(302);
      expect(r.headers.get('location'), who).toBe('/#/codebook');
      expect(r.headers.get('cache-control'), who).toBe('no-store');
      const ui = await client.get('/');
      expect(ui.status, who).toBe(200);
      expect(ui.headers.get('content-type'), who).toMatch(/text\/html/);
      expect(ui.text, who).toContain('<title>ui</title>');
    }
    // a script asking for JSON is led there too (Potato's page answers 200 HTML to a script that follows redirects)
    const script = await t.client().get('/codebook');
    expect(script.status).toBe(302);
    expect(script.headers.get('location')).toBe('/#/codebook');
  });
});
