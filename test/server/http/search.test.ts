/**
 * Search over real HTTP: admins find items by their words, fields and answers; annotators search their own list and
 * answers.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { loadConfig } from '../../../server/index.js';
import { EAGER_ITEMS } from '../../../server/domain/search/search-service.js';

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
  it('indexes a small project from the start, and a project past 20,000 items only when first searched', async () => {
    const small = await startServer({ config: { annotation_schemes: SCHEMES }, items: ITEMS });
    await expect.poll(() => small.server.services.search.indexedItems).toBe(ITEMS.length);

    const many = Array.from({ length: EAGER_ITEMS + 1 }, (_, i) => ({ id: `i${i}`, text: `item number ${i}` }));
    const large = await startServer({ config: { annotation_schemes: SCHEMES }, items: many });
    await new Promise((resolve) => setTimeout(resolve, 300)); // time in which a build from the start would begin
    expect(large.server.services.search.indexedItems).toBe(0);
    const found = await large.admin().get(`/admin/api/search?q=${EAGER_ITEMS}`);
    expect(ids(found)).toEqual([`i${EAGER_ITEMS}`]);
    expect(large.server.services.search.indexedItems).toBe(EAGER_ITEMS + 1);
  });

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
    expect((await admin.get('/admin/api/search?q=complaint')).body.results[0]).toMatchObject({
      instance_id: 'r1',
      matched_in: ['answers'],
    }); // a span's label
    // words of the item and of the answers together
    expect((await admin.get('/admin/api/search?q=delivery negative')).body.results).toEqual([
      { instance_id: 'r3', snippet: 'Delivery was late.', matched_in: ['item', 'answers'], annotators: ['bob'] },
    ]);
    expect(ids(await admin.get('/admin/api/search?q=delivery positive'))).toEqual([]);
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
    expect(ids(await bob.get('/api/search?q=late negative'))).toEqual(['r3']);
    expect(ids(await alice.get('/api/search?q=battery positive'))).toEqual(['r1']);
    expect(ids(await bob.get('/api/search?q=battery positive'))).toEqual([]); // alice's answer, not bob's
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

  it("counts its results, and is switched off (503) by Potato's search.enabled: false", async () => {
    const t = await startServer({ config: { annotation_schemes: SCHEMES }, items: ITEMS });
    const found = await t.admin().get('/admin/api/search?q=the');
    expect(found.body.count).toBe(found.body.results.length);
    expect(found.body.count).toBeGreaterThan(0);
    expect((await t.admin().get('/admin/api/search?q=zzznothing')).body).toMatchObject({ count: 0, results: [] });
    await t.close();

    const off = await startServer({
      config: { annotation_schemes: SCHEMES, search: { enabled: false } },
      items: ITEMS,
    });
    expect(loadConfig(off.configFile).warnings).toEqual([]);
    for (const r of [
      await off.admin().get('/admin/api/search?q=the'),
      await (await off.client().login('alice', 'pw-123456')).get('/api/search?q=the'),
    ]) {
      expect(r.status).toBe(503);
      expect(r.body.error).toBe('search: full-text search is not enabled for this project (search.enabled: false)');
    }
    await off.close();
  });

  it('names every annotator whose answers hold some of the words when they are spread over several', async () => {
    const t = await startServer({ config: { annotation_schemes: SCHEMES }, items: ITEMS });
    const alice = await t.client().login('alice', 'pw-123456');
    const bob = await t.client().login('bob', 'pw-123456');
    const carol = await t.client().login('carol', 'pw-123456');
    await alice.post('/updateinstance', { instance_id: 'r2', annotations: { 'sentiment:positive': 'true' } });
    await bob.post('/updateinstance', { instance_id: 'r2', annotations: { 'why:text': 'screen praised' } });
    await carol.post('/updateinstance', { instance_id: 'r2', annotations: { 'sentiment:negative': 'true' } });
    const spread = await t.admin().get('/admin/api/search?q=positive praised');
    expect(spread.body.results).toEqual([
      {
        instance_id: 'r2',
        snippet: 'Battery life is great, the screen too.',
        matched_in: ['answers'],
        annotators: ['alice', 'bob'],
      },
    ]);
    // an annotator's own search still needs every word in their own answers
    expect(ids(await alice.get('/api/search?q=positive praised'))).toEqual([]);
    expect(ids(await bob.get('/api/search?q=praised'))).toEqual(['r2']);
  });

  it('answers in full while the indexes are still being built in the background after a restart', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: `i${i}`, text: `item number w${i} of many` }));
    let t = await startServer({ config: { annotation_schemes: SCHEMES }, items });
    const alice = await t.client().login('alice', 'pw-123456');
    await alice.post('/updateinstance', {
      instance_id: 'i19999',
      annotations: { 'why:text': 'zebra crossing' },
    });
    t = await t.restart();
    const admin = t.admin();
    const [last, answered, shared] = await Promise.all([
      admin.get('/admin/api/search?q=w19999'),
      admin.get('/admin/api/search?q=zebra'),
      admin.get('/admin/api/search?q=many&limit=3'),
    ]);
    expect(ids(last)).toEqual(['i19999']);
    expect(answered.body.results).toEqual([
      { instance_id: 'i19999', snippet: 'item number w19999 of many', matched_in: ['answers'], annotators: ['alice'] },
    ]);
    expect(shared.body).toMatchObject({ truncated: true });
    expect(ids(shared)).toEqual(['i0', 'i1', 'i2']);
    // kept current once built
    const again = await t.client().login('alice', 'pw-123456');
    await again.post('/updateinstance', { instance_id: 'i5', annotations: { 'why:text': 'zebra again' } });
    expect(ids(await admin.get('/admin/api/search?q=zebra'))).toEqual(['i5', 'i19999']);
  });
});
