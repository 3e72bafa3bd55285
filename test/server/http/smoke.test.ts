import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

describe('server smoke', () => {
  it('logs in, reads the current instance and submits a label over real HTTP', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    const current = await alice.get('/api/current_instance');
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ instance_id: 'item-1', current_index: 0, total_instances: 10 });
    const submit = await alice.post('/updateinstance', {
      instance_id: 'item-1',
      annotations: { 'sentiment:positive': 'true' },
    });
    expect(submit.status).toBe(200);
    expect(submit.body.status).toBe('success');
    const read = await alice.get('/get_annotations?instance_id=item-1');
    expect(read.body.annotations).toEqual({ 'sentiment:positive': 'true' });
    expect((await t.client().get('/api/current_instance')).status).toBe(401);
  });
});
