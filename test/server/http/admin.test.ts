import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { sampleItems } from '../../helpers/project.js';

const ADMIN_GETS = [
  '/admin/health',
  '/admin/api/overview',
  '/admin/api/annotators',
  '/admin/api/instances',
  '/admin/api/config',
  '/admin/api/quality_control',
  '/admin/api/timeline',
];

describe('admin access', () => {
  it('answers 401 without credentials, 403 with a wrong key or a non-admin session, 200 for the key or an admin user', async () => {
    const t = await startServer({ config: { admin_users: ['boss'] } });
    const anonymous = t.client();
    const wrongKey = t.client({ 'x-api-key': 'not-the-key' });
    const annotator = await t.client().login('alice');
    const boss = await t.loginAdmin('boss');
    for (const path of ADMIN_GETS) {
      const none = await anonymous.get(path);
      expect(none.status, path).toBe(401);
      expect(none.body.error, path).toMatch(/admin/i);
      expect((await wrongKey.get(path)).status, path).toBe(403);
      expect((await annotator.get(path)).status, path).toBe(403);
      expect((await t.admin().get(path)).status, path).toBe(200);
      expect((await boss.get(path)).status, path).toBe(200);
    }
    expect((await annotator.post('/admin/api/config', { annotation_task_name: 'x' })).status).toBe(403);
  });
});

