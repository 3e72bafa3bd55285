/**
 * Pre-annotations with PDF anchors and boxes over real HTTP: a pdf region anchor or a bounding box may be
 * zero-length, as over the API, and its coordinates are kept; any other zero-length span and coordinates the API
 * would refuse are 400s naming the field, with nothing stored. A JSONL export with a region reads back exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const TEXT = 'Figure 2 shows the harbour at low tide.';
const REGION = { format: 'pdf', anchor_kind: 'region', page: 3, bbox: [0.1, 0.2, 0.6, 0.3] };
const BOX = { format: 'bounding_box', page: 1, bbox: [12, 40, 200, 90] };
const TEXT_ANCHOR = { format: 'pdf', anchor_kind: 'text', page: 3, bbox: [0.1, 0.1, 0.2, 0.05] };

const project = {
  config: { annotation_schemes: [{ annotation_type: 'span', name: 'marks', labels: ['figure', 'place'] }] },
  items: [
    { id: 'p1', text: TEXT },
    { id: 'p2', text: TEXT },
  ],
};

describe('pre-annotations with regions', () => {
  let t: TestServer;
  let reader: Client;
  beforeAll(async () => {
    t = await startServer(project);
    reader = await t.client().login('reader');
  });
  afterAll(() => t.close());

  it('takes zero-length region anchors and boxes with their coordinates', async () => {
    const r = await t.admin().post('/admin/api/predictions', {
      source: 'layout-model',
      predictions: [
        {
          instance_id: 'p1',
          spans: [
            { schema: 'marks', label: 'figure', start: 0, end: 0, format_coords: REGION, id: 'fig' },
            { schema: 'marks', label: 'figure', start: 0, end: 0, format_coords: BOX },
            { schema: 'marks', label: 'place', start: 19, end: 26, format_coords: TEXT_ANCHOR },
          ],
        },
      ],
    });
    expect(r.status, r.text).toBe(200);
    const [p] = (await reader.get('/api/predictions/p1')).body.predictions;
    expect(p.spans).toEqual([
      { id: 'fig', schema: 'marks', label: 'figure', start: 0, end: 0, format_coords: REGION, text: '' },
      { schema: 'marks', label: 'figure', start: 0, end: 0, format_coords: BOX, text: '' },
      { schema: 'marks', label: 'place', start: 19, end: 26, format_coords: TEXT_ANCHOR, text: 'harbour' },
    ]);
  });

  it('refuses other zero-length spans and coordinates the API refuses, naming the field, and stores nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ start: 4, end: 4 }, /^predictions:1: spans\[0\]: offsets must be integers with 0 <= start < end <= 39$/],
      [
        { start: 0, end: 0, format_coords: TEXT_ANCHOR },
        /^predictions:1: spans\[0\]: offsets must be integers with 0 <= start < end <= 39$/,
      ],
      [
        { start: 0, end: 99, format_coords: REGION },
        /^predictions:1: spans\[0\]: offsets must be integers with 0 <= start <= end <= 39$/,
      ],
      [
        { start: 0, end: 0, format_coords: { ...REGION, bbox: [1, 2] } },
        /^predictions:1: spans\[0\]\.format_coords\.bbox: /,
      ],
      [
        { start: 0, end: 0, format_coords: { format: 'scroll' } },
        /^predictions:1: spans\[0\]\.format_coords\.format: /,
      ],
    ];
    for (const [span, error] of cases) {
      const r = await t.admin().post('/admin/api/predictions', {
        source: 'bad',
        predictions: [{ instance_id: 'p2', spans: [{ schema: 'marks', label: 'figure', ...(span as object) }] }],
      });
      expect(r.status, JSON.stringify(span)).toBe(400);
      expect(r.body.error).toMatch(error);
    }
    expect((await reader.get('/api/predictions/p2')).body.predictions).toEqual([]);
  });

  it('reads a JSONL export with a zero-length region back exactly', async () => {
    const ann = await t.client().login('ann');
    const sent = await ann.post('/updateinstance', {
      instance_id: 'p2',
      span_annotations: [
        { schema: 'marks', name: 'figure', start: 0, end: 0, format_coords: REGION, id: 'fig-2' },
        { schema: 'marks', name: 'place', start: 19, end: 26 },
      ],
    });
    expect(sent.status, sent.text).toBe(200);
    const jsonl = (await t.admin().get('/admin/api/export?format=jsonl')).text;
    const second = await startServer(project);
    const r = await second.admin().post('/admin/api/predictions', { source: 'ann', content: jsonl, format: 'jsonl' });
    expect(r.status, r.text).toBe(200);
    const [row] = jsonl
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const [p] = (await (await second.client().login('reader')).get('/api/predictions/p2')).body.predictions;
    expect(p.spans).toEqual(row.spans);
    await second.close();
  });
});
