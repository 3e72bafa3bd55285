/**
 * A PostgreSQL-backed server while its database restarts: writes fail with 503 JSON (and are not kept), reads
 * from memory go on, and once the database is back requests succeed again without restarting the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../helpers/server.js';
import { startPostgres, type Postgres } from '../../../helpers/postgres.js';
import type { Client } from '../../../helpers/client.js';

let cluster: Postgres;
beforeAll(async () => {
  cluster = await startPostgres();
});
afterAll(() => cluster.stop());

const submit = (client: Client, id: string, label: string) =>
  client.post('/updateinstance', { instance_id: id, annotations: { [`sentiment:${label}`]: 'true' } });

describe('a database restart', () => {
  let t: TestServer;
  it('answers 503 JSON for writes while the database is down and recovers by itself', async () => {
    t = await startServer({ options: { database: { url: cluster.freshSchemaUrl(), from: 'the test' } } });
    const alice = await t.client().login('alice');
    expect((await submit(alice, 'item-1', 'positive')).status).toBe(200);

    cluster.pause();
    const down = await submit(alice, 'item-2', 'negative');
    expect(down.status).toBe(503);
    expect(down.headers.get('content-type')).toMatch(/application\/json/);
    expect(down.body.error).toMatch(/could not save/);
    // what was refused is not kept, and reads go on from memory
    const read = await alice.get('/get_annotations?instance_id=item-2');
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain('negative');
    expect((await alice.get('/api/current_instance')).status).toBe(200);
    // the admin's health check says the database is out of reach, within its few seconds, and still answers
    const health = await t.admin().get('/admin/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('degraded');
    expect(health.body.storage).toMatch(/^PostgreSQL at .* (is out of reach|did not answer within 3 s)/);

    cluster.resume();
    let status = 0;
    // the pool reconnects on the next request; a connection it had open may fail once more before it is dropped
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await submit(alice, 'item-2', 'neutral')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect((await t.admin().get('/admin/health')).body).toMatchObject({ status: 'healthy', storage: 'ok' });

    const again = await t.restart();
    const back = await again.client().login('alice');
    expect(JSON.stringify((await back.get('/get_annotations?instance_id=item-1')).body)).toContain('positive');
    const second = JSON.stringify((await back.get('/get_annotations?instance_id=item-2')).body);
    expect(second).toContain('neutral');
    expect(second).not.toContain('negative');
    await again.close();
  });
});
