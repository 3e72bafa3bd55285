/**
 * A `type: database` source on PostgreSQL: the rows of a query are the items at start, rows inserted while the
 * server runs are taken by the next poll (cursor on a monotonic id), and a restart neither loses nor repeats one.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer } from '../../../../helpers/server.js';
import { listReaches, settledStatus } from '../list-reaches.js';

const url = inject('postgresUrl');
const table = `source_rows_${process.pid}`;
const db = new pg.Pool({ connectionString: url, max: 1 });

async function insert(from: number, to: number) {
  for (let n = from; n <= to; n++)
    await db.query(`INSERT INTO ${table} (seq, item_id, body) VALUES ($1, $2, $3)`, [n, `pg-${n}`, `Row ${n}`]);
}

beforeAll(async () => {
  await db.query(`CREATE TABLE ${table} (seq integer PRIMARY KEY, item_id text NOT NULL, body text NOT NULL)`);
  await insert(1, 3);
});
afterAll(async () => {
  await db.query(`DROP TABLE IF EXISTS ${table}`);
  await db.end();
});

describe('database sources: PostgreSQL', () => {
  it('reads the rows at start, takes rows inserted while running, and keeps its cursor over a restart', async () => {
    const config = {
      data_files: undefined,
      item_properties: { id_key: 'item_id', text_key: 'body' },
      data_sources: [
        {
          id: 'pg_rows',
          type: 'database',
          connection_string: url,
          query: `SELECT seq, item_id, body FROM ${table}`,
          live_ingestion: { enabled: true, poll_interval_seconds: 0.5, cursor_column: 'seq', batch_size: 2 },
        },
      ],
    };
    let t = await startServer({ config });
    const alice = await t.client().login('alice');
    expect((await alice.get('/api/current_instance')).body).toMatchObject({
      instance_id: 'pg-1',
      text: 'Row 1',
      total_instances: 3,
    });

    await insert(4, 7);
    expect(await listReaches(alice, 7)).toBe(7);
    expect((await alice.post('/go_to', { go_to: 'pg-6' })).body).toMatchObject({ instance_id: 'pg-6', text: 'Row 6' });
    await settledStatus(t.admin(), 'pg_rows');
    const status = (await t.admin().get('/admin/api/data_sources/live')).body.sources[0];
    expect(status).toMatchObject({ source_id: 'pg_rows', polls_failed: 0, items_added: 7 });
    expect(String(status.last_cursor)).toBe('7');

    t = await t.restart();
    await insert(8, 8);
    const bob = await t.client().login('bob');
    expect(await listReaches(bob, 8)).toBe(8);
    // nothing read twice: the list holds each row once
    await new Promise((r) => setTimeout(r, 1_200));
    expect((await bob.get('/api/current_instance')).body.total_instances).toBe(8);
    await settledStatus(t.admin(), 'pg_rows');
    const after = (await t.admin().get('/admin/api/data_sources/live')).body.sources[0];
    expect(after).toMatchObject({ items_added: 8 });
    expect(String(after.last_cursor)).toBe('8');
  });
});
