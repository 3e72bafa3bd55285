/**
 * Potato's embedding map API over real HTTP: admin only, its stats, the points (position, cluster, the label by
 * majority, a text preview), the same map after a refresh of unchanged data, the reorder putting selected items
 * first in the next plan, its validation, and Potato's 400 while diversity ordering is off.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { threeTopics } from '../domain/diversity/three-topics.js';

const corpus = threeTopics(8).map((c, i) => ({ id: `${c.topic}-${i}`, text: c.text }));
const schemes = [{ annotation_type: 'radio', name: 'topic', labels: ['sport', 'food', 'space'] }];
const config = {
  annotation_schemes: schemes,
  assignment_strategy: 'diversity_clustering',
  diversity_ordering: { enabled: true, num_clusters: 3, auto_clusters: false },
  embedding_visualization: { enabled: true, sample_size: 100, label_source: 'majority' },
};
const PATHS = ['stats', 'data'].map((p) => `/admin/api/embedding_viz/${p}`);

interface Point {
  instance_id: string;
  x: number;
  y: number;
  cluster: number;
  label: string | null;
  preview: string;
  annotated: boolean;
}

describe('embedding map API', () => {
  it('is admin only: 401 without credentials, 403 with a wrong key', async () => {
    const t = await startServer({ items: corpus, config });
    for (const path of PATHS) {
      expect((await t.client().get(path)).status).toBe(401);
      expect((await t.client({ 'x-api-key': 'wrong' }).get(path)).status).toBe(403);
    }
    expect((await t.client().post('/admin/api/embedding_viz/reorder', { selections: [] })).status).toBe(401);
    expect((await t.client({ 'x-api-key': 'wrong' }).post('/admin/api/embedding_viz/refresh', {})).status).toBe(403);
  });

  it('maps the items by topic with their labels, the same after a refresh, and reorders the next plan', async () => {
    const t = await startServer({ items: corpus, config });
    const admin = t.admin();
    const before = (await admin.get('/admin/api/embedding_viz/stats')).body;
    expect(before).toMatchObject({ enabled: true, embeddings_available: false, cache_valid: false });

    const alice = await t.client().login('alice');
    const first = (await alice.get('/api/current_instance')).body.instance_id as string;
    await alice.post('/updateinstance', { instance_id: first, annotations: { 'topic:space': 'true' } });

    const data = (await admin.get('/admin/api/embedding_viz/data')).body;
    expect(data.stats).toEqual({
      total_instances: 24,
      visualized_instances: 24,
      annotated_instances: 1,
      unannotated_instances: 23,
    });
    const points = data.points as Point[];
    const byId = new Map(points.map((p) => [p.instance_id, p]));
    expect(byId.get(first)).toMatchObject({
      label: 'space',
      annotated: true,
      preview: corpus.find((c) => c.id === first)!.text,
    });
    expect(points.filter((p) => p.label !== null)).toHaveLength(1);
    // each topic one cluster, three clusters
    const clusterOfTopic = new Map<string, Set<number>>();
    for (const p of points) {
      const topic = p.instance_id.split('-')[0];
      clusterOfTopic.set(topic, (clusterOfTopic.get(topic) ?? new Set()).add(p.cluster));
    }
    expect([...clusterOfTopic.values()].map((s) => s.size)).toEqual([1, 1, 1]);
    // a topic's points lie nearer one another than the other topics' (mean distance)
    const centre = (topic: string) => {
      const ps = points.filter((p) => p.instance_id.startsWith(topic));
      return [ps.reduce((s, p) => s + p.x, 0) / ps.length, ps.reduce((s, p) => s + p.y, 0) / ps.length];
    };
    const [a, b] = [centre('sport'), centre('food')];
    expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeGreaterThan(0.05);

    expect((await admin.get('/admin/api/embedding_viz/stats')).body).toMatchObject({
      embeddings_available: true,
      embedding_count: 24,
      cluster_count: 3,
      cache_valid: true,
    });
    const refreshed = await admin.post('/admin/api/embedding_viz/refresh', { force_recompute: true });
    expect(refreshed.body).toEqual({ success: true, embedding_count: 24, cluster_count: 3 });
    const again = (await admin.get('/admin/api/embedding_viz/data?force_refresh=true')).body.points as Point[];
    expect(again.map((p) => [p.instance_id, p.x, p.y, p.cluster])).toEqual(
      points.map((p) => [p.instance_id, p.x, p.y, p.cluster]),
    );

    const reorder = await admin.post('/admin/api/embedding_viz/reorder', {
      selections: [
        { instance_ids: ['food-12', 'food-13', 'food-14'], priority: 1 },
        { instance_ids: ['space-20', 'space-21'], priority: 2 },
      ],
      interleave: true,
    });
    expect(reorder.body).toEqual({
      success: true,
      reordered_count: 5,
      new_order_preview: ['food-12', 'space-20', 'food-13', 'space-21', 'food-14'],
    });
    // bob's list, planned after the reorder, starts with the selection
    const bob = await t.client().login('bob');
    const seen = [(await bob.get('/api/current_instance')).body.instance_id];
    for (let i = 0; i < 4; i++) seen.push((await bob.post('/go_to', { action: 'next_instance' })).body.instance_id);
    expect(seen).toEqual(['food-12', 'space-20', 'food-13', 'space-21', 'food-14']);

    // the reorder was acknowledged, so a restart keeps it: carl, planned after it, starts with the selection too
    const back = await t.restart();
    const carl = await back.client().login('carl');
    const carlSeen = [(await carl.get('/api/current_instance')).body.instance_id];
    for (let i = 0; i < 4; i++)
      carlSeen.push((await carl.post('/go_to', { action: 'next_instance' })).body.instance_id);
    expect(carlSeen).toEqual(['food-12', 'space-20', 'food-13', 'space-21', 'food-14']);
  });

  it('refuses a reorder without selections or naming an unknown item, naming the field', async () => {
    const t = await startServer({ items: corpus, config });
    const missing = await t.admin().post('/admin/api/embedding_viz/reorder', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/selections/);
    const wrong = await t.admin().post('/admin/api/embedding_viz/reorder', {
      selections: [{ instance_ids: ['nope'], priority: 1 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('selections: no instance "nope"');
    const typed = await t.admin().post('/admin/api/embedding_viz/reorder', { selections: [{ instance_ids: 'x' }] });
    expect(typed.status).toBe(400);
    expect(typed.body.error).toMatch(/selections/);
  });

  it("answers Potato's 400 naming diversity ordering while it is off", async () => {
    const t = await startServer({
      items: corpus,
      config: { annotation_schemes: schemes, embedding_visualization: { enabled: true } },
    });
    const data = await t.admin().get('/admin/api/embedding_viz/data');
    expect(data.status).toBe(400);
    expect(data.body.error.toLowerCase()).toContain('diversity');
    const stats = await t.admin().get('/admin/api/embedding_viz/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ enabled: false, embeddings_available: false });
    expect((await t.admin().post('/admin/api/embedding_viz/refresh', {})).status).toBe(400);
  });
});
