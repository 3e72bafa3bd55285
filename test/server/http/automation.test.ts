/**
 * Potato's automation rules over real HTTP: a rule fires on an ingested trace (a dataset version, the triage order,
 * an evaluator's outcome), sampling at 0 and 1, a condition that does not match, a webhook to a real receiver on
 * 127.0.0.1 sent once and not again after a restart, counters that read the same after it, and the read-outs
 * admin only; the fast actions done before an ingestion answers, a slow webhook after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import { startReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.js';

const items = [
  { id: 'f1', text: 'from the data file', status: 'error', output: 'x', reference: 'x' },
  { id: 'f2', text: 'a calm one', status: 'success' },
];
const trace = (id: string, status: string) => ({
  id,
  task_description: `task ${id}`,
  trace: [{ speaker: 'Agent', text: 'done' }],
  status,
});

describe('automation rules', () => {
  let t: TestServer;
  let receiver: WebhookReceiver;
  const automation = () => ({
    enabled: true,
    rules: [
      {
        name: 'route-errors',
        when: { field: 'status', in: ['error', 'failed'] },
        actions: [
          { type: 'add_to_queue', priority: 500, reason: 'Agent errored' },
          { type: 'add_to_dataset', dataset: 'errors-to-fix' },
          { type: 'run_evaluator', evaluator: 'exact_match' },
          { type: 'run_evaluator', evaluator: 'answer_relevance' },
          { type: 'fire_webhook', url: `${receiver.url}/hook`, headers: { 'x-hook-token': 'tok-s3cret' } },
          { type: 'notify', message: 'new error' },
        ],
      },
      { name: 'never', sample_rate: 0, actions: [{ type: 'add_to_dataset', dataset: 'never' }] },
      { name: 'always', sample_rate: 1, actions: [{ type: 'add_to_dataset', dataset: 'everything' }] },
    ],
  });

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startServer({
      items,
      config: {
        trace_ingestion: { enabled: true },
        triage: { enabled: true, rules: [] },
        datasets: { enabled: true },
        automation: automation(),
      },
    });
  });
  afterAll(() => receiver.close());

  const settle = async (s: TestServer) => {
    await s.server.services.automation.idle();
  };

  it('runs the rules over the data files and an ingested trace, each rule once', async () => {
    expect((await t.client().post('/api/traces/webhook', trace('run-1', 'error'))).status).toBe(200);
    expect((await t.client().post('/api/traces/webhook', trace('run-2', 'success'))).status).toBe(200);
    await settle(t);

    const admin = t.admin();
    const errors = (await admin.get('/datasets/api/datasets/errors-to-fix')).body;
    expect(errors.versions.length).toBe(2);
    const examples = (await admin.get('/datasets/api/datasets/errors-to-fix/examples')).body;
    expect(examples.map((e: { id: string }) => e.id).sort()).toEqual(['f1', 'webhook_run-1']);
    expect((await admin.get('/datasets/api/datasets/never')).status).toBe(404);
    const all = (await admin.get('/datasets/api/datasets/everything/examples')).body;
    expect(all.map((e: { id: string }) => e.id).sort()).toEqual(['f1', 'f2', 'webhook_run-1', 'webhook_run-2']);

    const queue = (await admin.get('/admin/triage-queue')).body.items;
    expect(queue.slice(0, 2).map((i: { id: string }) => i.id)).toEqual(['f1', 'webhook_run-1']);
    expect(queue[0]).toMatchObject({ priority: 500, reason: 'Agent errored' });

    await receiver.waitFor((r) => r.length >= 2);
    expect(receiver.requests.map((r) => r.body.item_id).sort()).toEqual(['f1', 'webhook_run-1']);
    expect(receiver.requests[0].body).toMatchObject({ rule: 'route-errors' });
    expect(receiver.requests[0].headers['x-hook-token']).toBe('tok-s3cret');
    expect(receiver.requests[0].body.item_data).toBeTypeOf('object');

    const { outcomes } = (await admin.get('/admin/automation/outcomes?limit=100')).body;
    const of = (item: string, action: string) =>
      outcomes.filter((o: { item_id: string; action: string }) => o.item_id === item && o.action === action);
    expect(of('f1', 'run_evaluator')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'ok', detail: 'exact_match: score 1' }),
        expect.objectContaining({ status: 'error', detail: expect.stringMatching(/answer_relevance/) }),
      ]),
    );
    expect(of('webhook_run-1', 'notify')[0]).toMatchObject({ status: 'skipped', rule: 'route-errors' });
    expect(of('webhook_run-1', 'fire_webhook')[0]).toMatchObject({ status: 'ok', detail: 'HTTP 200' });
    expect(of('webhook_run-2', 'fire_webhook')).toEqual([]);

    const status = (await admin.get('/admin/automation/status')).body;
    expect(status).toMatchObject({ enabled: true, counters: { items_processed: 4, rules_fired: 6 } });
    expect(status.counters.actions.fire_webhook).toEqual({ ok: 2 });
    expect(status.rules.map((r: { name: string }) => r.name)).toEqual(['route-errors', 'never', 'always']);
    // each rule's own count of items it fired on and of its failed actions (answer_relevance needs a model)
    expect(status.rules.map((r: { fired: number; errors: number }) => [r.fired, r.errors])).toEqual([
      [2, 2],
      [0, 0],
      [4, 0],
    ]);
    // the webhook's token (sent, above) is not shown to admins
    expect(JSON.stringify(status)).not.toContain('tok-s3cret');
    expect(status.rules[0].actions[4].headers).toEqual({ 'x-hook-token': '(hidden)' });
  });

  it('runs no rule again after a restart: no second dataset version, no second webhook', async () => {
    await settle(t);
    t = await t.restart();
    await settle(t);
    const admin = t.admin();
    expect((await admin.get('/datasets/api/datasets/errors-to-fix')).body.versions.length).toBe(2);
    expect((await admin.get('/datasets/api/datasets/everything')).body.versions.length).toBe(4);
    expect(receiver.requests.length).toBe(2);
    // the boost an earlier run gave still orders the queue
    expect((await admin.get('/admin/triage-queue')).body.items[0]).toMatchObject({ id: 'f1', priority: 500 });
    // the counters are read from the store: the same as before the restart
    const { counters } = (await admin.get('/admin/automation/status')).body;
    expect(counters).toMatchObject({ items_processed: 4, rules_fired: 6 });
    expect(counters.actions.fire_webhook).toEqual({ ok: 2 });
    expect(counters.actions.add_to_dataset).toEqual({ ok: 6 });
    const { rules } = (await admin.get('/admin/automation/status')).body;
    expect(rules.map((r: { fired: number }) => r.fired)).toEqual([2, 0, 4]);
    const { outcomes } = (await admin.get('/admin/automation/outcomes?limit=5')).body;
    expect(outcomes.length).toBe(5);
    expect(outcomes.map((o: { at: string }) => o.at)).toEqual(
      outcomes
        .map((o: { at: string }) => o.at)
        .sort()
        .reverse(),
    );
  });

  it('answers the read-outs to admins only, and refuses a bad limit naming it', async () => {
    for (const path of ['/admin/automation/status', '/admin/automation/outcomes']) {
      expect((await t.client().get(path)).status).toBe(401);
      expect((await t.client({ 'x-api-key': 'nope' }).get(path)).status).toBe(403);
    }
    const bad = await t.admin().get('/admin/automation/outcomes?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/limit/);
  });
});

describe('automation: fast actions before the ingestion answers, heavy ones after', () => {
  it('puts the item in the dataset before answering while a slow webhook is still waiting', async () => {
    // the receiver answers after 5 s: the webhook, listed first in the rule, must not hold the dataset back
    const slow = await startReceiver(() => ({ status: 200, delayMs: 5_000 }));
    const t = await startServer({
      items,
      config: {
        trace_ingestion: { enabled: true },
        datasets: { enabled: true },
        automation: {
          enabled: true,
          rules: [
            {
              name: 'slow-first',
              when: { field: 'status', equals: 'slow' },
              actions: [
                { type: 'fire_webhook', url: `${slow.url}/hook` },
                { type: 'add_to_dataset', dataset: 'caught' },
              ],
            },
          ],
        },
      },
    });
    try {
      expect((await t.client().post('/api/traces/webhook', trace('run-9', 'slow'))).status).toBe(200);
      const admin = t.admin();
      const caught = await admin.get('/datasets/api/datasets/caught/examples');
      expect(caught.status).toBe(200);
      expect(caught.body.map((e: { id: string }) => e.id)).toEqual(['webhook_run-9']);
      expect(slow.requests.every((r) => r.answered === undefined)).toBe(true); // the webhook is still waiting

      await t.server.services.automation.idle();
      expect(slow.requests.map((r) => r.answered)).toEqual([200]);
      const { outcomes } = (await admin.get('/admin/automation/outcomes')).body;
      // both kept, in any order of time; the rule's count has them both
      expect(outcomes.map((o: { action: string; status: string }) => [o.action, o.status]).sort()).toEqual([
        ['add_to_dataset', 'ok'],
        ['fire_webhook', 'ok'],
      ]);
      const status = (await admin.get('/admin/automation/status')).body;
      expect(status.counters.actions).toEqual({ add_to_dataset: { ok: 1 }, fire_webhook: { ok: 1 } });
    } finally {
      await t.close();
      await slow.close();
    }
  });
});
