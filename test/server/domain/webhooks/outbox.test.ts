/**
 * The outbox and its dispatcher on a real store and a real HTTP sender, against receivers on 127.0.0.1:
 * pruning by age, one lane per endpoint with a bound on requests in flight, shutdown, endpoints leaving the config.
 */
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../../server/storage/memory-store.js';
import { WebhookOutbox } from '../../../../server/domain/webhooks/outbox.js';
import { LANE_CONCURRENCY } from '../../../../server/domain/webhooks/dispatcher.js';
import { createWebhookSender } from '../../../../server/io/webhook-sender.js';
import type { WebhookEndpoint, WebhookSettings } from '../../../../server/domain/webhooks/records.js';
import type { DomainEvent } from '../../../../server/domain/events.js';
import { quietLogger } from '../../../helpers/server.js';
import { startReceiver } from '../../../helpers/webhook-receiver.js';

const DAY = 24 * 3600 * 1000;

function endpoint(name: string, url: string, extra: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    name,
    url,
    events: ['*'],
    active: true,
    timeoutMs: 30_000,
    maxAttempts: 6,
    signatureFormat: 'v1_hex',
    ...extra,
  };
}

function outboxOn(
  store: MemoryStore,
  endpoints: WebhookEndpoint[],
  options: { clock?: { now(): number }; enabled?: () => boolean; retentionMs?: number } = {},
) {
  const settings: WebhookSettings = {
    endpoints,
    retryScheduleSeconds: [0, 5],
    retentionMs: options.retentionMs ?? 7 * DAY,
  };
  return new WebhookOutbox(
    store,
    options.clock ?? { now: () => Date.now() },
    quietLogger,
    createWebhookSender(),
    settings,
    { enabled: options.enabled ?? (() => true), taskName: () => 'T' },
    'test',
  );
}

const events = (n: number, at = Date.now()): DomainEvent[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'annotation.created', at, data: { i } }));

async function until(ok: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('webhook outbox', () => {
  it('prunes delivered and failed records past retention, keeping their counts and every pending one', async () => {
    const clock = {
      t: Date.UTC(2026, 0, 1),
      now() {
        return this.t;
      },
    };
    const ok = await startReceiver();
    const down = await startReceiver(() => ({ status: 500 }));
    const store = new MemoryStore();
    const outbox = outboxOn(
      store,
      [endpoint('ok', ok.url), endpoint('down', down.url, { events: ['annotation.created'] })],
      { clock, retentionMs: DAY },
    );
    await store.write(outbox.plan(events(3, clock.t)));
    outbox.dispatch();
    const view = () => Object.fromEntries(outbox.endpointStats().endpoints.map((e) => [e.name, e.stats]));
    await until(() => view().ok.total_delivered === 3 && view().down.pending_retries === 3);
    expect(store.size('webhook_deliveries')).toBe(6);

    clock.t += 2 * DAY;
    outbox.dispatch(); // wakes the lanes: the failing ones are due again, and pruning is due
    await until(() => store.size('webhook_deliveries') === 3);
    expect(
      [...store.entries('webhook_deliveries')].every(([, d]) => d.endpoint === 'down' && d.state === 'pending'),
    ).toBe(true);
    expect(view().ok).toMatchObject({ total_emitted: 3, total_delivered: 3, total_failed: 0 });
    expect(store.get('webhook_stats', 'ok')).toMatchObject({
      pruned_emitted: 3,
      pruned_delivered: 3,
      pruned_failed: 0,
    });
    // a new outbox on the same store (a restart) reports the same figures
    await outbox.close();
    const again = outboxOn(store, [endpoint('ok', ok.url)], { clock, retentionMs: DAY });
    expect(again.endpointStats().endpoints[0].stats).toMatchObject({ total_emitted: 3, total_delivered: 3 });
    await again.close();
  });

  it('bounds requests in flight per endpoint, so a hanging receiver holds up only its own lane', async () => {
    // one receiver, two endpoints on it: connections to one host must not be a shared bottleneck either
    const receiver = await startReceiver((r) => (r.path === '/stuck' ? 'hang' : { status: 200 }));
    const on = (path: string) => receiver.requests.filter((r) => r.path === path);
    const store = new MemoryStore();
    const outbox = outboxOn(store, [
      endpoint('stuck', `${receiver.url}/stuck`),
      endpoint('fine', `${receiver.url}/fine`),
    ]);
    const n = LANE_CONCURRENCY + 8;
    await store.write(outbox.plan(events(n)));
    outbox.dispatch();
    await receiver.waitFor(
      () => on('/fine').filter((r) => r.answered === 200).length === n && on('/stuck').length === LANE_CONCURRENCY,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(on('/stuck')).toHaveLength(LANE_CONCURRENCY);
    // shutting down aborts what hangs; that is not the receiver's failure: those stay pending, with no attempt
    await outbox.close();
    const stuckRecords = [...store.entries('webhook_deliveries')]
      .map(([, d]) => d)
      .filter((d) => d.endpoint === 'stuck');
    expect(stuckRecords).toHaveLength(n);
    expect(stuckRecords.every((d) => d.state === 'pending' && d.attempts.length === 0)).toBe(true);
  });

  it('fails a stored delivery whose endpoint left the config, saying so', async () => {
    const receiver = await startReceiver();
    const store = new MemoryStore();
    const before = outboxOn(store, [endpoint('old', receiver.url)]);
    await store.write(before.plan(events(1)));
    await before.close(); // written, never dispatched
    const after = outboxOn(store, [endpoint('new', receiver.url)]);
    await until(() => [...store.entries('webhook_deliveries')][0][1].state === 'failed');
    const [[, record]] = [...store.entries('webhook_deliveries')];
    expect(record.attempts.at(-1)!.error).toBe('endpoint "old" is no longer in the config');
    expect(receiver.requests).toHaveLength(0);
    await after.close();
  });

  it('plans nothing while disabled, and only for subscribed active endpoints', async () => {
    const store = new MemoryStore();
    let enabled = false;
    const outbox = outboxOn(
      store,
      [
        endpoint('all', 'http://127.0.0.1:9/'),
        endpoint('tests', 'http://127.0.0.1:9/', { events: ['webhook.test'] }),
        endpoint('off', 'http://127.0.0.1:9/', { active: false }),
      ],
      { enabled: () => enabled },
    );
    expect(outbox.plan(events(2))).toEqual([]);
    enabled = true;
    const ops = outbox.plan(events(2));
    expect(ops.map((op) => ('value' in op ? (op.value as { endpoint: string }).endpoint : ''))).toEqual(['all', 'all']);
    await outbox.close();
  });
});
