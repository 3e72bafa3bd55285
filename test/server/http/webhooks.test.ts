/**
 * Webhooks end to end over real HTTP: the server on loopback, real receivers on 127.0.0.1, deliveries read back
 * through the admin API. A controllable clock walks the retry schedule without waiting minutes.
 */
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startServer, type TestServer } from '../../helpers/server.js';
import { sampleItems } from '../../helpers/project.js';
import { startReceiver, type Answer, type ReceivedRequest } from '../../helpers/webhook-receiver.js';
import { verify } from '../../helpers/webhook-receiver.js';
import { envelopeSchema } from '../../../server/http/webhook-events.js';

const SECRET = 'a text secret, as the seed signs with';
const STANDARD_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const statsOf = async (t: TestServer, name: string) => {
  const r = await t.admin().get('/admin/api/webhooks');
  expect(r.status).toBe(200);
  return r.body.endpoints.find((e: { name: string }) => e.name === name).stats;
};

const label = (instance: string, value: string) => ({
  instance_id: instance,
  annotations: { [`sentiment:${value}`]: 'true' },
});

describe('webhook deliveries', () => {
  it('sends each event signed to every subscribed active endpoint, exactly when and as often as it fires', async () => {
    const all = await startReceiver();
    const createdOnly = await startReceiver();
    const inactive = await startReceiver();
    const t = await startServer({
      items: sampleItems(2),
      config: {
        num_annotators_per_item: 2,
        webhooks: {
          enabled: true,
          endpoints: [
            { name: 'all', url: `${all.url}/hook`, secret: SECRET, events: ['*'] },
            { name: 'created-only', url: createdOnly.url, events: ['annotation.created'] },
            { name: 'off', url: inactive.url, events: ['*'], active: false },
          ],
        },
      },
    });
    const alice = await t.client().login('alice');
    const bob = await t.client().login('bob');
    expect((await alice.post('/updateinstance', label('item-1', 'positive'))).status).toBe(200);
    expect((await alice.post('/updateinstance', label('item-1', 'positive'))).status).toBe(200); // identical: nothing
    expect((await alice.post('/updateinstance', label('item-1', 'negative'))).status).toBe(200); // updated
    expect((await bob.post('/updateinstance', label('item-1', 'neutral'))).status).toBe(200); // created + fully annotated
    expect((await bob.post('/updateinstance', label('item-2', 'neutral'))).status).toBe(200);
    expect((await alice.post('/updateinstance', label('item-2', 'positive'))).status).toBe(200); // + item 2 full + task done
    expect((await alice.post('/updateinstance', label('item-2', 'negative'))).status).toBe(200); // updated; no second completion

    const expected = [
      'annotation.created',
      'annotation.updated',
      'annotation.created',
      'item.fully_annotated',
      'annotation.created',
      'annotation.created',
      'item.fully_annotated',
      'task.completed',
      'annotation.updated',
    ];
    await all.waitFor((r) => r.length >= expected.length);
    await createdOnly.waitFor((r) => r.length >= 4);
    await until(
      () => statsOf(t, 'all'),
      (s) => s.total_delivered === expected.length,
    );
    // nothing more arrives: the counts are exact
    expect(all.requests.map((r) => r.body.event_type).sort()).toEqual([...expected].sort());
    expect(createdOnly.requests.map((r) => r.body.event_type)).toEqual([
      'annotation.created',
      'annotation.created',
      'annotation.created',
      'annotation.created',
    ]);
    expect(inactive.requests).toHaveLength(0);

    for (const r of all.requests) {
      expect(r.method).toBe('POST');
      expect(r.path).toBe('/hook');
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.id).toMatch(/^msg_[0-9a-f]+$/);
      expect(Object.keys(r.body).sort()).toEqual(['data', 'event_id', 'event_type', 'task_name', 'timestamp']);
      expect(r.body.event_id).toMatch(/^evt_[0-9a-f]+$/);
      expect(r.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(r.body.task_name).toBe('Test task');
      const ok = verify(
        SECRET,
        'v1_hex',
        {
          id: r.id,
          timestamp: String(r.headers['webhook-timestamp']),
          signature: String(r.headers['webhook-signature']),
        },
        r.raw,
        Math.floor(Date.now() / 1000),
      );
      expect(ok, 'signature verifies').toBe(true);
      // the body the OpenAPI description's `webhooks` section gives for its type
      expect(envelopeSchema(r.body.event_type).safeParse(r.body).error, r.body.event_type).toBeUndefined();
    }
    expect(new Set(all.requests.map((r) => r.id)).size).toBe(all.requests.length);
    // unsigned endpoint: ids and timestamps but no signature
    expect(createdOnly.requests[0].headers['webhook-signature']).toBeUndefined();
    expect(createdOnly.requests[0].headers['webhook-id']).toMatch(/^msg_/);
    // one event to two endpoints: the same event_id, different webhook-ids
    const firstCreated = all.requests.find(
      (r) => r.body.event_type === 'annotation.created' && r.body.data.annotator_id === 'alice',
    )!;
    const twin = createdOnly.requests.find((r) => r.body.event_id === firstCreated.body.event_id)!;
    expect(twin.id).not.toBe(firstCreated.id);

    const byType = (type: string) => all.requests.filter((r) => r.body.event_type === type).map((r) => r.body.data);
    // deliveries are concurrent, so they may arrive out of order: alice's first answer is looked for, not taken first
    const aliceCreated = byType('annotation.created').find(
      (d) => d.annotator_id === 'alice' && d.instance_id === 'item-1',
    );
    expect(aliceCreated).toMatchObject({
      annotator_id: 'alice',
      instance_id: 'item-1',
      annotation: { sentiment: 'positive' },
      span_annotations: [],
    });
    expect(byType('annotation.updated')).toContainEqual(
      expect.objectContaining({ annotator_id: 'alice', instance_id: 'item-1', annotation: { sentiment: 'negative' } }),
    );
    const full = byType('item.fully_annotated').find((d) => d.instance_id === 'item-1')!;
    expect(full.annotator_count).toBe(2);
    expect(full.annotations).toEqual(
      expect.arrayContaining([
        { annotator_id: 'alice', sentiment: 'negative' },
        { annotator_id: 'bob', sentiment: 'neutral' },
      ]),
    );
    expect(byType('task.completed')[0]).toMatchObject({
      task_name: 'Test task',
      total_instances: 2,
      total_annotations: 4,
    });

    const stats = await t.admin().get('/admin/api/webhooks');
    expect(stats.body.endpoints.map((e: { name: string }) => e.name)).toEqual(['all', 'created-only', 'off']);
    expect(stats.body.endpoints[0]).toMatchObject({ url: `${all.url}/hook`, events: ['*'], active: true });
    expect(stats.body.endpoints[0].stats).toMatchObject({
      total_emitted: 9,
      total_delivered: 9,
      total_failed: 0,
      pending_retries: 0,
      last_failure: null,
      last_error: null,
    });
    expect(Date.parse(stats.body.endpoints[0].stats.last_success)).toBeGreaterThan(0);
    expect(stats.body.endpoints[2]).toMatchObject({ active: false, stats: { total_emitted: 0 } });
    expect(stats.text).not.toContain(SECRET);
    expect((await t.client().get('/admin/api/webhooks')).status).toBe(401);
    expect((await alice.get('/admin/api/webhooks')).status).toBe(403);
  });

  it('signs with signature_format: standard as the standardwebhooks library verifies', async () => {
    const receiver = await startReceiver();
    const t = await startServer({
      config: {
        webhooks: {
          endpoints: [
            {
              name: 'std',
              url: receiver.url,
              secret: STANDARD_SECRET,
              events: ['annotation.created'],
              signature_format: 'standard',
            },
          ],
        },
      },
    });
    const alice = await t.client().login('alice');
    await alice.post('/updateinstance', label('item-1', 'positive'));
    const [request] = await receiver.waitFor((r) => r.length === 1);
    const payload = new Webhook(STANDARD_SECRET).verify(request.raw, request.headers as Record<string, string>);
    expect(payload).toMatchObject({ event_type: 'annotation.created', data: { annotator_id: 'alice' } });
  });

  it('answers annotators while the receiver hangs; a timeout is a failed attempt', async () => {
    const receiver = await startReceiver(() => 'hang');
    const t = await startServer({
      config: {
        webhooks: {
          endpoints: [{ name: 'slow', url: receiver.url, events: ['annotation.created'], timeout: 1, max_retries: 1 }],
        },
      },
    });
    const alice = await t.client().login('alice');
    for (let i = 1; i <= 5; i++) {
      expect((await alice.post('/updateinstance', label(`item-${i}`, 'positive'))).status).toBe(200);
    }
    // every answer came back although the receiver had not answered the deliveries those submissions caused
    await receiver.waitFor((r) => r.length === 5);
    expect(receiver.requests.every((r) => r.answered === undefined)).toBe(true);
    const stats = await until(
      () => statsOf(t, 'slow'),
      (s) => s.total_failed === 5,
      15_000,
    );
    expect(stats).toMatchObject({
      total_emitted: 5,
      total_delivered: 0,
      pending_retries: 0,
      last_success: null,
      last_error: 'timeout: no response within 1 s',
    });
    const list = await t.admin().get('/admin/api/webhooks/deliveries?state=failed');
    expect(list.body.total).toBe(5);
    expect(list.body.deliveries[0].attempts).toEqual([
      expect.objectContaining({ status: null, error: 'timeout: no response within 1 s' }),
    ]);
    expect(list.body.deliveries[0].attempts[0].duration_ms).toBeGreaterThanOrEqual(900);
  });

  it('counts 2xx as delivered and 3xx (not followed), 4xx and 5xx as failed, recording status and duration', async () => {
    const statuses: Record<string, number> = { '/ok': 204, '/moved': 302, '/gone': 410, '/broken': 503 };
    const receiver = await startReceiver((r): Answer => ({
      status: statuses[r.path],
      headers: statuses[r.path] === 302 ? { location: '/ok' } : {},
    }));
    const endpoints = Object.keys(statuses).map((path) => ({
      name: path.slice(1),
      url: receiver.url + path,
      events: ['annotation.created'],
      max_retries: 1,
    }));
    const t = await startServer({ config: { webhooks: { endpoints } } });
    await (await t.client().login('alice')).post('/updateinstance', label('item-1', 'positive'));
    await until(
      () => t.admin().get('/admin/api/webhooks'),
      (r) => r.body.endpoints.every((e: any) => e.stats.total_delivered + e.stats.total_failed === 1),
    );
    const stats = Object.fromEntries(
      (await t.admin().get('/admin/api/webhooks')).body.endpoints.map((e: any) => [e.name, e.stats]),
    );
    expect(stats.ok).toMatchObject({ total_delivered: 1, total_failed: 0, last_error: null });
    expect(stats.moved).toMatchObject({
      total_delivered: 0,
      total_failed: 1,
      last_error: 'HTTP 302: redirect not followed',
    });
    expect(stats.gone).toMatchObject({ total_failed: 1, last_error: 'HTTP 410' });
    expect(stats.broken).toMatchObject({ total_failed: 1, last_error: 'HTTP 503' });
    // the redirect was not followed: /ok got exactly its own delivery
    expect(receiver.requests.filter((r) => r.path === '/ok')).toHaveLength(1);
    const moved = await t.admin().get('/admin/api/webhooks/deliveries?endpoint=moved');
    expect(moved.body.deliveries[0]).toMatchObject({
      state: 'failed',
      event_type: 'annotation.created',
      attempts: [{ status: 302, error: 'redirect not followed' }],
    });
    expect((await t.admin().get('/admin/api/webhooks/deliveries?state=lost')).status).toBe(400);
  });

  it('walks the retry schedule on a controllable clock, with the same webhook-id, to permanent failure', async () => {
    const clock = {
      t: Date.UTC(2026, 10, 22, 12, 0, 0),
      now() {
        return this.t;
      },
    };
    const receiver = await startReceiver(() => ({ status: 500 }));
    const t = await startServer({
      options: { clock },
      config: {
        webhooks: {
          endpoints: [
            { name: 'flaky', url: receiver.url, secret: SECRET, events: ['annotation.created'], max_retries: 4 },
          ],
        },
      },
    });
    const outbox = t.server.services.outbox;
    await (await t.client().login('alice')).post('/updateinstance', label('item-1', 'positive'));
    await receiver.waitFor((r) => r.length === 1);
    expect(
      await until(
        () => statsOf(t, 'flaky'),
        (s) => s.pending_retries === 1,
      ),
    ).toMatchObject({
      total_emitted: 1,
      total_failed: 0,
      last_error: 'HTTP 500',
      last_failure: new Date(clock.t).toISOString(),
    });
    expect((await t.admin().get('/admin/health')).body.pending_webhook_retries).toBe(1);

    for (const [attempt, delaySeconds] of [
      [2, 5],
      [3, 30],
      [4, 300],
    ] as const) {
      clock.t += delaySeconds * 1000 - 1; // not yet
      outbox.dispatch();
      await new Promise((r) => setTimeout(r, 100));
      expect(receiver.requests, `attempt ${attempt} waits ${delaySeconds} s`).toHaveLength(attempt - 1);
      clock.t += 1;
      outbox.dispatch();
      await receiver.waitFor((r) => r.length === attempt);
      const stats = await until(
        () => statsOf(t, 'flaky'),
        (s) => (attempt < 4 ? s.pending_retries === 1 : s.total_failed === 1),
      );
      if (attempt < 4) expect(stats).toMatchObject({ total_failed: 0, pending_retries: 1 });
      else
        expect(stats).toMatchObject({
          total_emitted: 1,
          total_delivered: 0,
          total_failed: 1,
          pending_retries: 0,
          last_success: null,
          last_error: 'HTTP 500',
        });
    }
    const ids = new Set(receiver.requests.map((r: ReceivedRequest) => r.id));
    expect(ids.size).toBe(1);
    expect(receiver.requests.map((r) => Number(r.headers['webhook-timestamp']))).toEqual(
      [0, 5, 35, 335].map((s) => Math.floor(Date.UTC(2026, 10, 22, 12, 0, 0) / 1000) + s),
    );
    // each attempt signed with its own timestamp over the same body
    for (const r of receiver.requests) {
      expect(
        verify(
          SECRET,
          'v1_hex',
          {
            id: r.id,
            timestamp: String(r.headers['webhook-timestamp']),
            signature: String(r.headers['webhook-signature']),
          },
          r.raw,
          Number(r.headers['webhook-timestamp']),
        ),
      ).toBe(true);
      expect(r.raw).toBe(receiver.requests[0].raw);
    }
    clock.t += 7200_000;
    outbox.dispatch();
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.requests).toHaveLength(4);
  });

  it('sends user.phase_completed and quality.attention_check_failed when those features raise them', async () => {
    const receiver = await startReceiver();
    const t = await startServer({
      items: sampleItems(4),
      files: {
        'attention.jsonl':
          ['attn-1', 'attn-2']
            .map((id) =>
              JSON.stringify({
                id,
                text: 'Attention check: choose "negative".',
                expected_answer: { sentiment: 'negative' },
              }),
            )
            .join('\n') + '\n',
      },
      config: {
        phases: { order: ['consent', 'annotation'], consent: { content: 'You agree.' } },
        attention_checks: {
          enabled: true,
          items_file: 'attention.jsonl',
          frequency: 2,
          failure_handling: { warn_threshold: 1, block_threshold: 2 },
        },
        webhooks: {
          endpoints: [
            { name: 'qc', url: receiver.url, events: ['user.phase_completed', 'quality.attention_check_failed'] },
          ],
        },
      },
    });
    const bob = await t.client().login('bob');
    expect((await bob.post('/api/phase/complete', { answers: { agree: true } })).status).toBe(200);
    const [phase] = await receiver.waitFor((r) => r.length === 1);
    expect(phase.body).toMatchObject({
      event_type: 'user.phase_completed',
      data: { annotator_id: 'bob', phase: 'consent', next_phase: 'annotation', completed_at: expect.any(String) },
    });

    expect((await bob.get('/api/current_instance')).status).toBe(200);
    expect((await bob.post('/updateinstance', label('attn-1', 'negative'))).status).toBe(200); // passed: nothing
    expect((await bob.post('/updateinstance', label('attn-2', 'positive'))).status).toBe(200); // failed once
    await receiver.waitFor((r) => r.length === 2);
    expect(receiver.requests[1].body).toMatchObject({
      event_type: 'quality.attention_check_failed',
      data: { annotator_id: 'bob', instance_id: 'attn-2', failures: 1, blocked: false },
    });
    await until(
      () => statsOf(t, 'qc'),
      (s) => s.total_delivered === 2,
    );
    expect(receiver.requests).toHaveLength(2);
  });

  it('fires webhook.test at the named endpoint whatever it subscribes to', async () => {
    const receiver = await startReceiver();
    const t = await startServer({
      config: {
        webhooks: { endpoints: [{ name: 'quiet', url: receiver.url, secret: SECRET, events: ['task.completed'] }] },
      },
    });
    const admin = t.admin();
    const fired = await admin.post('/admin/api/webhooks/test', { endpoint_name: 'quiet' });
    expect(fired.status).toBe(200);
    expect(fired.body).toEqual({ status: 'sent', event_id: expect.stringMatching(/^evt_/) });
    const [request] = await receiver.waitFor((r) => r.length === 1);
    expect(request.body).toMatchObject({
      event_id: fired.body.event_id,
      event_type: 'webhook.test',
      task_name: 'Test task',
      data: { endpoint: 'quiet', message: expect.any(String) },
    });
    const unknown = await admin.post('/admin/api/webhooks/test', { endpoint_name: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain('nope');
    expect((await admin.post('/admin/api/webhooks/test', {})).status).toBe(400);
    expect((await admin.post('/admin/api/webhooks/test', { endpoint_name: '' })).status).toBe(400);
    expect((await t.client().post('/admin/api/webhooks/test', { endpoint_name: 'quiet' })).status).toBe(401);
    expect(receiver.requests).toHaveLength(1);
  });

  it('plans nothing while webhooks are disabled, from the config or at runtime', async () => {
    const receiver = await startReceiver();
    const t = await startServer({
      config: {
        webhooks: { enabled: false, endpoints: [{ name: 'e', url: receiver.url, events: ['annotation.created'] }] },
      },
    });
    const alice = await t.client().login('alice');
    await alice.post('/updateinstance', label('item-1', 'positive'));
    expect((await t.admin().get('/admin/api/webhooks')).body).toMatchObject({
      enabled: false,
      endpoints: [{ stats: { total_emitted: 0 } }],
    });
    const on = await t.admin().post('/admin/api/config', { 'webhooks.enabled': true });
    expect(on.status).toBe(200);
    await alice.post('/updateinstance', label('item-2', 'positive'));
    await receiver.waitFor((r) => r.length === 1);
    expect(receiver.requests[0].body.data.instance_id).toBe('item-2');
    await t.admin().post('/admin/api/config', { 'webhooks.enabled': false });
    await alice.post('/updateinstance', label('item-3', 'positive'));
    expect((await t.admin().get('/admin/api/webhooks')).body.endpoints[0].stats.total_emitted).toBe(1);
  });

  it('keeps pending retries and stats across a restart, then delivers with the same webhook-id', async () => {
    let failing = true;
    const receiver = await startReceiver(() => ({ status: failing ? 503 : 200 }));
    const spec = {
      config: {
        webhooks: {
          retry_schedule_seconds: [0, 0.3],
          endpoints: [{ name: 'e', url: receiver.url, events: ['annotation.created'] }],
        },
      },
    };
    const t = await startServer(spec);
    await (await t.client().login('alice')).post('/updateinstance', label('item-1', 'positive'));
    await until(
      () => statsOf(t, 'e'),
      (s) => s.pending_retries === 1,
    );
    await t.close(); // before the retry is due
    const attemptsBefore = receiver.requests.length;
    failing = false;
    const again = await t.restart();
    await receiver.waitFor((r) => r.some((x) => x.answered === 200));
    const stats = await until(
      () => statsOf(again, 'e'),
      (s) => s.total_delivered === 1,
    );
    expect(stats).toMatchObject({ total_emitted: 1, total_failed: 0, pending_retries: 0, last_error: 'HTTP 503' });
    expect(stats.last_failure).not.toBeNull();
    expect(new Set(receiver.requests.map((r) => r.id)).size).toBe(1);
    expect(receiver.requests.length).toBe(attemptsBefore + 1);
  });

  it('completes an instance once, also across a restart', async () => {
    const receiver = await startReceiver();
    const spec = {
      items: sampleItems(3),
      config: {
        num_annotators_per_item: 1,
        webhooks: { endpoints: [{ name: 'e', url: receiver.url, events: ['item.fully_annotated'] }] },
      },
    };
    const t = await startServer(spec);
    await (await t.client().login('alice')).post('/updateinstance', label('item-1', 'positive'));
    await until(
      () => statsOf(t, 'e'),
      (s) => s.total_delivered === 1,
    );
    await t.close();
    const again = await t.restart();
    const alice = await again.client().login('alice');
    expect((await alice.post('/updateinstance', label('item-1', 'negative'))).status).toBe(200); // changed, not completed again
    expect((await alice.post('/updateinstance', label('item-2', 'negative'))).status).toBe(200);
    await until(
      () => statsOf(again, 'e'),
      (s) => s.total_delivered === 2,
    );
    expect(receiver.requests.map((r) => (r.body as { data: { instance_id: string } }).data.instance_id)).toEqual([
      'item-1',
      'item-2',
    ]);
  });
});
