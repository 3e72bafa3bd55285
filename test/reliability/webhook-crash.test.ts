/**
 * Webhooks under kill -9: a child server (the CLI) is killed with SIGKILL while deliveries are awaiting retry,
 * in flight (the receiver holds them unanswered) or not yet attempted. After a restart on the same data folder
 * every delivery created before the kill arrives with the `webhook-id` it had, and none whose 2xx was recorded
 * is sent again.
 */
import { describe, expect, it } from 'vitest';
import { spawnServer } from '../helpers/server.js';
import { Client } from '../helpers/client.js';
import { writeProject, sampleItems } from '../helpers/project.js';
import { tempDir } from '../helpers/temp-dir.js';
import { startReceiver, type Answer, type ReceivedRequest } from '../helpers/webhook-receiver.js';

const ADMIN_KEY = 'webhook-crash-admin-key';

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const keyOf = (r: ReceivedRequest) => `${r.body.data.annotator_id}/${r.body.data.instance_id}`;

describe('webhooks across kill -9', () => {
  it(
    'delivers every delivery created before the kill after the restart, with the same webhook-id',
    { timeout: 60_000 },
    async () => {
      let mode: 'ok' | 'trouble' = 'ok';
      let n = 0;
      // in trouble: alternately hang (in flight at the kill) and 500 (awaiting retry)
      const receiver = await startReceiver((): Answer =>
        mode === 'ok' ? { status: 200 } : n++ % 2 ? { status: 500 } : 'hang',
      );
      const config = writeProject({
        items: sampleItems(30),
        config: {
          admin_api_key: ADMIN_KEY,
          webhooks: {
            retry_schedule_seconds: [0, 0.5],
            endpoints: [
              {
                name: 'sink',
                url: `${receiver.url}/hook`,
                secret: 'crash-secret',
                events: ['annotation.created'],
                timeout: 60,
                max_retries: 50,
              },
            ],
          },
        },
      });
      const args = ['--config', config, '--data-dir', tempDir('marginalia-webhook-crash-')];
      const annotators = ['ann-0', 'ann-1', 'ann-2'];
      const acked = new Set<string>();

      const first = await spawnServer(args);
      const admin = new Client(first.url, { 'x-api-key': ADMIN_KEY });
      const clients = await Promise.all(annotators.map((a) => new Client(first.url).login(a)));
      const submit = async (from: number, to: number) => {
        await Promise.all(
          clients.map(async (client, a) => {
            for (let i = from; i <= to; i++) {
              const r = await client.post('/updateinstance', {
                instance_id: `item-${i}`,
                annotations: { 'sentiment:positive': 'true' },
              });
              expect(r.status).toBe(200);
              acked.add(`${annotators[a]}/item-${i}`);
            }
          }),
        );
      };

      // 1. delivered and recorded: these must never come again
      await submit(1, 4);
      await until(
        () => admin.get('/admin/api/webhooks'),
        (r) => r.body.endpoints[0].stats.total_delivered === 12,
      );
      const delivered = new Set(receiver.requests.map((r) => r.id));
      const deliveredKeys = new Set(receiver.requests.map(keyOf));
      expect(delivered.size).toBe(12);

      // 2. trouble: deliveries hang or fail and wait for a retry
      mode = 'trouble';
      await submit(5, 10);
      await receiver.waitFor((rs) => new Set(rs.filter((r) => !delivered.has(r.id)).map(keyOf)).size === 18);
      // 3. and a last burst whose deliveries may not even have been attempted
      await submit(11, 14);
      const kill = Date.now();
      await first.kill('SIGKILL');
      const idsBeforeKill = new Map<string, string>();
      for (const r of receiver.requests) if (!delivered.has(r.id)) idsBeforeKill.set(keyOf(r), r.id);
      expect(acked.size).toBe(42);

      mode = 'ok';
      const second = await spawnServer(args);
      try {
        await receiver.waitFor((rs) => {
          const ok = new Set(rs.filter((r) => r.answered === 200 && !delivered.has(r.id)).map(keyOf));
          return [...acked].filter((k) => !deliveredKeys.has(k)).every((k) => ok.has(k));
        }, 20_000);
        const after = receiver.requests.filter((r) => r.receivedAt >= kill);
        // nothing recorded as delivered was sent again
        expect(after.filter((r) => delivered.has(r.id))).toEqual([]);
        // what was seen before the kill arrives after it under the same webhook-id
        for (const [key, id] of idsBeforeKill) {
          expect(
            after.some((r) => r.id === id && r.answered === 200),
            `${key} redelivered as ${id}`,
          ).toBe(true);
        }
        // one webhook-id per submission, and each submission delivered
        const idsByKey = new Map<string, Set<string>>();
        for (const r of receiver.requests) idsByKey.set(keyOf(r), (idsByKey.get(keyOf(r)) ?? new Set()).add(r.id));
        expect(idsByKey.size).toBe(42);
        for (const [key, ids] of idsByKey) expect(ids.size, key).toBe(1);
        const stats = await until(
          () => new Client(second.url, { 'x-api-key': ADMIN_KEY }).get('/admin/api/webhooks'),
          (r) => r.body.endpoints[0].stats.total_delivered === 42,
        );
        expect(stats.body.endpoints[0].stats).toMatchObject({ total_emitted: 42, total_failed: 0, pending_retries: 0 });
      } finally {
        await second.kill('SIGKILL');
      }
    },
  );
});
