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
    await alice.post('/updateinstance', {
      instance_id: 'a',
      annotations: { 'sentiment:positive': 'true' },
      span_annotations: [{ schema: 'evidence', name: 'pos', start: 0, end: 5 }],
    });
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
      annotations: {
        total_count: 1,
        by_instance: { a: { 'sentiment:positive': 'true', 'evidence:pos[0:5]': 'Alpha' } },
      },
      hints: { cached_hints: [] },
    });
    const carol = (await t.admin().get('/admin/user_state/carol')).body;
    expect(carol).toMatchObject({
      user_id: 'carol',
      current_instance: null,
      assignments: { total: 0, items: [] },
      annotations: { total_count: 0 },
    });
    const missing = await t.admin().get('/admin/user_state/nobody');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/User 'nobody' not found/);
  });

  it('/admin/system_state: totals, items by annotator count and each user', async () => {
    const r = await t.admin().get('/admin/system_state');
    expect(r.status).toBe(200);
    expect(r.body.system_state).toEqual({
      total_users: 3,
      total_items: 3,
      total_annotations: 3,
      items_with_annotations: 2,
      items_by_annotator_count: { 1: 1, 2: 1 },
    });
    expect(r.body.users.bob).toEqual({
      phase: 'UserPhase.ANNOTATION',
      annotations_count: 2,
      has_assignments: true,
      remaining_assignments: true,
    });
    expect(r.body.users.carol).toEqual({
      phase: 'UserPhase.ANNOTATION',
      annotations_count: 0,
      has_assignments: false,
      remaining_assignments: false,
    });
    expect(r.body.config).toMatchObject({
      debug_mode: false,
      annotation_task_name: 'Test task',
      max_annotations_per_user: 'Unlimited',
    });
    expect(r.body.config.annotation_schemes.map((s: { name: string }) => s.name)).toContain('sentiment');
  });

  it('/admin/all_instances and /admin/item_state (all, and one item)', async () => {
    const all = (await t.admin().get('/admin/all_instances')).body;
    expect(all).toEqual({ total_items: 3, items: ITEMS.map((i) => ({ ...i, displayed_text: i.text })) });
    const items = (await t.admin().get('/admin/item_state')).body;
    expect(
      items.items.map((i: { id: string; annotators: string[]; annotation_count: number }) => [
        i.id,
        i.annotators,
        i.annotation_count,
      ]),
    ).toEqual([
      ['a', ['alice', 'bob'], 2],
      ['b', ['bob'], 1],
      ['c', [], 0],
    ]);
    expect(items.summary).toEqual({
      items_with_annotations: 2,
      items_without_annotations: 1,
      average_annotations_per_item: 1,
    });
    const one = await t.admin().get('/admin/item_state/a');
    expect(one.body).toEqual({
      item_id: 'a',
      text: 'Alpha text',
      displayed_text: 'Alpha text',
      annotators: ['alice', 'bob'],
      annotation_count: 2,
      annotations: {
        alice: { 'sentiment:positive': 'true', 'evidence:pos[0:5]': 'Alpha' },
        bob: { 'sentiment:negative': 'true' },
      },
    });
    expect((await t.admin().get('/admin/item_state/zzz')).status).toBe(404);
  });

  it("/admin/health: Potato's managers and config beside ours", async () => {
    const health = (await t.admin().get('/admin/health')).body;
    expect(health).toMatchObject({
      status: 'healthy',
      managers: { user_state_manager: 'available', item_state_manager: 'available' },
      config: { debug_mode: false, annotation_task_name: 'Test task' },
    });
  });

  it("/admin/api/overview: Potato's overview and config objects beside our fields", async () => {
    const r = (await t.admin().get('/admin/api/overview')).body;
    expect(r).toMatchObject({ total_items: 3, total_annotations: 3, total_users: 3 });
    expect(r.overview).toEqual({
      total_users: 3,
      active_users: 3,
      completed_users: 0,
      total_annotations: 3,
      total_items: 3,
      items_with_annotations: 2,
      completion_percentage: 66.7,
      total_assignments: 3,
      total_working_time: null,
      average_annotations_per_item: 1,
    });
    expect(r.config).toMatchObject({
      annotation_task_name: 'Test task',
      max_annotations_per_user: 'Unlimited',
      debug_mode: false,
    });
  });

  it("/admin/api/annotators: Potato's fields per annotator, timing null, and the totals", async () => {
    const r = (await t.admin().get('/admin/api/annotators')).body;
    expect(r.total_annotators).toBe(3);
    expect(r.summary).toMatchObject({ high_suspicious_count: 0, normal_count: 0, average_suspicious_score: null });
    const bob = r.annotators.find((a: { user_id: string }) => a.user_id === 'bob');
    expect(bob).toMatchObject({
      username: 'bob',
      annotated: 2,
      user_id: 'bob',
      total_annotations: 2,
      completion_percentage: 66.7,
      phase: 'UserPhase.ANNOTATION',
      has_assignments: true,
      remaining_assignments: true,
      total_seconds: null,
      suspicious_score: null,
    });
  });

  it("/admin/api/instances: Potato's fields, pagination and summary; page, sort_by and filter_completion", async () => {
    const ours = (await t.admin().get('/admin/api/instances?limit=2')).body;
    expect(ours.total).toBe(3);
    expect(ours.instances.map((i: { instance_id: string; id: string }) => [i.instance_id, i.id])).toEqual([
      ['a', 'a'],
      ['b', 'b'],
    ]);
    expect(ours.instances[0]).toMatchObject({
      annotation_count: 2,
      status: 'completed',
      completion_percentage: 100,
      most_frequent_label: 'positive',
      label_disagreement: 0.5,
    });
    expect(ours.pagination).toEqual({
      page: 1,
      page_size: 2,
      total_instances: 3,
      total_pages: 2,
      has_next: true,
      has_prev: false,
    });
    expect(ours.summary).toEqual({
      completed_instances: 2,
      incomplete_instances: 1,
      average_annotations_per_instance: 1,
      average_disagreement: 0.17,
    });

    const paged = (
      await t.admin().get('/admin/api/instances?page=2&page_size=1&sort_by=annotation_count&sort_order=desc')
    ).body;
    expect(paged.instances.map((i: { id: string }) => i.id)).toEqual(['b']);
    expect(paged.pagination).toEqual({
      page: 2,
      page_size: 1,
      total_instances: 3,
      total_pages: 3,
      has_next: true,
      has_prev: true,
    });
    const byId = (await t.admin().get('/admin/api/instances?sort_by=id&sort_order=desc')).body;
    expect(byId.instances.map((i: { id: string }) => i.id)).toEqual(['c', 'b', 'a']);
    expect(byId.instances[0]).toMatchObject({ instance_id: 'c', status: 'unannotated' });
    const open = (await t.admin().get('/admin/api/instances?filter_completion=incomplete')).body;
    expect(open.instances.map((i: { id: string }) => i.id)).toEqual(['c']);
    const bad = await t.admin().get('/admin/api/instances?sort_by=colour');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/sort_by/);
  });

  it('keeps our admin rule: 401 without credentials, 403 with wrong ones, an admin user may read', async () => {
    const alice = await t.client().login('alice');
    const boss = await t.loginAdmin('boss');
    for (const path of [
      '/admin/user_state/alice',
      '/admin/system_state',
      '/admin/all_instances',
      '/admin/item_state',
      '/admin/item_state/a',
    ]) {
      expect((await t.client().get(path)).status, path).toBe(401);
      expect((await t.client({ 'x-api-key': 'wrong' }).get(path)).status, path).toBe(403);
      expect((await alice.get(path)).status, path).toBe(403);
      expect((await boss.get(path)).status, path).toBe(200);
    }
  });

  it('are described in the OpenAPI document', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    for (const path of [
      '/admin/user_state/{user_id}',
      '/admin/system_state',
      '/admin/all_instances',
      '/admin/item_state',
      '/admin/item_state/{item_id}',
      '/admin/health',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
  });
});

describe("the read-outs' documented response schemas", () => {
  it('each read-out answers exactly what the OpenAPI document describes', async () => {
    const t = await startServer({ items: ITEMS });
    const alice = await t.client().login('alice');
    await alice.post('/updateinstance', {
      instance_id: 'a',
      annotations: { 'sentiment:positive': 'true' },
      span_annotations: [{ schema: 'evidence', name: 'pos', start: 0, end: 5 }],
    });
    const doc = (await t.client().get('/api/openapi.json')).body;
    const paths = {
      '/admin/user_state/alice': '/admin/user_state/{user_id}',
      '/admin/system_state': '/admin/system_state',
      '/admin/all_instances': '/admin/all_instances',
      '/admin/item_state': '/admin/item_state',
      '/admin/item_state/a': '/admin/item_state/{item_id}',
      '/admin/health': '/admin/health',
    };
    for (const [url, path] of Object.entries(paths)) {
      const schema = doc.paths[path].get.responses['200'].content['application/json'].schema;
      const body = (await t.admin().get(url)).body;
      const checked = z.fromJSONSchema(schema).safeParse(body);
      expect(checked.error?.issues ?? [], url).toEqual([]);
    }
  });
});
