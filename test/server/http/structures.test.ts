/** Links between spans (span_link) over real HTTP: stored, read back in the shape sent, refused when wrong. */
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import type { Client } from '../../helpers/client.js';

const TEXT = 'Ada Lovelace worked with Charles Babbage in London.';
const ITEMS = [
  { id: 'd1', text: TEXT },
  { id: 'd2', text: 'Nothing here.' },
];
const at = (phrase: string) => ({ start: TEXT.indexOf(phrase), end: TEXT.indexOf(phrase) + phrase.length });

export const LINK_SCHEMES = [
  { annotation_type: 'span', name: 'entities', labels: ['PERSON', 'PLACE'] },
  {
    annotation_type: 'span_link',
    name: 'relations',
    span_schema: 'entities',
    link_types: [
      { name: 'WORKS_WITH', directed: false, allowed_source_labels: ['PERSON'], allowed_target_labels: ['PERSON'] },
      {
        name: 'LIVES_IN',
        directed: true,
        allowed_source_labels: ['PERSON'],
        allowed_target_labels: ['PLACE'],
        color: '#dc2626',
      },
      { name: 'GROUP', max_spans: 3 },
    ],
  },
];

const SPANS = [
  { schema: 'entities', name: 'PERSON', ...at('Ada Lovelace'), id: 'a' },
  { schema: 'entities', name: 'PERSON', ...at('Charles Babbage'), id: 'c' },
  { schema: 'entities', name: 'PLACE', ...at('London'), id: 'l' },
];

describe('span_link over HTTP', () => {
  let t: TestServer;
  let ann: Client;
  beforeAll(async () => {
    t = await startServer({ items: ITEMS, config: { annotation_schemes: LINK_SCHEMES } });
    ann = await t.client().login('ann');
  });

  it('stores links between spans of the submission and reads them back in the shape it takes', async () => {
    const sent = await ann.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: SPANS,
      link_annotations: [
        { schema: 'relations', link_type: 'WORKS_WITH', span_ids: ['c', 'a'] },
        {
          id: 'link-2',
          schema: 'relations',
          link_type: 'LIVES_IN',
          span_ids: ['a', 'l'],
          direction: 'directed',
          properties: { note: 'born there' },
        },
      ],
    });
    expect(sent.status, sent.text).toBe(200);
    const back = (await ann.get('/get_annotations?instance_id=d1')).body;
    const idOf = (text: string) => back.span_annotations.find((s: { text: string }) => s.text === text).id;
    expect(back.annotations).toEqual({});
    expect(back.event_annotations).toEqual([]);
    expect(back.link_annotations).toEqual([
      {
        id: expect.stringMatching(/^ln_/),
        schema: 'relations',
        link_type: 'WORKS_WITH',
        span_ids: [idOf('Charles Babbage'), idOf('Ada Lovelace')],
        direction: 'undirected',
      },
      {
        id: 'link-2',
        schema: 'relations',
        link_type: 'LIVES_IN',
        span_ids: [idOf('Ada Lovelace'), idOf('London')],
        direction: 'directed',
        properties: { note: 'born there' },
      },
    ]);
    // Potato's read of the same links
    expect((await ann.get('/api/links/d1')).body).toEqual({
      status: 'success',
      instance_id: 'd1',
      links: back.link_annotations,
    });

    // what was read, sent back unchanged, changes nothing
    const again = await ann.post('/updateinstance', {
      instance_id: 'd1',
      annotations: back.annotations,
      span_annotations: back.span_annotations,
      link_annotations: back.link_annotations,
    });
    expect(again.status, again.text).toBe(200);
    const after = (await ann.get('/get_annotations?instance_id=d1')).body;
    expect(after).toEqual(back);
  });

  it("takes Potato's default span ids, keeps links when only spans or labels are sent, and drops the links of a deleted span", async () => {
    await ann.post('/updateinstance', { instance_id: 'd1', span_annotations: SPANS, link_annotations: [] });
    const potatoId = (s: (typeof SPANS)[number]) => `${s.schema}_${s.name}_${s.start}_${s.end}`;
    const r = await ann.post('/updateinstance', {
      instance_id: 'd1',
      link_annotations: [{ schema: 'relations', link_type: 'GROUP', span_ids: SPANS.map(potatoId) }],
    });
    expect(r.status, r.text).toBe(200);
    expect((await ann.get('/api/links/d1')).body.links).toHaveLength(1);
    // spans sent again without the place: the three-span group pointed at it, so it goes
    await ann.post('/updateinstance', { instance_id: 'd1', span_annotations: SPANS });
    expect((await ann.get('/api/links/d1')).body.links).toHaveLength(1);
    await ann.post('/updateinstance', { instance_id: 'd1', span_annotations: SPANS.slice(0, 2) });
    expect((await ann.get('/api/links/d1')).body.links).toEqual([]);
  });

  it('deletes one link by id through DELETE /api/links/<instance>/<link>', async () => {
    await ann.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: SPANS,
      link_annotations: [
        { id: 'keep', schema: 'relations', link_type: 'WORKS_WITH', span_ids: ['a', 'c'] },
        { id: 'drop', schema: 'relations', link_type: 'LIVES_IN', span_ids: ['c', 'l'] },
      ],
    });
    expect((await ann.request('DELETE', '/api/links/d1/drop')).status).toBe(200);
    expect((await ann.get('/api/links/d1')).body.links.map((l: { id: string }) => l.id)).toEqual(['keep']);
    expect((await ann.request('DELETE', '/api/links/d1/drop')).status).toBe(404);
  });

  it.each([
    [
      { schema: 'relations', link_type: 'WORKS_WITH', span_ids: ['a', 'nope'] },
      /^link_annotations\[0\]\.span_ids\[1\]: no span "nope"/,
    ],
    [
      { schema: 'relations', link_type: 'MARRIED', span_ids: ['a', 'c'] },
      /^link_annotations\[0\]: scheme "relations": link_type "MARRIED" is not one of WORKS_WITH, LIVES_IN, GROUP/,
    ],
    [
      { schema: 'relations', link_type: 'LIVES_IN', span_ids: ['l', 'a'] },
      /span labels PLACE → PERSON do not fit link type LIVES_IN/,
    ],
    [
      { schema: 'relations', link_type: 'LIVES_IN', span_ids: ['a', 'l'], direction: 'undirected' },
      /direction: link type LIVES_IN is directed/,
    ],
    [{ schema: 'relations', link_type: 'WORKS_WITH', span_ids: ['a', 'c', 'l'] }, /at most 2 spans \(max_spans\)/],
    [{ schema: 'relations', link_type: 'GROUP', span_ids: ['a'] }, /at least 2 spans/],
    [
      { schema: 'entities', link_type: 'GROUP', span_ids: ['a', 'c'] },
      /^link_annotations\[0\]\.schema: "entities" is not a link scheme/,
    ],
    [{ schema: 'relations', link_type: 'GROUP', span_ids: ['a', 'a'] }, /a span appears twice/],
    [{ schema: 'relations', link_type: 'GROUP' }, /^link_annotations\[0\]\.span_ids: /],
  ])('refuses a bad link with 400 naming it: %o', async (link, message) => {
    const before = (await ann.get('/get_annotations?instance_id=d1')).body;
    const r = await ann.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: SPANS,
      link_annotations: [link],
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
    expect((await ann.get('/get_annotations?instance_id=d1')).body).toEqual(before);
  });

  it('refuses a link scheme in annotations, pointing at link_annotations', async () => {
    const r = await ann.post('/updateinstance', { instance_id: 'd1', annotations: { 'relations:relations': '[]' } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/"relations" is a link scheme; send it in link_annotations/);
  });

  it('keeps links across a restart', async () => {
    await ann.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: SPANS,
      link_annotations: [{ id: 'x', schema: 'relations', link_type: 'WORKS_WITH', span_ids: ['a', 'c'] }],
    });
    const before = (await ann.get('/get_annotations?instance_id=d1')).body;
    const t2 = await t.restart();
    const again = await t2.client().login('ann');
    expect((await again.get('/get_annotations?instance_id=d1')).body).toEqual(before);
    t = t2;
    ann = again;
  });
});

