/**
 * Batch auto-assignment on two server processes sharing one PostgreSQL schema: new annotators arriving at both
 * at once are placed in groups without any group passing its max_annotators, the rest told every group is full,
 * and both processes read back the same group for everyone.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { Client } from '../../../helpers/client.js';
import { writeProject } from '../../../helpers/project.js';
import { spawnServer, type ChildServer } from '../../../helpers/server.js';
import { tempDir } from '../../../helpers/temp-dir.js';

const url = inject('postgresUrl');
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const done of cleanup.reverse()) await done().catch(() => undefined);
});

const ITEMS = ['a1', 'a2', 'b1', 'b2', 'c1'].map((id) => ({ id, text: `Item ${id}.` }));
const GROUPS = [
  { name: 'batch_a', instances: ['a1', 'a2'], max_annotators: 2 },
  { name: 'batch_b', instances: ['b1', 'b2'], max_annotators: 2 },
  { name: 'batch_c', instances: ['c1'], max_annotators: 1 },
];
const GROUP_OF = new Map(GROUPS.flatMap((g) => g.instances.map((id) => [id, g.name] as const)));

describe('batch auto-assignment on two processes sharing a schema', () => {
  it('never puts a group past max_annotators when new annotators arrive at both at once', async () => {
    const configFile = writeProject({
      items: ITEMS,
      config: {
        assignment_strategy: 'batch',
        batch_assignment: { auto_assign_annotators: true, groups: GROUPS },
      },
    });
    const database = `${url}?schema=cohorts_${randomBytes(5).toString('hex')}`;
    const dataDirs = [0, 1].map(() => tempDir('marginalia-process-'));
    const servers: ChildServer[] = [];
    // one after the other: the first creates the schema and the project's keys, the second finds them
    for (const dataDir of dataDirs) {
      const server = await spawnServer(['--config', configFile, '--data-dir', dataDir, '--database-url', database], {
        ADMIN_API_KEY: '',
      });
      cleanup.push(() => server.kill());
      servers.push(server);
    }
    const adminKey = readFileSync(join(dataDirs[0], 'admin-api-key'), 'utf8').trim();

    // twelve newcomers, six on each process, logged in first, then all asking for work at once
    const names = Array.from({ length: 12 }, (_, i) => `newcomer${i}`);
    const clients = await Promise.all(names.map((name, i) => new Client(servers[i % 2].url).login(name)));
    const answers = await Promise.all(clients.map((c) => c.get('/api/current_instance')));

    const placed = new Map<string, string[]>();
    answers.forEach((r, i) => {
      if (r.status === 404) {
        expect(r.body.error).toMatch(/every annotator group of this project is full/);
        return;
      }
      expect(r.status, r.text).toBe(200);
      const group = GROUP_OF.get(r.body.instance_id)!;
      placed.set(group, [...(placed.get(group) ?? []), names[i]]);
    });
    for (const g of GROUPS) expect(placed.get(g.name)?.length ?? 0, g.name).toBeLessThanOrEqual(g.max_annotators);
    // room for five in all, and twelve asked: every place is taken
    expect([...placed.values()].flat()).toHaveLength(5);

    // each process reads back the same list, so the same group, for everyone placed
    for (const server of servers) {
      const admin = new Client(server.url, { 'x-api-key': adminKey });
      for (const [group, members] of placed)
        for (const name of members) {
          const state = await admin.get(`/admin/user_state/${name}`);
          expect(state.status).toBe(200);
          const ids = state.body.assignments.items.map((i: { id: string }) => i.id);
          expect(ids.map((id: string) => GROUP_OF.get(id))).toEqual(ids.map(() => group));
        }
    }
  }, 120_000);
});
