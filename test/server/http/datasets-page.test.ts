/**
 * Potato's datasets page (`/datasets/admin`), drawn on the server for an admin in a browser: the datasets with
 * their versions and tags, the experiments with each evaluator's mean; values shown as text, admin rules, 503 off.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

const items = [{ id: 'q1', text: 'one plus one' }];
const config = {
  datasets: { enabled: true },
  annotation_schemes: [{ annotation_type: 'radio', name: 'ok', labels: ['yes', 'no'] }],
};

describe('GET /datasets/admin', () => {
  it('lists the datasets and experiments as a page', async () => {
    const t = await startServer({ items, config });
    const admin = t.admin();
    expect((await t.client().get('/datasets/admin')).status).toBe(401);
    expect((await t.client({ 'x-api-key': 'wrong' }).get('/datasets/admin')).status).toBe(403);
    const annotator = await t.client().login('eve');
    expect((await annotator.get('/datasets/admin')).status).toBe(403);

    const empty = await admin.get('/datasets/admin');
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toMatch(/^text\/html/);
    expect(empty.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(empty.text).toContain('<h1>Datasets</h1>');
    expect(empty.text).toContain('<p>No dataset yet.</p>');
    expect(empty.text).toContain('<p>No experiment has been run yet.</p>');

    await admin.post('/datasets/api/datasets', { name: 'arith', description: '<script>sums</script>' });
    await admin.post('/datasets/api/datasets/arith/examples', {
      examples: [{ id: 'a', inputs: { q: '1+1' }, reference_outputs: '2', metadata: { outputs: '2' } }],
    });
    await admin.post('/datasets/api/datasets/arith/examples', {
      examples: [{ id: 'b', inputs: { q: '2+2' }, reference_outputs: '4', metadata: { outputs: '5' } }],
    });
    await admin.post('/datasets/api/datasets/arith/tag', { version_id: 'v0001', tag: 'prod' });
    const run = await admin.post('/datasets/api/experiments/run', {
      dataset: 'arith',
      name: 'baseline',
      evaluators: [{ name: 'exact_match' }],
    });
    expect(run.status).toBe(201);

    const page = await admin.get('/datasets/admin');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(
      /<tr><td>arith<\/td><td>&lt;script&gt;sums&lt;\/script&gt;<\/td><td>2<\/td><td>v0002<\/td><td>2<\/td><td>prod → v0001<\/td>/,
    );
    expect(page.text).not.toContain('<script>');
    expect(page.text).toMatch(
      /<tr><td>baseline<\/td><td>arith<\/td><td>v0002<\/td><td>2<\/td><td>exact_match 0\.500<\/td>/,
    );
    await t.close();
  });

  it('is not there while datasets are off', async () => {
    const t = await startServer({ items });
    const off = await t.admin().get('/datasets/admin');
    expect(off.status).toBe(503);
    expect(off.body.error).toMatch(/datasets\.enabled: true/);
    await t.close();
  });
});