describe('span_link exports', () => {
  it('writes links to JSONL (read back exactly as pre-annotations), CSV and spaCy', async () => {
    const t = await startServer({ items: ITEMS, config: { annotation_schemes: LINK_SCHEMES } });
    const ann = await t.client().login('ann');
    await ann.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: SPANS,
      link_annotations: [{ id: 'k', schema: 'relations', link_type: 'LIVES_IN', span_ids: ['a', 'l'] }],
    });
    const jsonl = (await t.admin().get('/admin/api/export?format=jsonl')).text;
    const [line] = jsonl
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(line.labels).toEqual({
      relations: [
        {
          id: 'k',
          link_type: 'LIVES_IN',
          span_ids: ['a', 'l'],
          direction: 'directed',
        },
      ],
    });

    const second = await startServer({ items: ITEMS, config: { annotation_schemes: LINK_SCHEMES } });
    const imported = await second
      .admin()
      .post('/admin/api/predictions', { source: 'export', content: jsonl, format: 'jsonl' });
    expect(imported.status, imported.text).toBe(200);
    const [prediction] = (await (await second.client().login('reader')).get('/api/predictions/d1')).body.predictions;
    expect(prediction.labels).toEqual(line.labels);
    expect(prediction.spans).toEqual(line.spans);

    const csv = (await t.admin().get('/admin/api/export?format=csv')).text;
    expect(csv.split('\n')[0]).toContain('relations');
    expect(csv).toContain('LIVES_IN');
    const spacy = (await t.admin().get('/admin/api/export?format=spacy')).text;
    expect(spacy).toContain('LIVES_IN');
  });
});
