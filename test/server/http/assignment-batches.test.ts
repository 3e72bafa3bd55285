import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { sampleItems } from '../../helpers/project.js';
import { BATCH, LOW_WATER } from '../../../server/domain/annotation/assignment.js';

describe('assignment with an overlap limit', () => {
  it('hands lists out in batches, so a third annotator still gets work and no instance exceeds its annotators', async () => {
    const t = await startServer({ items: sampleItems(3 * BATCH), config: { num_annotators_per_item: 2 } });
    const [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((name) => t.client().login(name)));
    const total = async (c: typeof alice) => (await c.get('/api/current_instance')).body.total_instances;
    expect(await total(alice)).toBe(BATCH);
    expect(await total(bob)).toBe(BATCH);
    const carols = await carol.get('/api/current_instance');
    expect(carols.status).toBe(200);
    expect(carols.body.instance_id).toBe(`item-${BATCH + 1}`); // the first batch already has two annotators

    // alice works through her batch; near its end her list grows, keeping its start
    for (let i = 1; i <= BATCH - LOW_WATER; i++) {
      expect(
        (
          await alice.post('/updateinstance', {
            instance_id: `item-${i}`,
            annotations: { 'sentiment:positive': 'true' },
          })
        ).status,
      ).toBe(200);
    }
    const grown = await alice.get('/api/current_instance');
    expect(grown.body.total_instances).toBe(2 * BATCH);
    expect((await alice.post('/go_to', { go_to: 'item-1' })).body.current_index).toBe(0);

    const instances = (await t.admin().get('/admin/api/instances?limit=1000')).body.instances;
    expect(instances).toHaveLength(3 * BATCH);
    const annotators = (await t.admin().get('/admin/api/annotators')).body.annotators;
    const assigned = annotators.reduce((n: number, a: { assigned: number }) => n + a.assigned, 0);
    expect(assigned).toBe(4 * BATCH); // alice 2 batches, bob and carol one each: 2 × 60 slots, none over the limit
  });

  it('gives everyone the whole task when there is no overlap limit', async () => {
    const t = await startServer({ items: sampleItems(BATCH + 7) });
    const dave = await t.client().login('dave');
    expect((await dave.get('/api/current_instance')).body.total_instances).toBe(BATCH + 7);
  });
});
