/**
 * Potato's Pocket Mode over real HTTP: the card stack's API (task, batch, routing, devices), the routing of phones
 * from the annotation page and from a study link, the "Full view" choice, bad input and who may call what.
 * Answers are saved through POST /updateinstance, the desktop page's own submission.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';
import type { Client } from '../../helpers/client.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const HTML = { accept: 'text/html,application/xhtml+xml' };

const items = [
  { id: 'r1', text: 'The soup was cold.' },
  { id: 'r2', text: 'Lovely staff, <b>great</b> view.' },
  { id: 'r3', text: 'Fine, nothing special.' },
];
const radio = { annotation_type: 'radio', name: 'tone', labels: ['good', 'bad', 'mixed'] };
const pocketTask = { annotation_schemes: [radio], pocket: { enabled: true, batch_size: 2 } };

const page = (c: Client, path: string, agent: string) => c.get(path, { ...HTML, 'user-agent': agent });

describe('the card stack API', () => {
  it('gives the task, batches of items left and the progress, and shrinks as answers are saved', async () => {
    const t = await startServer({ items, config: pocketTask });
    const ann = await t.client().login('ann');

    const task = await ann.get('/pocket/api/task');
    expect(task.status).toBe(200);
    expect(task.body).toMatchObject({ task_name: 'Test task', capable: true, incompatible_schemes: [] });
    expect(task.body.schemas).toEqual([
      {
        name: 'tone',
        annotation_type: 'radio',
        description: expect.any(String),
        labels: ['good', 'bad', 'mixed'],
        required: false,
      },
    ]);

    // batch_size from the config, n from the query
    const first = await ann.get('/pocket/api/batch');
    expect(first.body).toEqual({
      items: [
        { instance_id: 'r1', text: 'The soup was cold.' },
        { instance_id: 'r2', text: 'Lovely staff, <b>great</b> view.' },
      ],
      total: 3,
      done: 0,
    });
    expect((await ann.get('/pocket/api/batch?n=3')).body.items).toHaveLength(3);

    const saved = await ann.post('/updateinstance', { instance_id: 'r1', annotations: { 'tone:bad': 'true' } });
    expect(saved.status).toBe(200);
    const after = await ann.get('/pocket/api/batch?n=5');
    expect(after.body.done).toBe(1);
    expect(after.body.items.map((i: { instance_id: string }) => i.instance_id)).toEqual(['r2', 'r3']);
    // what the card stack saved is the annotator's ordinary answer
    expect((await ann.get('/get_annotations?instance_id=r1')).body.label_annotations).toEqual({ tone: ['bad'] });
  });

  it('refuses a bad batch size by name, and callers without a session', async () => {
    const t = await startServer({ items, config: pocketTask });
    const ann = await t.client().login('ann');
    for (const n of ['0', '201', 'many']) {
      const r = await ann.get(`/pocket/api/batch?n=${n}`);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/^n: /);
    }
    const hint = await ann.post('/pocket/api/device_hint', { device: 'watch' });
    expect(hint.status).toBe(400);
    expect(hint.body.error).toMatch(/^device: /);

    const anon = t.client();
    for (const path of ['/pocket/api/task', '/pocket/api/batch', '/pocket/api/routing'])
      expect((await anon.get(path)).status).toBe(401);
    expect((await anon.post('/pocket/api/device_hint', { device: 'mobile' })).status).toBe(401);
    // the page itself sends a browser without a session to the login page
    const r = await page(anon, '/pocket', IPHONE);
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/login');
  });

  it('answers 404 while pocket is off, except the routing facts', async () => {
    const t = await startServer({ items, config: { annotation_schemes: [radio] } });
    const ann = await t.client().login('ann');
    for (const path of ['/pocket/api/task', '/pocket/api/batch']) {
      const r = await ann.get(path);
      expect(r.status).toBe(404);
      expect(r.body.error).toMatch(/pocket\.enabled/);
    }
    expect((await page(ann, '/pocket', IPHONE)).status).toBe(404);
    expect((await ann.get('/pocket/api/routing')).body).toEqual({
      enabled: false,
      capable: true,
      auto_redirect: true,
      available: false,
      incompatible_schemes: [],
    });
    // and phones are not sent anywhere
    expect((await page(ann, '/annotate', IPHONE)).headers.get('location')).toBe('/');
  });

  it('says which schemes keep a task off phones', async () => {
    const span = { annotation_type: 'span', name: 'cues', labels: ['cue'] };
    const t = await startServer({ items, config: { annotation_schemes: [radio, span], pocket: { enabled: true } } });
    const ann = await t.client().login('ann');
    expect((await ann.get('/pocket/api/routing')).body).toEqual({
      enabled: true,
      capable: false,
      auto_redirect: true,
      available: false,
      incompatible_schemes: ['cues'],
    });
    expect((await ann.get('/pocket/api/task')).body).toMatchObject({ capable: false, incompatible_schemes: ['cues'] });
    // a phone gets the desktop page, which warns it
    expect((await page(ann, '/annotate', IPHONE)).headers.get('location')).toBe('/');
  });
});

describe('routing phones to the card stack', () => {
  it('sends phones and tablets from the annotation page, never desktops or scripts', async () => {
    const t = await startServer({ items, config: pocketTask });
    const ann = await t.client().login('ann');
    for (const agent of [IPHONE, ANDROID_TABLET]) {
      const r = await page(ann, '/annotate', agent);
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('/pocket');
    }
    for (const agent of [DESKTOP, 'python-requests/2.31.0', 'curl/8.5.0']) {
      const r = await page(ann, '/annotate', agent);
      expect(r.headers.get('location')).toBe('/');
    }
    // the card stack itself is the UI's screen at #/pocket, under /pocket/ where its service worker reaches
    const stack = await page(ann, '/pocket', IPHONE);
    expect(stack.status).toBe(302);
    expect(stack.headers.get('location')).toBe('/pocket/#/pocket');
    // a navigation post is never routed
    const posted = await ann.request('POST', '/annotate', {
      json: { action: 'next_instance' },
      headers: { 'user-agent': IPHONE },
    });
    expect(posted.status).toBe(200);
  });

  it('does not route with auto_redirect: false; /pocket stays open to whoever goes there', async () => {
    const t = await startServer({
      items,
      config: { annotation_schemes: [radio], pocket: { enabled: true, auto_redirect: false } },
    });
    const ann = await t.client().login('ann');
    expect((await page(ann, '/annotate', IPHONE)).headers.get('location')).toBe('/');
    expect((await page(ann, '/pocket', IPHONE)).headers.get('location')).toBe('/pocket/#/pocket');
  });

  it('keeps the "Full view" choice until /pocket is opened again', async () => {
    const t = await startServer({ items, config: pocketTask });
    const ann = await t.client().login('ann');
    expect((await page(ann, '/annotate?desktop=1', IPHONE)).headers.get('location')).toBe('/');
    expect((await page(ann, '/annotate', IPHONE)).headers.get('location')).toBe('/');
    await page(ann, '/pocket', IPHONE);
    expect((await page(ann, '/annotate', IPHONE)).headers.get('location')).toBe('/pocket');
  });

  it('starts a crowd worker on a phone in the card stack, with items from the first visit', async () => {
    const t = await startServer({
      items,
      config: { ...pocketTask, login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' }, completion_code: 'OK-1' },
    });
    const study = (c: Client, agent: string) =>
      c.get('/?PROLIFIC_PID=w1&STUDY_ID=s', {
        ...HTML,
        'user-agent': agent,
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      });
    const phone = t.client();
    const r = await study(phone, IPHONE);
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/pocket');
    expect((await phone.get('/pocket/api/batch')).body.items).toHaveLength(2);
    const desk = t.client();
    expect((await study(desk, DESKTOP)).headers.get('location')).toBe('/');
  });
});

describe('device visits', () => {
  it('are counted for the admin, touch users first, whether or not the task is made for phones', async () => {
    const span = { annotation_type: 'span', name: 'cues', labels: ['cue'] };
    const ui = tempDir('marginalia-ui-');
    writeFileSync(join(ui, 'index.html'), '<!doctype html><title>the annotate page</title>');
    const t = await startServer({
      items,
      config: { annotation_schemes: [span], pocket: { enabled: true } },
      options: { staticDir: ui },
    });
    const ann = await t.client().login('ann');
    const bob = await t.client().login('bob');
    // a visit through Potato's /annotate is counted once, by the page it leads to
    expect((await page(ann, '/annotate', DESKTOP)).headers.get('location')).toBe('/');
    await page(ann, '/', DESKTOP);
    // a phone opening / itself is counted as well, whatever it accepts; an anonymous one is no one's visit
    await page(bob, '/', IPHONE);
    const home = await bob.get('/', { accept: '*/*', 'user-agent': IPHONE });
    expect(home.status).toBe(200);
    expect(home.text).toContain('the annotate page');
    await page(t.client(), '/', IPHONE);
    expect((await ann.post('/pocket/api/device_hint', { device: 'tablet' })).body).toEqual({ ok: true });

    expect((await t.client().get('/pocket/api/devices')).status).toBe(401);
    expect((await ann.get('/pocket/api/devices')).status).toBe(403);
    expect((await t.client({ 'x-api-key': 'wrong' }).get('/pocket/api/devices')).status).toBe(403);
    const report = await t.admin().get('/pocket/api/devices');
    expect(report.status).toBe(200);
    expect(report.body.summary).toEqual({
      n_users: 2,
      n_touch_users: 2,
      headline: '2 of 2 users have visited from a phone or tablet',
    });
    expect(report.body.users.map((u: { username: string }) => u.username)).toEqual(['ann', 'bob']);
    expect(report.body.users[0]).toMatchObject({ desktop_visits: 1, tablet_visits: 1, last_device: 'tablet' });
    expect(report.body.users[1]).toMatchObject({ mobile_visits: 2, desktop_visits: 0, used_touch_device: true });
    expect(report.body.routing.available).toBe(false);

    // a phone that logs in on the page at / is counted at its login, which a script's login is not
    await t.client().login('carl');
    const carl = t.client({ 'user-agent': IPHONE });
    await carl.postForm('/auth', { username: 'carl', password: 'secret-pass' });
    expect(
      (await t.admin().get('/pocket/api/devices')).body.users.map((u: { username: string }) => u.username),
    ).toEqual(['ann', 'bob']);
    await carl.postForm('/auth', { username: 'carl', password: 'secret-pass' }, { 'sec-fetch-site': 'same-origin' });
    const after = (await t.admin().get('/pocket/api/devices')).body.users;
    expect(after.find((u: { username: string }) => u.username === 'carl')).toMatchObject({ mobile_visits: 1 });
  });
});

