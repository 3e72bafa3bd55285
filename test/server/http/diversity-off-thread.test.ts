/**
 * Diversity's clusters are computed between requests: while the first plan of a large task waits for them, other
 * requests are answered, and the clusters are the ones the one-go computation gives.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { sphericalKMeans } from '../../../server/domain/diversity/kmeans.js';
import { textVectors } from '../../../server/domain/diversity/text-vectors.js';

// enough items that the clustering takes many turns of the event loop
const WORDS = 'apple river stone cloud engine violin garden copper winter signal harbor lantern meadow pencil'.split(
  ' ',
);
const items = Array.from({ length: 4000 }, (_, i) => ({
  id: `item-${i}`,
  text: Array.from({ length: 30 }, (_, w) => `${WORDS[(i * 7 + w * w) % WORDS.length]}${(i + w) % 40}`).join(' '),
}));
const config = {
  annotation_schemes: [{ annotation_type: 'radio', name: 'topic', labels: ['a', 'b'] }],
  assignment_strategy: 'diversity_clustering',
  diversity_ordering: { enabled: true, num_clusters: 8, auto_clusters: false },
  embedding_visualization: { enabled: true, sample_size: 300 },
};

describe('diversity clustering off the request thread', () => {
  it('answers other requests while the first plan waits for the clusters, which equal the in-thread ones', async () => {
    const t = await startServer({ items, config });
    const alice = await t.client().login('alice');
    const events: string[] = [];
    let planned = false;
    const plan = alice.get('/api/current_instance').then((r) => {
      events.push('plan');
      planned = true;
      return r;
    });
    // each health check sent only once the previous one is answered: with the loop held, at most one gets through
    const probe = t.client();
    while (!planned) {
      const r = await probe.get('/health');
      expect(r.status).toBe(200);
      if (!planned) events.push('health');
    }
    expect((await plan).status).toBe(200);
    expect(events.indexOf('plan')).toBeGreaterThanOrEqual(3);

    const { vectors, dimensions } = textVectors(items.map((i) => i.text));
    const inThread = sphericalKMeans(vectors, dimensions, 8, 42).assignments;
    const points = (await t.admin().get('/admin/api/embedding_viz/data')).body.points as {
      instance_id: string;
      cluster: number;
    }[];
    expect(points).toHaveLength(300);
    for (const p of points) expect(p.cluster).toBe(inThread[Number(p.instance_id.slice(5))]);
  });
});