describe('progress endpoints', () => {
  it('derives overview, annotators and instances from what was submitted', async () => {
    const t = await startServer({ items: sampleItems(6), config: { num_annotators_per_item: 2 } });
    const alice = await t.client().login('alice');
    const bob = await t.client().login('bob');
    await t.client().login('carol'); // an account that has done nothing yet
    for (const id of ['item-1', 'item-2', 'item-3']) {
      expect(
        (await alice.post('/updateinstance', { instance_id: id, annotations: { 'sentiment:positive': 'true' } }))
          .status,
      ).toBe(200);
    }
    for (const id of ['item-1', 'item-2']) {
      expect(
        (await bob.post('/updateinstance', { instance_id: id, annotations: { 'sentiment:negative': 'true' } })).status,
      ).toBe(200);
    }

    const overview = (await t.admin().get('/admin/api/overview')).body;
    // Potato's `overview` and `config` objects come beside these (potato-admin.test.ts)
    expect(overview).toMatchObject({
      total_items: 6,
      total_annotations: 5,
      total_users: 3,
      completion_rate: 0.3333,
      completed_items: 2,
      per_annotator: { alice: 3, bob: 2, carol: 0 },
    });

    const annotators = (await t.admin().get('/admin/api/annotators')).body.annotators;
    const alicesRow = annotators.find((a: { username: string }) => a.username === 'alice');
    expect(alicesRow).toMatchObject({
      username: 'alice',
      annotated: 3,
      attention_checks: { passed: 0, failed: 0 },
      gold_accuracy: null,
      blocked: false,
    });
    expect(alicesRow.assigned).toBeGreaterThanOrEqual(3);
    expect(alicesRow.completion_rate).toBeCloseTo(3 / alicesRow.assigned, 3);
    expect(typeof alicesRow.last_activity).toBe('string');
    expect(annotators.find((a: { username: string }) => a.username === 'carol')).toMatchObject({
      annotated: 0,
      last_activity: null,
    });

    const completed = (await t.admin().get('/admin/api/instances?status=completed')).body;
    expect(completed.total).toBe(2);
    expect(completed.instances.map((i: { instance_id: string }) => i.instance_id)).toEqual(['item-1', 'item-2']);
    expect(completed.instances[0]).toMatchObject({
      annotation_count: 2,
      required_count: 2,
      status: 'completed',
      annotators: ['alice', 'bob'],
    });
    const inProgress = (await t.admin().get('/admin/api/instances?status=in_progress')).body;
    expect(inProgress.instances.map((i: { instance_id: string }) => i.instance_id)).toEqual(['item-3']);
    const page = (await t.admin().get('/admin/api/instances?limit=2&offset=4')).body;
    expect(page.total).toBe(6);
    expect(page.instances.map((i: { instance_id: string }) => i.instance_id)).toEqual(['item-5', 'item-6']);
    expect(page.instances[0].text_preview).toContain('Item 5');

    const ids = async (query: string) =>
      (await t.admin().get(`/admin/api/instances?${query}`)).body.instances.map(
        (i: { instance_id: string }) => i.instance_id,
      );
    // most annotated first; rows that tie keep the task's order
    expect(await ids('order=-annotations')).toEqual(['item-1', 'item-2', 'item-3', 'item-4', 'item-5', 'item-6']);
    expect(await ids('order=annotations')).toEqual(['item-4', 'item-5', 'item-6', 'item-3', 'item-1', 'item-2']);
    expect(await ids('order=-id&limit=2')).toEqual(['item-6', 'item-5']);
    expect(await ids('q=ITEM 5')).toEqual(['item-5']);
    expect((await t.admin().get('/admin/api/instances?q=item-&status=completed&order=-id')).body).toMatchObject({
      total: 2,
      instances: [{ instance_id: 'item-2' }, { instance_id: 'item-1' }],
    });
  });

  it('refuses a bad status, limit or offset with 400 naming the parameter', async () => {
    const t = await startServer();
    for (const [query, field] of [
      ['status=done', 'status'],
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=ten', 'limit'],
      ['offset=-1', 'offset'],
      ['order=text', 'order'],
    ]) {
      const r = await t.admin().get(`/admin/api/instances?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error, query).toContain(field);
    }
  });

  it('reports health with version, uptime and storage state', async () => {
    const t = await startServer();
    const health = (await t.admin().get('/admin/health')).body;
    expect(health).toMatchObject({ status: 'healthy', storage: 'ok', pending_webhook_retries: 0 });
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(health.uptime_seconds).toBeGreaterThanOrEqual(0);
  });
});

describe('timeline', () => {
  it('shows annotations and completed items over time from the stored timestamps, across a restart', async () => {
    const clock = {
      t: Date.parse('2026-11-22T09:30:00Z'),
      now() {
        return this.t;
      },
    };
    let t = await startServer({ items: sampleItems(3), config: { num_annotators_per_item: 1 }, options: { clock } });
    const alice = await t.client().login('alice');
    await alice.post('/updateinstance', { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } });
    clock.t += 2 * 3600_000;
    await alice.post('/updateinstance', { instance_id: 'item-2', annotations: { 'sentiment:negative': 'true' } });
    const expected = {
      bucket: 'hour',
      points: [
        { time: '2026-11-22T09:00:00.000Z', annotations: 1, completed_items: 1 },
        { time: '2026-11-22T10:00:00.000Z', annotations: 1, completed_items: 1 },
        { time: '2026-11-22T11:00:00.000Z', annotations: 2, completed_items: 2 },
      ],
    };
    expect((await t.admin().get('/admin/api/timeline')).body).toEqual(expected);
    t = await t.restart();
    expect((await t.admin().get('/admin/api/timeline')).body).toEqual(expected);

    // after the first report, later submissions are counted as they happen; a changed answer is not a new one
    const again = await t.client().login('alice');
    clock.t += 3600_000;
    await again.post('/updateinstance', { instance_id: 'item-2', annotations: { 'sentiment:neutral': 'true' } });
    await again.post('/updateinstance', { instance_id: 'item-3', annotations: { 'sentiment:neutral': 'true' } });
    const later = (await t.admin().get('/admin/api/timeline')).body;
    expect(later.points.at(-1)).toEqual({ time: '2026-11-22T12:00:00.000Z', annotations: 3, completed_items: 3 });
  });
});

describe('config', () => {
  it('shows the effective config with every secret redacted', async () => {
    const t = await startServer({
      config: {
        admin_api_key: 'config-admin-key-123',
        user_config: { allow_all_users: true, users: [{ username: 'zed', password: 'zeds-password' }] },
        ai_support: { enabled: true, ai_config: { api_key: 'sk-live-abc' } },
      },
    });
    const config = await t.admin().get('/admin/api/config');
    expect(config.status).toBe(200);
    expect(config.body.annotation_task_name).toBe('Test task');
    expect(config.body.admin_api_key).toBe('***');
    expect(config.body.user_config.users[0]).toEqual({ username: 'zed', password: '***' });
    expect(config.body.ai_support.ai_config.api_key).toBe('***');
    for (const secret of ['config-admin-key-123', 'zeds-password', 'sk-live-abc', t.adminKey])
      expect(config.text).not.toContain(secret);
  });

  it('applies accepted changes at once and keeps them across a restart', async () => {
    let t = await startServer({ items: sampleItems(5) });
    const update = await t.admin().post('/admin/api/config', {
      annotation_task_name: 'Renamed',
      max_annotations_per_user: 2,
      assignment_strategy: 'random',
      webhooks: { enabled: false },
      'ai_support.enabled': false,
    });
    expect(update.status).toBe(200);
    expect(update.body).toEqual({
      status: 'success',
      updated: [
        'annotation_task_name',
        'max_annotations_per_user',
        'assignment_strategy',
        'webhooks.enabled',
        'ai_support.enabled',
      ],
      updated_fields: [
        'annotation_task_name',
        'max_annotations_per_user',
        'assignment_strategy',
        'webhooks.enabled',
        'ai_support.enabled',
      ],
    });
    const alice = await t.client().login('alice');
    expect((await alice.get('/api/current_instance')).body.total_instances).toBe(2); // the cap applies to new lists at once
    t = await t.restart();
    const config = (await t.admin().get('/admin/api/config')).body;
    expect((await t.admin().post('/admin/api/config', { max_annotations_per_item: 3 })).body).toEqual({
      status: 'success',
      updated: ['num_annotators_per_item'],
      updated_fields: ['max_annotations_per_item'],
    });
    expect((await t.admin().get('/admin/api/config')).body.num_annotators_per_item).toBe(3);
    expect(config).toMatchObject({
      annotation_task_name: 'Renamed',
      max_annotations_per_user: 2,
      assignment_strategy: 'random',
      webhooks: { enabled: false },
      ai_support: { enabled: false },
    });
  });

  it('refuses unknown settings and bad values with 400 naming the setting, changing nothing', async () => {
    const t = await startServer();
    for (const [body, name] of [
      [{ colour: 'red' }, 'colour'],
      [{ num_annotators_per_item: 0 }, 'num_annotators_per_item'],
      [{ num_annotators_per_item: 'two' }, 'num_annotators_per_item'],
      [{ assignment_strategy: 'alphabetical' }, 'assignment_strategy'],
      [{ 'webhooks.enabled': 'yes please' }, 'webhooks.enabled'],
      [{ annotation_task_name: '' }, 'annotation_task_name'],
      [{ annotation_task_name: 'ok', bogus: 1 }, 'bogus'],
    ] as const) {
      const r = await t.admin().post('/admin/api/config', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toContain(name);
    }
    expect((await t.admin().post('/admin/api/config', {})).status).toBe(400);
    // Potato's older name of num_annotators_per_item, checked alike and named as sent
    const older = await t.admin().post('/admin/api/config', { max_annotations_per_item: 0 });
    expect([older.status, older.body.error]).toEqual([400, expect.stringMatching(/^max_annotations_per_item: /)]);
    expect((await t.admin().get('/admin/api/config')).body.annotation_task_name).toBe('Test task');
  });
});
