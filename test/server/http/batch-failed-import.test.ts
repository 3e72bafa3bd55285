/**
 * Batch assignment's `annotator_key` read on imported items, across an import the store could not save (a full
 * disk): the failed import's items are taken out of the task again, and the next import's items still go to the
 * annotators their field names, with no trace of the failed ones. The disk is a small tmpfs, which needs root (CI
 * runs as root); elsewhere the suite says so and skips.
 */
import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import { mountTmpfs, unmountTmpfs } from '../../helpers/tmpfs.js';
import type { Client } from '../../helpers/client.js';

const mountPoint = mountTmpfs('4m');
afterAll(() => unmountTmpfs(mountPoint));

const items = ['a1', 'a2', 'b1'].map((id) => ({ id, text: `Item ${id}` }));

async function listOf(t: TestServer, user: Client, name: string): Promise<string[]> {
  await user.get('/api/current_instance');
  return (await t.admin().get(`/admin/user_state/${name}`)).body.assignments.items.map((i: { id: string }) => i.id);
}

describe.skipIf(!mountPoint)('annotator_key across a failed import (needs root for a tmpfs)', () => {
  it('hands the next import its items by their field, before any hand-out in between, and none of the failed one', async () => {
    const t = await startServer({
      items,
      dataDir: join(mountPoint!, 'data'),
      config: {
        assignment_strategy: 'batch',
        batch_assignment: {
          annotator_key: 'round2',
          groups: [{ name: 'g', annotators: ['alice'], instances: ['a1', 'a2'] }],
        },
      },
    });
    try {
      const alice = await t.client().login('alice');
      expect(await listOf(t, alice, 'alice')).toEqual(['a1', 'a2']);
      const folder = dirname(t.configFile);
      const write = (name: string, rows: Record<string, unknown>[]) => {
        writeFileSync(join(folder, name), rows.map((r) => JSON.stringify(r)).join('\n'));
        return join(folder, name);
      };
      const big = write('big.jsonl', [{ id: 'f1', text: 'f'.repeat(1_000_000), round2: ['alice'] }]);
      const next = write('next.jsonl', [
        { id: 'n1', text: 'for alice', round2: ['alice'] },
        { id: 'n2', text: 'for alice too', round2: 'alice' },
      ]);

      // the data folder's disk is full: the import of f1 cannot be saved
      const filler = join(mountPoint!, 'filler');
      try {
        appendFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
      } catch (e) {
        expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      const failed = await t.admin().post('/admin/api/import', { file: big, wait: true });
      // the storage's fault, not the file's: a 503 as for any write the disk refuses, not a 400
      expect(failed.status).toBe(503);
      expect(failed.body.error).toMatch(/could not save .*ENOSPC/);
      rmSync(filler);
      expect(t.server.services.task.instanceById.has('f1')).toBe(false);

      // no hand-out in between: the next import reads the field of its own items, not the failed one's
      const done = await t.admin().post('/admin/api/import', { file: next, wait: true });
      expect(done.body, done.text).toMatchObject({ status: 'done', added: 2 });
      expect(t.server.services.cohorts.keyedItems('alice')).toEqual(['n1', 'n2']);
      expect(await listOf(t, alice, 'alice')).toEqual(['a1', 'a2', 'n1', 'n2']);
    } finally {
      await t.close();
    }
  });
});