describe('opening the card stack offline', () => {
  it("answers Potato's manifest and service worker to anyone while pocket is on, and 404 while it is off", async () => {
    const t = await startServer({ items, config: pocketTask });
    const anyone = t.client();
    const manifest = await anyone.get('/pocket/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(manifest.text)).toMatchObject({ name: 'Test task', start_url: '/pocket', scope: '/pocket' });
    const worker = await anyone.get('/pocket/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^application\/javascript/);
    // it sits under /pocket/ and controls /pocket itself, Potato's scope
    expect(worker.headers.get('service-worker-allowed')).toBe('/pocket');
    expect(worker.text).toContain("addEventListener('fetch'");

    // the page it controls: /pocket/ is the UI's, whatever a client accepts (a script following the redirect)
    const ui = tempDir('marginalia-ui-');
    writeFileSync(join(ui, 'index.html'), '<!doctype html><title>the card stack</title>');
    const drawn = await startServer({ items, config: pocketTask, options: { staticDir: ui } });
    const ann = await drawn.client().login('ann');
    for (const accept of ['*/*', 'text/html']) {
      const r = await ann.get('/pocket/', { accept, 'user-agent': IPHONE });
      expect(r.status).toBe(200);
      expect(r.text).toContain('the card stack');
    }
    const stack = await ann.get('/pocket', { accept: '*/*', 'user-agent': IPHONE });
    expect(stack.headers.get('location')).toBe('/pocket/#/pocket');

    const off = await startServer({ items, config: { annotation_schemes: [radio] } });
    for (const path of ['/pocket/manifest.webmanifest', '/pocket/sw.js']) {
      const r = await off.client().get(path);
      expect(r.status).toBe(404);
      expect(r.body.error).toMatch(/pocket/);
    }
  });
});
