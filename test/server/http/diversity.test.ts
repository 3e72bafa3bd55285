/**
 * Potato's diversity_clustering over real HTTP: items clustered by their words hand each annotator one item of
 * each topic in turn, the same after a restart and on another server with the same corpus.
 */
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';
import { threeTopics } from '../domain/diversity/three-topics.js';

// in topic order, so task order would hand out ten items of one topic first
const corpus = threeTopics(10).map((c, i) => ({ id: `${c.topic}-${i}`, text: c.text }));
const topicOf = (id: string) => id.split('-')[0];
const schemes = [{ annotation_type: 'radio', name: 'topic', labels: ['sport', 'food', 'space'] }];
const config = {
  annotation_schemes: schemes,
  assignment_strategy: 'diversity_clustering',
  diversity_ordering: { enabled: true, num_clusters: 3, auto_clusters: false, model_name: 'all-MiniLM-L6-v2' },
};

/** The first `n` items an annotator is shown, walking with Next. */
async function firstItems(t: TestServer, username: string, n: number): Promise<string[]> {
  const c = await t.client().login(username);
  const seen = [(await c.get('/api/current_instance')).body.instance_id as string];
  while (seen.length < n) seen.push((await c.post('/go_to', { action: 'next_instance' })).body.instance_id);
  return seen;
}

describe('diversity_clustering', () => {
  it('hands out one item of each topic in turn, the same after a restart', async () => {
    let t = await startServer({ items: corpus, config });
    const alice = await firstItems(t, 'alice', 6);
    expect(new Set(alice.slice(0, 3).map(topicOf)).size).toBe(3);
    expect(new Set(alice.slice(3, 6).map(topicOf)).size).toBe(3);
    const bob = await firstItems(t, 'bob', 3);
    expect(new Set(bob.map(topicOf)).size).toBe(3);

    t = await t.restart();
    // alice is back where she stopped, and her list is as it was
    const again = await t.client().login('alice');
    expect((await again.get('/api/current_instance')).body.instance_id).toBe(alice[5]);
    const walked = [(await again.post('/go_to', { go_to: alice[0] })).body.instance_id];
    while (walked.length < 6) walked.push((await again.post('/go_to', { action: 'next_instance' })).body.instance_id);
    expect(walked).toEqual(alice);
    const carol = await firstItems(t, 'carol', 6);
    // a new server on the same corpus plans carol's list alike
    const other = await startServer({ items: corpus, config });
    expect(await firstItems(other, 'carol', 6)).toEqual(carol);
  });

  it('says at start what it does instead of the model and the keys it does not act on', () => {
    const warnings: string[] = [];
    const file = writeProject({
      items: corpus,
      config: { ...config, diversity_ordering: { ...config.diversity_ordering, prefill_count: 50, cache_dir: 'x' } },
    });
    const loaded = loadConfig(file);
    warnings.push(...loaded.warnings);
    expect(loaded.settings.assignment_strategy).toBe('diversity_clustering');
    expect(warnings.join('\n')).toContain(
      'items are clustered by their words (TF-IDF), not by all-MiniLM-L6-v2, which this project does not run',
    );
    expect(warnings.join('\n')).toContain('diversity_ordering.prefill_count is not acted on');
    expect(warnings.join('\n')).toContain('diversity_ordering.cache_dir is not acted on');
    expect(warnings.join('\n')).not.toContain('is not available here');
  });
});
