/** Potato's admin read-outs with its field names, over real HTTP. */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startServer, type TestServer } from '../../helpers/server.js';

const ITEMS = [
  { id: 'a', text: 'Alpha text' },
  { id: 'b', text: 'Beta text' },
  { id: 'c', text: 'Gamma text' },
];

describe("Potato's admin read-outs", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ items: ITEMS, config: { admin_users: ['boss'] } });
    const alice = await t.client().login('alice');
    await alice.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:positive': 'true' }, span_annotations: [{ schema: 'evidence', name: 'pos', start: 0, end: 5 }] });
    await alice.post('/go_to', { action: 'next_instance' });
    const bob = await t.client().login('bob');
    await bob.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:negative': 'true' } });
    await bob.post('/updateinstance', { instance_id: 'b', annotations: { 'note:text': 'fine' } });
    await t.client().login('carol'); // an account with no list yet
  });

  it('/admin/user_state/<user>: phase, current instance, assignments and annotations by instance', async () => {
    const r = await t.admin().get('/admin/user_state/alice');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      user_id: 'alice',
      phase: 'UserPhase.ANNOTATION',
      current_instance: { id: 'b', text: 'Beta text', displayed_text: 'Beta text' },
      max_assignments: null,
      assignments: {
        total: 3,
        annotated: 1,
        remaining: 2,
        items: [
          { id: 'a', text: 'Alpha text', displayed_text: 'Alpha text', has_annotation: true },
          { id: 'b', text: 'Beta text', displayed_text: 'Beta text', has_annotation: false },
          { id: 'c', text: 'Gamma text', displayed_text: 'Gamma text', has_annotation: false },
        ],
      },
      annotations: { total_count: 1, by_instance: { a: { 'sentiment:positive': 'true', 'evidence:pos[0:5]': 'Alpha' } } },
      hints: { cached_hints: [] },
    });
    const carol = (await t.admin().get('/admin/user_state/carol')).body;
    expect(carol).toMatchObject({ user_id: 'carol', current_instance: null, assignments: { total: 0, items: [] }, annotations: { total_count: 0 } });
    const missing = await t.admin().get('/admin/user_state/nobody');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/User 'nobody' not found/);
  });

  it('/admin/system_state: totals, items by annotator count and each user', async () => {
    const r = await t.admin().get('/admin/system_state');
    expect(r.status).toBe(200);
    expect(r.body.system_state).toEqual({ total_users: 3, total_items: 3, total_annotations: 3, items_with_annotations: 2, items_by_annotator_count: { 1: 1, 2: 1 } });
    expect(r.body.users.bob).toEqual({ phase: 'UserPhase.ANNOTATION', annotations_count: 2, has_assignments: true, remaining_assignments: true });
    expect(r.body.users.carol).toEqual({ phase: 'UserPhase.ANNOTATION', annotations_count: 0, has_assignments: false, remaining_assignments: false });
    expect(r.body.config).toMatchObject({ debug_mode: false, annotation_task_name: 'Test task', max_annotations_per_user: 'Unlimited' });
    expect(r.body.config.annotation_schemes.map((s: { name: string }) => s.name)).toContain('sentiment');
  });

  it('/admin/all_instances and /admin/item_state (all, and one item)', async () => {
    const all = (await t.admin().get('/admin/all_instances')).body;
    expect(all).toEqual({ total_items: 3, items: ITEMS.map((i) => ({ ...i, displayed_text: i.text })) });
    const items = (await t.admin().get('/admin/item_state')).body;
    expect(items.items.map((i: { id: string; annotators: string[]; annotation_count: number }) => [i.id, i.annotators, i.annotation_count])).toEqual([
      ['a', ['alice', 'bob'], 2],
      ['b', ['bob'], 1],
      ['c', [], 0],
    ]);
    expect(items.summary).toEqual({ items_with_annotations: 2, items_without_annotations: 1, average_annotations_per_item: 1 });
    const one = await t.admin().get('/admin/item_state/a');
    expect(one.body).toEqual({
      item_id: 'a',
      text: 'Alpha text',
      displayed_text: 'Alpha text',
      annotators: ['alice', 'bob'],
      annotation_count: 2,
      annotations: { alice: { 'sentiment:positive': 'true', 'evidence:pos[0:5]': 'Alpha' }, bob: { 'sentiment:negative': 'true' } },
    });
    expect((await t.admin().get('/admin/item_state/zzz')).status).toBe(404);
  });

  it('keeps our admin rule: 401 without credentials, 403 with wrong ones, an admin user may read', async () => {
    const alice = await t.client().login('alice');
    const boss = await t.loginAdmin('boss');
    for (const path of ['/admin/user_state/alice', '/admin/system_state', '/admin/all_instances', '/admin/item_state', '/admin/item_state/a']) {
      expect((await t.client().get(path)).status, path).toBe(401);
      expect((await t.client({ 'x-api-key': 'wrong' }).get(path)).status, path).toBe(403);
      expect((await alice.get(path)).status, path).toBe(403);
      expect((await boss.get(path)).status, path).toBe(200);
    }
  });

  it('are described in the OpenAPI document', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    for (const path of ['/admin/user_state/{user_id}', '/admin/system_state', '/admin/all_instances', '/admin/item_state', '/admin/item_state/{item_id}', '/admin/health']) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
  });
});

describe("the read-outs' documented response schemas", () => {
  it('each read-out answers exactly what the OpenAPI document describes', async () => {
    const t = await startServer({ items: ITEMS });
    const alice = await t.client().login('alice');
    await alice.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:positive': 'true' }, span_annotations: [{ schema: 'evidence', name: 'pos', start: 0, end: 5 }] });
    const doc = (await t.client().get('/api/openapi.json')).body;
    const paths = { '/admin/user_state/alice': '/admin/user_state/{user_id}', '/admin/system_state': '/admin/system_state', '/admin/all_instances': '/admin/all_instances', '/admin/item_state': '/admin/item_state', '/admin/item_state/a': '/admin/item_state/{item_id}', '/admin/health': '/admin/health' };
    for (const [url, path] of Object.entries(paths)) {
      const schema = doc.paths[path].get.responses['200'].content['application/json'].schema;
      const body = (await t.admin().get(url)).body;
      const checked = z.fromJSONSchema(schema).safeParse(body);
      expect(checked.error?.issues ?? [], url).toEqual([]);
    }
  });
});
