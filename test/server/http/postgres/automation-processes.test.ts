/**
 * Two server processes started together on one PostgreSQL schema and the same data file, with automation rules
 * that fire a webhook for every item: each rule's webhook for each item reaches a real receiver on 127.0.0.1
 * exactly once, and both processes read out the same counters and outcomes.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { Client } from '../../../helpers/client.js';
import { sampleItems, writeProject } from '../../../helpers/project.js';
import { spawnServer } from '../../../helpers/server.js';
import { tempDir } from '../../../helpers/temp-dir.js';
import { startReceiver } from '../../../helpers/webhook-receiver.js';

const url = inject('postgresUrl');
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const done of cleanup.reverse()) await done().catch(() => undefined);
});

const ITEMS = 30;
const ADMIN_KEY = 'automation-admin-key';

describe('automation on two processes sharing a schema', () => {
  it('sends each rule’s webhook for each item once, and both read out the same counters', async () => {
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const configFile = writeProject({
      items: sampleItems(ITEMS),
      config: {
        automation: {
          enabled: true,
          rules: [
            { name: 'first', actions: [{ type: 'fire_webhook', url: `${receiver.url}/first` }] },
            { name: 'second', actions: [{ type: 'fire_webhook', url: `${receiver.url}/second` }] },
          ],
        },
      },
    });
    const database = `${url}?schema=auto_${randomBytes(5).toString('hex')}`;
    // started at once: both find no rule fired and run the data file's items through the rules together
    const servers = await Promise.all(
      [0, 1].map(() =>
        spawnServer(
          ['--config', configFile, '--data-dir', tempDir('marginalia-process-'), '--database-url', database],
          {
            ADMIN_API_KEY: ADMIN_KEY,
          },
        ),
      ),
    );
    for (const s of servers) cleanup.push(() => s.kill());
    const admins = servers.map((s) => new Client(s.url, { 'x-api-key': ADMIN_KEY }));

    // done when each process has run every item and every fired rule has its outcomes
    const finished = async (admin: Client) => {
      const { counters } = (await admin.get('/admin/automation/status')).body;
      return counters.items_processed === ITEMS && counters.actions.fire_webhook?.ok === 2 * ITEMS;
    };
    for (const admin of admins) await expect.poll(() => finished(admin), { timeout: 20_000 }).toBe(true);

    const sent = receiver.requests.map((r) => `${r.path} ${(r.body as { item_id: string }).item_id}`);
    expect(sent.length).toBe(2 * ITEMS);
    expect(new Set(sent).size).toBe(2 * ITEMS);

    const [one, two] = await Promise.all(admins.map((a) => a.get('/admin/automation/status')));
    expect(one.body.counters).toEqual(two.body.counters);
    expect(one.body.counters).toMatchObject({ rules_fired: 2 * ITEMS, actions: { fire_webhook: { ok: 2 * ITEMS } } });
    const outcomes = await Promise.all(admins.map((a) => a.get(`/admin/automation/outcomes?limit=1000`)));
    expect(outcomes[0].body.outcomes).toHaveLength(2 * ITEMS);
    expect(outcomes[1].body.outcomes).toEqual(outcomes[0].body.outcomes);
  });
});
