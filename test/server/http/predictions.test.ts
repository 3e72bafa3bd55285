/** Pre-annotations over real HTTP: imported by an admin, read by annotators, never counted as annotations. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'data');
const ITEMS = readFileSync(join(FIXTURES, 'items.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { id: string; text: string });
const TEXT1 = ITEMS[0].text;
const at = (phrase: string) => ({ start: TEXT1.indexOf(phrase), end: TEXT1.indexOf(phrase) + phrase.length });

describe('POST /admin/api/predictions and GET /api/predictions/:instance_id', () => {
  it('stores labels and spans by source, shows them to annotators, and counts none of them', async () => {
    const t = await startServer({ items: ITEMS });
    const admin = t.admin();
    const r = await admin.post('/admin/api/predictions', {
      source: 'model-a',
      predictions: [
        {
          instance_id: 'r1',
          labels: { sentiment: 'negative', topics: ['price'], stars: 2 },
          spans: [{ schema: 'evidence', label: 'neg', ...at('battery dies fast') }],
        },
        { instance_id: 'r1', source: 'model-b', labels: { sentiment: 'neutral' } },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success', imported: 2, sources: ['model-a', 'model-b'] });

    const alice = await t.client().login('alice');
    const shown = await alice.get('/api/predictions/r1');
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      instance_id: 'r1',
      predictions: [
        {
          source: 'model-a',
          labels: { sentiment: 'negative', topics: ['price'], stars: '2' },
          spans: [{ schema: 'evidence', label: 'neg', ...at('battery dies fast'), text: 'battery dies fast' }],
          created_at: expect.any(String),
        },
        { source: 'model-b', labels: { sentiment: 'neutral' }, spans: [], created_at: expect.any(String) },
      ],
    });
    expect((await alice.get('/api/predictions/r2')).body).toEqual({ instance_id: 'r2', predictions: [] });
    // suggestions are not annotations: nothing annotated, nothing exported
    expect((await alice.get('/api/current_instance')).body.annotated).toBe(false);
    expect((await alice.get('/get_annotations?instance_id=r1')).body.annotations).toEqual({});
    expect((await admin.get('/admin/api/export')).text).toBe('');
    expect(t.server.services.annotations.totalAnnotations()).toBe(0);

    // importing a source again replaces its records; they survive a restart
    await admin.post('/admin/api/predictions', {
      source: 'model-a',
      predictions: [{ instance_id: 'r1', labels: { sentiment: 'positive' } }],
    });
    const again = await t.restart();
    const back = await again.client().login('alice');
    const after = (await back.get('/api/predictions/r1')).body.predictions;
    expect(after.map((p: { source: string; labels: unknown }) => [p.source, p.labels])).toEqual([
      ['model-a', { sentiment: 'positive' }],
      ['model-b', { sentiment: 'neutral' }],
    ]);
  });

  it('refuses bad rows naming the row and field, and stores none of the import', async () => {
    const t = await startServer({ items: ITEMS });
    const admin = t.admin();
    const cases: [unknown[], RegExp][] = [
      [[{ instance_id: 'nope', labels: {} }], /^predictions:1: instance_id: no instance "nope"/],
      [
        [{ instance_id: 'r1' }, { instance_id: 'r2', labels: { mood: 'x' } }],
        /^predictions:2: labels\.mood: unknown scheme "mood"/,
      ],
      [[{ instance_id: 'r1', labels: { sentiment: ['positive', 'negative'] } }], /takes one label/],
      [[{ instance_id: 'r1', labels: { stars: 'many' } }], /is not a number/],
      [
        [{ instance_id: 'r1', spans: [{ schema: 'evidence', label: 'pos', start: 5, end: 500 }] }],
        /^predictions:1: spans\[0\]: offsets must be integers with 0 <= start < end <= 39/,
      ],
      [
        [{ instance_id: 'r1', spans: [{ schema: 'evidence', label: 'pos', start: 0, end: 5, text: 'Other' }] }],
        /spans\[0\]\.text: "Other" is not the text at 0\.\.5/,
      ],
      [
        [{ instance_id: 'r1', spans: [{ schema: 'sentiment', label: 'pos', start: 0, end: 5 }] }],
        /is not a span scheme/,
      ],
      [
        [{ instance_id: 'r1' }, { instance_id: 'r1' }],
        /^predictions:2: a second prediction for instance "r1" from source "m" \(first at predictions:1\)/,
      ],
    ];
    for (const [predictions, message] of cases) {
      const r = await admin.post('/admin/api/predictions', { source: 'm', predictions });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(message);
    }
    expect((await admin.post('/admin/api/predictions', { predictions: [{ instance_id: 'r1' }] })).body.error).toMatch(
      /source: give a source name/,
    );
    expect((await admin.post('/admin/api/predictions', { source: 'm' })).body.error).toMatch(/give predictions/);
    expect(t.server.services.store.size('predictions')).toBe(0);
  });

  it('reads a file with line numbers in errors, and guards the annotator endpoint', async () => {
    const t = await startServer({ items: ITEMS, config: { num_annotators_per_item: 1, max_annotations_per_user: 1 } });
    const bad = await t.admin().post('/admin/api/predictions', {
      source: 'm',
      content: '{"instance_id": "r1"}\n{"instance_id": "r2", "spans": 3}\n',
      format: 'jsonl',
    });
    expect(bad.body.error).toBe('request body:2: spans: expected an array');
    expect((await t.client().get('/api/predictions/r1')).status).toBe(401);
    const alice = await t.client().login('alice');
    expect((await alice.get('/api/predictions/missing')).status).toBe(404);
    expect((await alice.get('/api/predictions/r2')).status).toBe(403); // not in alice's list
    expect(
      (
        await t
          .client()
          .login('bob')
          .then((b) => b.post('/admin/api/predictions', { source: 'm', predictions: [] }))
      ).status,
    ).toBe(403);
  });
});

describe('round trip: a JSONL export imported as pre-annotations', () => {
  it('reproduces every span exactly, offsets and text', async () => {
    const first = await startServer({ items: ITEMS });
    const ann = await first.client().login('ann');
    const spans = [
      { schema: 'evidence', name: 'pos', ...at('Great phone') },
      { schema: 'evidence', name: 'neg', ...at('battery dies fast') },
      { schema: 'evidence', name: 'neg', ...at('battery') },
    ];
    await ann.post('/updateinstance', {
      instance_id: 'r1',
      annotations: { 'sentiment:negative': 'true', 'topics:price': 'true', 'note:text': 'dies' },
      span_annotations: spans,
    });
    const text2 = ITEMS[1].text;
    await ann.post('/updateinstance', {
      instance_id: 'r2',
      span_annotations: [{ schema: 'evidence', name: 'pos', start: text2.indexOf('Kühl'), end: text2.length }],
    });
    const exported = (await first.admin().get('/admin/api/export?format=jsonl')).text;

    const second = await startServer({ items: ITEMS });
    const r = await second
      .admin()
      .post('/admin/api/predictions', { source: 'ann-export', content: exported, format: 'jsonl' });
    expect(r.body).toEqual({ status: 'success', imported: 2, sources: ['ann-export'] });
    const reader = await second.client().login('reader');
    for (const line of exported
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))) {
      const [prediction] = (await reader.get(`/api/predictions/${line.instance_id}`)).body.predictions;
      expect(prediction.spans).toEqual(line.spans);
      expect(prediction.labels).toEqual(line.labels);
    }
  });
});
