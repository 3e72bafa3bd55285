/**
 * Memos over real HTTP, with Potato's endpoints: several per annotator and item, private unless shared, edited only
 * by their author, deleted by the author or an admin; kept across a restart; off (503) unless the config turns them
 * on; the admin reads every one.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';

const items = [
  { id: 'i1', text: 'hello world' },
  { id: 'i2', text: 'second item' },
];
const on = { annotation_ui: { memos: true } };

describe('memos', () => {
  it('are created, listed, edited and deleted by their author, and kept over a restart', async () => {
    const t = await startServer({ items, config: on });
    const alice = await t.client().login('alice');
    expect((await alice.get('/api/study')).body.memos).toBe(true);
    expect((await t.client().get('/api/memos?instance_id=i1')).status).toBe(401);

    const missing = await alice.post('/api/memos', { body: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^instance_id: /);
    expect((await alice.post('/api/memos', { instance_id: 'i1', body: '   ' })).body.error).toBe(
      'body: must not be empty',
    );
    const badVisibility = await alice.post('/api/memos', { instance_id: 'i1', body: 'b', visibility: 'public' });
    expect(badVisibility.status).toBe(400);
    expect(badVisibility.body.error).toBe('visibility: must be private or shared');
    expect((await alice.post('/api/memos', { instance_id: 'nope', body: 'b' })).status).toBe(404);
    const badAnchor = await alice.post('/api/memos', { instance_id: 'i1', body: 'b', anchor: { start: 3, end: 99 } });
    expect(badAnchor.status).toBe(400);
    expect(badAnchor.body.error).toMatch(/^anchor: /);

    const created = await alice.post('/api/memos', { instance_id: 'i1', body: ' interesting case ' });
    expect(created.status).toBe(200);
    const memo = created.body.memo;
    expect(memo).toMatchObject({
      instance_id: 'i1',
      created_by: 'alice',
      body: 'interesting case',
      visibility: 'private',
      anchor: null,
    });
    const anchored = await alice.post('/api/memos', {
      instance_id: 'i1',
      body: 'the greeting',
      anchor: { start: 0, end: 5 },
    });
    expect(anchored.body.memo.anchor).toEqual({ start: 0, end: 5 });

    const listed = await alice.get('/api/memos?instance_id=i1');
    expect(listed.body).toEqual({ memos: [memo, anchored.body.memo], open_by_default: false });

    const edited = await alice.request('PATCH', `/api/memos/${memo.id}`, {
      json: { body: 'edited', visibility: 'shared' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.memo).toMatchObject({ id: memo.id, body: 'edited', visibility: 'shared' });
    expect((await alice.request('PATCH', '/api/memos/nope', { json: { body: 'y' } })).status).toBe(404);

    const t2 = await t.restart();
    const again = await t2.client().login('alice');
    expect((await again.get('/api/memos?instance_id=i1')).body.memos.map((m: { body: string }) => m.body)).toEqual([
      'edited',
      'the greeting',
    ]);
    expect((await again.request('DELETE', `/api/memos/${memo.id}`)).body).toEqual({ ok: true });
    expect((await again.get('/api/memos?instance_id=i1')).body.memos).toHaveLength(1);
    expect((await again.request('DELETE', `/api/memos/${memo.id}`)).status).toBe(404);
  });

  it('keep private memos to their author; shared ones are read by others but changed only by the author or an admin', async () => {
    const t = await startServer({ items, config: { ...on, admin_users: ['boss'] } });
    const alice = await t.client().login('vis_alice');
    const bob = await t.client().login('vis_bob');
    const priv = (await alice.post('/api/memos', { instance_id: 'i2', body: 'priv' })).body.memo;
    const shared = (await alice.post('/api/memos', { instance_id: 'i2', body: 'shared', visibility: 'shared' })).body
      .memo;

    const bobView = (await bob.get('/api/memos?instance_id=i2')).body.memos;
    expect(bobView.map((m: { body: string }) => m.body)).toEqual(['shared']);
    expect((await bob.request('PATCH', `/api/memos/${shared.id}`, { json: { body: 'hax' } })).status).toBe(403);
    expect((await bob.request('DELETE', `/api/memos/${shared.id}`)).status).toBe(403);
    // a private memo of another is answered as missing: its id tells nothing
    expect((await bob.request('PATCH', `/api/memos/${priv.id}`, { json: { body: 'hax' } })).status).toBe(404);

    const boss = await t.loginAdmin('boss');
    expect((await boss.get('/api/memos?instance_id=i2')).body.memos).toHaveLength(2);
    expect((await boss.request('PATCH', `/api/memos/${priv.id}`, { json: { body: 'x' } })).status).toBe(403);
    expect((await boss.request('DELETE', `/api/memos/${priv.id}`)).status).toBe(200);

    const all = await t.admin().get('/admin/api/memos');
    expect(all.body).toMatchObject({ enabled: true, count: 1, memos: [{ id: shared.id, body: 'shared' }] });
    expect((await t.admin().get('/admin/api/memos?author=vis_bob')).body.count).toBe(0);
    expect((await alice.get('/admin/api/memos')).status).toBe(403);
  });

  it('are off without annotation_ui.memos (503 saying how to turn them on), and take the default visibility', async () => {
    const off = await startServer({ items });
    const carol = await off.client().login('carol');
    const r = await carol.get('/api/memos?instance_id=i1');
    expect(r.status).toBe(503);
    expect(r.body.error).toMatch(/not enabled.*annotation_ui\.memos: true/);
    expect((await carol.post('/api/memos', { instance_id: 'i1', body: 'x' })).status).toBe(503);
    // the page learns this from the study's options, before asking for any memo
    expect((await carol.get('/api/study')).body.memos).toBe(false);

    const sharedByDefault = await startServer({
      items,
      config: { annotation_ui: { memos: true, visibility: 'shared' } },
    });
    const dan = await sharedByDefault.client().login('dan');
    expect((await dan.post('/api/memos', { instance_id: 'i1', body: 'x' })).body.memo.visibility).toBe('shared');
  });
});

describe('memo settings', () => {
  const warningsOf = (config: Record<string, unknown>) =>
    loadConfig(writeProject({ items, config })).warnings.filter((w) => /memo|qda_mode|annotation_ui/.test(w));

  it("follow Potato's qda_mode: memos on, the panel open when show_sidebar_by_default says so, the rest warned", async () => {
    const qda = { qda_mode: { enabled: true, memos: { enabled: true, show_sidebar_by_default: true } } };
    const t = await startServer({ items, config: qda });
    const c = await t.client().login('q');
    expect((await c.get('/api/memos?instance_id=i1')).body).toEqual({ memos: [], open_by_default: true });
    expect(warningsOf(qda)).toEqual([expect.stringMatching(/qda_mode\.enabled: .* in-vivo coding is not built/)]);

    const shut = { qda_mode: { enabled: true, memos: { enabled: true, show_sidebar_by_default: false } } };
    const t2 = await startServer({ items, config: shut });
    expect((await (await t2.client().login('q')).get('/api/memos?instance_id=i1')).body.open_by_default).toBe(false);

    expect(warningsOf({ annotation_ui: { visibility: 'shared' } })).toEqual([
      expect.stringMatching(/annotation_ui\.visibility is not acted on: memos are off/),
    ]);
    expect(warningsOf({ annotation_ui: { memos: true, colour: 'x' } })).toEqual([
      expect.stringMatching(/unknown key "annotation_ui\.colour"/),
    ]);
  });
});
