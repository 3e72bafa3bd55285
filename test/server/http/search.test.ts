/** Search over real HTTP: admins find items by their words, fields and answers; annotators search their own list and answers. */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] },
  { annotation_type: 'text', name: 'why' },
  { annotation_type: 'span', name: 'evidence', labels: ['praise', 'complaint'] },
];
const ITEMS = [
  { id: 'r1', text: 'The battery died after a week.', product: 'Phone X' },
  { id: 'r2', text: 'Battery life is great, the screen too.', product: 'Tablet Z' },
  { id: 'r3', text: 'Delivery was late.', product: 'Phone X' },
];
const ids = (r: { body: { results: { instance_id: string }[] } }) => r.body.results.map((h) => h.instance_id);

describe('search', () => {
  it('finds by words of the text and fields, and by labels, typed answers and span texts; kept current on every answer', async () => {
    const t = await startServer({ config: { annotation_schemes: SCHEMES }, items: ITEMS });
    const alice = await t.client().login('alice', 'pw-123456');
    const bob = await t.client().login('bob', 'pw-123456');
    await alice.post('/updateinstance', {
      instance_id: 'r1',
      annotations: { 'sentiment:negative': 'true', 'why:text': 'Short-lived cells' },
      span_annotations: [{ schema: 'evidence', name: 'complaint', start: 4, end: 16 }],
    });
    await bob.post('/updateinstance', { instance_id: 'r3', annotations: { 'sentiment:negative': 'true' } });
    const admin = t.admin();

    expect(ids(await admin.get('/admin/api/search?q=battery'))).toEqual(['r1', 'r2']);
    expect(ids(await admin.get('/admin/api/search?q=BATTERY great'))).toEqual(['r2']);
    expect(ids(await admin.get('/admin/api/search?q=phone'))).toEqual(['r1', 'r3']); // a field
    const byLabel = await admin.get('/admin/api/search?q=negative');
    expect(byLabel.body.results).toEqual([
      { instance_id: 'r1', snippet: 'The battery died after a week.', matched_in: ['answers'], annotators: ['alice'] },
      { instance_id: 'r3', snippet: 'Delivery was late.', matched_in: ['answers'], annotators: ['bob'] },
    ]);
    expect(ids(await admin.get('/admin/api/search?q=cells'))).toEqual(['r1']); // a typed answer
    expect((await admin.get('/admin/api/search?q=complaint battery')).body.results[0]).toMatchObject({
      instance_id: 'r1',
      matched_in: ['answers'],
    }); // a span's label and text
    const both = await admin.get('/admin/api/search?q=battery&limit=1');
    expect(both.body).toMatchObject({
      truncated: true,
      results: [{ instance_id: 'r1', matched_in: ['item', 'answers'], annotators: ['alice'] }],
    });

    // a changed answer is found by its new words only
    await alice.post('/updateinstance', {
      instance_id: 'r1',
      annotations: { 'sentiment:positive': 'true' },
      span_annotations: [],
    });
    expect(ids(await admin.get('/admin/api/search?q=negative'))).toEqual(['r3']);
    expect(ids(await admin.get('/admin/api/search?q=positive'))).toEqual(['r1']);

    // an annotator searches their own list and answers only
    expect(ids(await alice.get('/api/search?q=negative'))).toEqual([]);
    expect(ids(await bob.get('/api/search?q=negative'))).toEqual(['r3']);
    const mine = await alice.get('/api/search?q=battery');
    expect(mine.body.results).toEqual([
      { instance_id: 'r1', snippet: 'The battery died after a week.', matched_in: ['item'] },
      { instance_id: 'r2', snippet: 'Battery life is great, the screen too.', matched_in: ['item'] },
    ]);
    // jump to a result
    expect((await alice.post('/go_to', { go_to: 'r2' })).body.instance_id).toBe('r2');

    expect((await admin.get('/admin/api/search?q=')).status).toBe(400);
    expect((await admin.get('/admin/api/search?q=')).body.error).toMatch(/^q/);
    expect((await alice.get('/admin/api/search?q=battery')).status).toBe(403);
    expect((await t.client().get('/api/search?q=battery')).status).toBe(401);
  });

  it('an annotator sees only the items of their list', async () => {
    const t = await startServer({
      config: { annotation_schemes: SCHEMES, max_annotations_per_user: 1, num_annotators_per_item: 1 },
      items: ITEMS,
    });
    const alice = await t.client().login('alice', 'pw-123456');
    const first = (await alice.get('/api/current_instance')).body.instance_id;
    expect(ids(await t.admin().get('/admin/api/search?q=the'))).toEqual(['r1', 'r2']);
    const found = ids(await alice.get('/api/search?q=the'));
    expect(found).toEqual(first === 'r3' ? [] : [first]);
  });
});
