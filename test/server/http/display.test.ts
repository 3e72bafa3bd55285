/** The item display on the API: built from the config's layout, its instance_display or every field, over real HTTP. */
import { describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'label', labels: ['entailment', 'neutral', 'contradiction'] },
  { annotation_type: 'span', name: 'cue', labels: ['cue'] },
];

describe('display on the API', () => {
  it('current_instance and go_to carry the layout filled with the item, and /api/display has it too', async () => {
    const t = await startServer({
      config: { annotation_schemes: SCHEMES, html_layout: 'layouts/nli.html' },
      items: [
        { id: 'p1', text: 'A man plays a guitar.', hypothesis: 'Someone makes music.' },
        { id: 'p2', text: 'Two dogs run.', hypothesis: '<b>Animals</b> {{text}}' },
      ],
      files: {
        'layouts/nli.html':
          '<h4>Premise</h4><div>{{text}}</div><h4>Hypothesis</h4><div class="hyp">{{hypothesis}}</div><script>alert(1)</script>',
      },
    });
    const c = await t.client().login('ann', 'pw-123456');
    const current = await c.get('/api/current_instance');
    expect(current.status).toBe(200);
    expect(current.body.text).toBe('A man plays a guitar.');
    expect(current.body.data).toEqual({ id: 'p1', text: 'A man plays a guitar.', hypothesis: 'Someone makes music.' });
    expect(current.body.display.source).toBe('html_layout');
    const html: string = current.body.display.blocks[0].html;
    expect(html).toBe(
      '<h4>Premise</h4><div><span data-span-surface="true"></span></div><h4>Hypothesis</h4><div class="hyp">Someone makes music.</div>',
    );

    const next = await c.post('/go_to', { action: 'next_instance' });
    expect(next.body.display.blocks[0].html).toContain('<div class="hyp">&lt;b&gt;Animals&lt;/b&gt; {{text}}</div>');
    const byId = await c.get('/api/display/p1');
    expect(byId.body).toEqual(current.body.display);
    expect((await c.get('/api/display/nope')).status).toBe(404);
  });

  it('without a layout shows the text field and every other field', async () => {
    const t = await startServer({
      config: { annotation_schemes: SCHEMES },
      items: [{ id: 'a', text: 'passage', question: 'Q?', options: ['w', 'x', 'y', 'z'] }],
    });
    const c = await t.client().login('ann', 'pw-123456');
    const { display } = (await c.get('/api/current_instance')).body;
    expect(display.source).toBe('fields');
    expect(display.blocks.map((b: { type: string; key: string }) => `${b.type}:${b.key}`)).toEqual([
      'surface:text',
      'text:question',
      'list:options',
    ]);
  });

  it('is described in the OpenAPI document', async () => {
    const t = await startServer();
    const doc = (await t.client().get('/api/openapi.json')).body;
    const schema = JSON.stringify(doc.paths['/api/current_instance'].get.responses['200']);
    expect(schema).toContain('display');
    expect(doc.paths['/api/display/{instance_id}']).toBeDefined();
  });
});

describe('GET /api/media/{path}', () => {
  it('serves files of the task folder and refuses paths that leave it', async () => {
    const root = tempDir('marginalia-media-');
    const dir = join(root, 'project');
    mkdirSync(dir);
    writeFileSync(join(root, 'outside.png'), 'outside');
    const t = await startServer({
      dir,
      config: { media_directory: 'media' },
      files: { 'images/dot.png': 'png bytes', 'media/a.png': 'x', 'secret.txt': 'no' },
    });
    symlinkSync(join(root, 'outside.png'), join(dir, 'images', 'link.png'));
    const c = await t.client().login('ann', 'pw-123456');
    const r = await c.get('/api/media/images/dot.png');
    expect(r.status).toBe(200);
    expect(r.text).toBe('png bytes');
    expect(r.headers.get('content-type')).toBe('image/png');
    expect((await c.get('/api/media/a.png')).text).toBe('x');
    expect((await c.get('/api/media/images/none.png')).status).toBe(404);
    for (const bad of [
      '/api/media/images/..%2F..%2Foutside.png',
      '/api/media/%2E%2E/outside.png',
      '/api/media/images/link.png',
      '/api/media/secret.txt',
    ]) {
      const refused = await c.get(bad);
      // a path the router does not decode (%2E%2E) finds nothing: 404; every other one is refused by name
      expect([400, 404], bad).toContain(refused.status);
      expect(refused.text, bad).not.toBe('outside');
      if (refused.status === 400)
        expect(refused.body.error, bad).toMatch(/^path: .*(must stay inside the task folder|not a media file)/);
    }
    expect((await t.client().get('/api/media/images/dot.png')).status).toBe(401);
  });
});

describe('the page policy follows the project media', () => {
  const ui = () => {
    const dir = tempDir('marginalia-ui-');
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>ui</title>');
    return dir;
  };
  const policyOf = async (t: Awaited<ReturnType<typeof startServer>>) => {
    const r = await t.client({ accept: 'text/html' }).get('/');
    expect(r.status).toBe(200);
    return r.headers.get('content-security-policy') ?? '';
  };

  it('opens img-src and media-src to the hosts the items and layout name, and to nothing without remote media', async () => {
    const remote = await startServer({
      options: { staticDir: ui() },
      config: {
        instance_display: {
          fields: [
            { key: 'photo', type: 'image' },
            { key: 'clip', type: 'audio' },
            { key: 'text', type: 'text', span_target: true },
          ],
        },
      },
      items: [
        { id: 'a', text: 'One', photo: 'https://images.example.org/cat.png', clip: 'clips/a.mp3' },
        { id: 'b', text: 'Two', photo: 'pics/b.png', clip: 'http://audio.example.net:8080/b.mp3' },
      ],
    });
    const policy = await policyOf(remote);
    expect(policy).toContain("img-src 'self' data: http://audio.example.net:8080 https://images.example.org;");
    expect(policy).toContain("media-src 'self' data: http://audio.example.net:8080 https://images.example.org;");
    expect(policy).toContain("default-src 'self';");

    const layout = await startServer({
      options: { staticDir: ui() },
      config: {
        html_layout:
          '<img src="https://cdn.example.com/logo.png"><div>{{text}}</div><video src="{{ instance_obj.video }}"></video>',
      },
      items: [{ id: 'a', text: 'One', video: 'https://media.example.edu/v.mp4' }],
    });
    expect(await policyOf(layout)).toContain("img-src 'self' data: https://cdn.example.com https://media.example.edu;");

    const local = await startServer({
      options: { staticDir: ui() },
      config: { instance_display: { fields: [{ key: 'photo', type: 'image' }] } },
      items: [{ id: 'a', text: 'x', photo: 'pics/a.png' }],
    });
    const closed = await policyOf(local);
    expect(closed).toContain("img-src 'self' data:;");
    expect(closed).not.toMatch(/http/);
  });
});
