/**
 * Potato's web agent recorder over real HTTP: sessions, steps, screenshots and the trace, each annotator's own;
 * and the proxy, against a tiny site on 127.0.0.1: closed without an allow-list, each SSRF case refused, an allowed
 * page served sandboxed without cookies either way, redirects judged again, and the size bound.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63f80f00000101000518d84e0000000049454e44ae426082',
  'hex',
);

describe('recording sessions', () => {
  let t: TestServer;
  let alice: Client;
  let bob: Client;
  beforeAll(async () => {
    t = await startServer({});
    alice = await t.client().login('alice');
    bob = await t.client().login('bob');
  });

  it('records steps and screenshots and keeps them as a trace', async () => {
    expect((await t.client().post('/api/web_agent/start_session', { url: 'https://example.org' })).status).toBe(401);
    const start = await alice.post('/api/web_agent/start_session', { url: 'https://example.org/shop' });
    expect(start.body.status).toBe('recording');
    const id = start.body.session_id;
    for (const [i, action] of ['click', 'type'].entries()) {
      const r = await alice.post('/api/web_agent/save_step', { session_id: id, step: { action, x: i } });
      expect(r.body).toEqual({ status: 'ok', step_count: i + 1 });
    }
    const shot = await alice.request('POST', `/api/web_agent/save_screenshot?session_id=${id}&step_index=0`, {
      json: { screenshot_data: PNG.toString('base64') },
    });
    expect(shot.status).toBe(200);
    const image = await alice.get(shot.body.screenshot_url);
    expect(image.headers.get('content-type')).toBe('image/png');
    const end = await alice.post('/api/web_agent/end_session', { session_id: id, task_description: 'Buy a sweater' });
    expect(end.body).toMatchObject({ status: 'saved', step_count: 2 });
    const trace = await alice.get(end.body.trace_path);
    expect(trace.body).toMatchObject({
      id: `recording_${id}`,
      site: 'https://example.org/shop',
      task_description: 'Buy a sweater',
      status: 'saved',
    });
    expect(trace.body.steps.map((s: { action: string }) => s.action)).toEqual(['click', 'type']);
    expect(trace.body.steps[0].screenshot_url).toBe(shot.body.screenshot_url);
    // ended: no more steps
    expect((await alice.post('/api/web_agent/save_step', { session_id: id, step: { action: 'x' } })).status).toBe(400);
    // another annotator's session is as unknown as a made-up one
    expect((await bob.get(end.body.trace_path)).status).toBe(404);
    expect((await bob.get(shot.body.screenshot_url)).status).toBe(404);
  });

  it('refuses bad input by field and unknown sessions with a 404', async () => {
    const id = (await bob.post('/api/web_agent/start_session', { url: 'https://example.org' })).body.session_id;
    expect((await bob.post('/api/web_agent/start_session', { url: 'ftp://example.org' })).body.error).toMatch(/^url: /);
    expect((await bob.post('/api/web_agent/save_step', { session_id: 'nope', step: {} })).status).toBe(404);
    expect((await bob.post('/api/web_agent/save_step', { session_id: id, step: 'click' })).body.error).toMatch(
      /^step: /,
    );
    const notImage = await bob.request('POST', `/api/web_agent/save_screenshot?session_id=${id}&step_index=0`, {
      json: { screenshot_data: Buffer.from('<svg onload=alert(1)>').toString('base64') },
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.error).toMatch(/^screenshot_data: /);
    expect((await bob.post('/api/web_agent/end_session', { session_id: 'nope' })).status).toBe(404);
  });
});

describe('the proxy', () => {
  let site: ReturnType<typeof createServer>;
  let sitePort: number;
  const seen: IncomingHttpHeaders[] = [];
  let closed: TestServer;
  let open: TestServer;
  let aliceClosed: Client;
  let alice: Client;
  beforeAll(async () => {
    site = createServer((req, res) => {
      seen.push(req.headers);
      if (req.url === '/move') return res.writeHead(302, { location: 'http://10.0.0.1/secret' }).end();
      if (req.url === '/big') return res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(5000));
      if (req.url === '/noframe') return res.writeHead(200, { 'x-frame-options': 'DENY' }).end('no');
      res
        .writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'track=1' })
        .end('<p>hello <script>1</script></p>');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    sitePort = (site.address() as AddressInfo).port;
    closed = await startServer({});
    aliceClosed = await closed.client().login('alice');
    open = await startServer({
      config: {
        web_agent: {
          proxy: { allowed_hosts: ['example.org'], private_hosts: [`127.0.0.1:${sitePort}`], max_response_bytes: 1000 },
        },
      },
    });
    alice = await open.client().login('alice');
  });
  afterAll(() => new Promise<void>((r) => site.close(() => r())));

  it('needs a session', async () => {
    expect((await open.client().get(`/api/web_agent/proxy/http://127.0.0.1:${sitePort}/`)).status).toBe(401);
    expect((await open.client().get('/api/web_agent/check_frameable?url=https://example.org')).status).toBe(401);
  });

  it('refuses every SSRF case with a 403 saying why, without a request', async () => {
    const before = seen.length;
    const cases: [string, RegExp][] = [
      ['http://192.168.1.1', /private/],
      ['http://127.0.0.1', /private/],
      [`http://127.0.0.1:${sitePort + 1}/`, /private/], // another port of this machine than the one named
      ['http://169.254.169.254/latest/meta-data', /private/],
      ['http://10.0.0.1', /private/],
      ['http://[::1]/', /private/],
      ['http://[::ffff:127.0.0.1]/', /private/],
      ['http://0.0.0.0/', /private/],
      ['http://localhost/', /private/],
      ['ftp://example.org', /scheme/],
      ['file:///etc/passwd', /scheme/],
      ['http://user:pw@example.org/', /credentials/],
      ['https://not-listed.example.net/', /blocked.*allowed_hosts/],
    ];
    for (const [url, why] of cases) {
      const r = await alice.get(`/api/web_agent/proxy/${url}`);
      expect(r.status, url).toBe(403);
      expect(r.body.error, url).toMatch(why);
    }
    // closed without an allow-list, even to the site the other project names
    const shut = await aliceClosed.get(`/api/web_agent/proxy/http://127.0.0.1:${sitePort}/`);
    expect(shut.status).toBe(403);
    const framed = await aliceClosed.get('/api/web_agent/check_frameable?url=https://example.org');
    expect(framed.body).toEqual({ frameable: false, reason: expect.stringContaining('allowed_hosts') });
    expect(seen.length).toBe(before);
  });

  it('serves an allowed page sandboxed, without cookies either way', async () => {
    const r = await alice.get(`/api/web_agent/proxy/http://127.0.0.1:${sitePort}/page?q=1`, {
      cookie: 'marginalia=stolen',
    });
    expect(r.status).toBe(200);
    expect(r.text).toBe('<p>hello <script>1</script></p>');
    expect(r.headers.get('content-security-policy')).toMatch(/^sandbox /);
    expect(r.headers.get('content-security-policy')).not.toContain('allow-same-origin');
    expect(r.headers.get('set-cookie')).toBeNull();
    const sent = seen.at(-1)!;
    expect(sent.cookie).toBeUndefined();
    expect(sent.authorization).toBeUndefined();
  });

  it('judges a redirect again, bounds the size, and reads framing', async () => {
    const moved = await alice.request('GET', `/api/web_agent/proxy/http://127.0.0.1:${sitePort}/move`, {});
    expect(moved.status).toBe(302);
    const target = moved.headers.get('location')!;
    expect(target).toBe('/api/web_agent/proxy/http://10.0.0.1/secret');
    expect((await alice.get(target)).status).toBe(403);
    const big = await alice.get(`/api/web_agent/proxy/http://127.0.0.1:${sitePort}/big`);
    expect(big.status).toBe(413);
    expect(big.body.error).toContain('max_response_bytes');
    const no = await alice.get(`/api/web_agent/check_frameable?url=http://127.0.0.1:${sitePort}/noframe`);
    expect(no.body).toEqual({ frameable: false, reason: 'X-Frame-Options: deny' });
    const yes = await alice.get(`/api/web_agent/check_frameable?url=http://127.0.0.1:${sitePort}/`);
    expect(yes.body.frameable).toBe(true);
  });
});
