/**
 * Spans named by their clients and PDF anchors over real HTTP: a span keeps the id it was sent with, so a link sent
 * in a later request names it by that id; Potato's format_coords are kept and given back, a region anchor may be
 * zero-length; refusals name the field. Both stores keep them across a restart.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const QUESTION = 'Where did the ferry leave from this morning?';
const REPLY = 'It left from the north pier at seven.';
const at = (text: string, words: string) => ({ start: text.indexOf(words), end: text.indexOf(words) + words.length });

const project = {
  config: {
    instance_display: {
      fields: [
        { key: 'text', type: 'text', label: 'Question', span_target: true },
        { key: 'reply', type: 'text', label: 'Reply', span_target: true },
      ],
    },
    annotation_schemes: [
      { annotation_type: 'span', name: 'marks', labels: ['question', 'answer', 'claim', 'figure'] },
      {
        annotation_type: 'span_link',
        name: 'qa_links',
        span_schema: 'marks',
        link_types: [{ name: 'answers', directed: true }, { name: 'refers_to' }],
      },
    ],
  },
  items: [
    { id: 'ep1', text: QUESTION, reply: REPLY },
    { id: 'ep2', text: QUESTION, reply: REPLY },
    { id: 'ep3', text: QUESTION, reply: REPLY },
  ],
};

const QA = [
  { schema: 'marks', name: 'question', ...at(QUESTION, 'Where did the ferry leave'), id: 'q1' },
  { schema: 'marks', name: 'answer', ...at(REPLY, 'the north pier'), target_field: 'reply', id: 'a1' },
];

const TEXT_ANCHOR = {
  schema: 'marks',
  name: 'claim',
  ...at(QUESTION, 'ferry'),
  id: 'anchor_text_1',
  format_coords: { format: 'pdf', anchor_kind: 'text', page: 1, bbox: [0.1, 0.22, 0.55, 0.06], start: 14, end: 19 },
};
const REGION = (id: string | undefined, page: number, bbox: number[]) => ({
  schema: 'marks',
  name: 'figure',
  start: 0,
  end: 0,
  ...(id === undefined ? {} : { id }),
  format_coords: { format: 'pdf', anchor_kind: 'region', page, bbox },
});

describe('client-chosen span ids', () => {
  let t: TestServer;
  let ann: Client;
  beforeAll(async () => {
    t = await startServer(project);
    ann = await t.client().login('ann');
  });

  it('keeps the ids spans were sent with, so a link sent later names them', async () => {
    expect((await ann.post('/updateinstance', { instance_id: 'ep1', span_annotations: QA })).status).toBe(200);
    const link = {
      id: 'lnk1',
      schema: 'qa_links',
      link_type: 'answers',
      span_ids: ['a1', 'q1'],
      direction: 'directed',
    };
    const r = await ann.post('/updateinstance', { instance_id: 'ep1', link_annotations: [link] });
    expect(r.status, r.text).toBe(200);

    expect((await ann.get('/api/links/ep1')).body.links).toEqual([expect.objectContaining(link)]);
    const spans = (await ann.get('/api/spans/ep1')).body.spans;
    expect(spans.map((s: { id: string }) => s.id)).toEqual(['q1', 'a1']);
    const stored = (await ann.get('/get_annotations?instance_id=ep1')).body;
    expect(stored.span_annotations.map((s: { id: string }) => s.id)).toEqual(['q1', 'a1']);
    expect(stored.link_annotations[0].span_ids).toEqual(['a1', 'q1']);
  });

  it('fires no change for the same spans sent again, with their ids or without them, and keeps the ids', async () => {
    const before = (await ann.get('/get_annotations?instance_id=ep1')).body;
    await ann.post('/updateinstance', { instance_id: 'ep1', span_annotations: QA });
    const bare = QA.map(({ id: _id, ...span }) => span);
    await ann.post('/updateinstance', { instance_id: 'ep1', span_annotations: bare });
    const after = (await ann.get('/get_annotations?instance_id=ep1')).body;
    expect(after).toEqual(before);
    expect(after.span_annotations.map((s: { id: string }) => s.id)).toEqual(['q1', 'a1']);
  });

  it('takes a new id for a span, and gives a span sent without one its derived id', async () => {
    await ann.post('/updateinstance', {
      instance_id: 'ep2',
      span_annotations: [QA[0], { ...QA[1], id: undefined }],
    });
    await ann.post('/updateinstance', {
      instance_id: 'ep2',
      span_annotations: [{ ...QA[0], id: 'question-1' }, QA[1]],
    });
    const ids = (await ann.get('/api/spans/ep2')).body.spans.map((s: { id: string }) => s.id);
    expect(ids).toEqual(['question-1', 'a1']);
    // an id of the server's own form counts as none: the span keeps the id stored for it, or gets its derived one
    await ann.post('/updateinstance', { instance_id: 'ep2', span_annotations: [{ ...QA[0], id: 'sp_abc123' }] });
    expect((await ann.get('/api/spans/ep2')).body.spans[0].id).toBe('question-1');
    await ann.post('/updateinstance', { instance_id: 'ep3', span_annotations: [{ ...QA[0], id: 'sp_abc123' }] });
    const [own] = (await ann.get('/api/spans/ep3')).body.spans;
    expect(own.id).toMatch(/^sp_[0-9a-z]+$/);
    expect(own.id).not.toBe('sp_abc123');
  });

  it('refuses one span sent with two ids, one id for two spans, and ids that are not plain text, naming the field', async () => {
    const cases: [unknown[], RegExp][] = [
      [[QA[0], { ...QA[0], id: 'other' }], /^span_annotations\[1\]\.id: the same span as span_annotations\[0\]/],
      [[QA[0], { ...QA[1], id: 'q1' }], /^span_annotations\[1\]\.id: "q1" already names span_annotations\[0\]/],
      [[{ ...QA[0], id: 'bad\u0001id' }], /^span_annotations\[0\]\.id: /],
      [[{ ...QA[0], id: ' padded' }], /^span_annotations\[0\]\.id: /],
      [[{ ...QA[0], id: 'x'.repeat(129) }], /^span_annotations\[0\]\.id: /],
      [[{ ...QA[0], id: '' }], /^span_annotations\[0\]\.id: /],
    ];
    const before = (await ann.get('/get_annotations?instance_id=ep1')).body;
    for (const [spans, error] of cases) {
      const r = await ann.post('/updateinstance', { instance_id: 'ep1', span_annotations: spans });
      expect(r.status, JSON.stringify(spans)).toBe(400);
      expect(r.body.error).toMatch(error);
    }
    expect((await ann.get('/get_annotations?instance_id=ep1')).body).toEqual(before);
  });

  it('refuses a link naming an id no span has, naming the field', async () => {
    const r = await ann.post('/updateinstance', {
      instance_id: 'ep1',
      link_annotations: [{ schema: 'qa_links', link_type: 'answers', span_ids: ['a1', 'q9'] }],
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^link_annotations\[0\]\.span_ids\[1\]: no span "q9"/);
  });
});

describe('PDF anchors (format_coords)', () => {
  let t: TestServer;
  let ann: Client;
  beforeAll(async () => {
    t = await startServer(project);
    ann = await t.client().login('ann');
  });

  it('keeps a text anchor and a zero-length region anchor with their coordinates, and the link between them', async () => {
    const link = {
      id: 'link_pdf_1',
      schema: 'qa_links',
      link_type: 'refers_to',
      span_ids: ['anchor_text_1', 'anchor_region_1'],
      properties: { anchor_pages: [1, 3], anchor_kinds: ['text', 'region'] },
    };
    const r = await ann.post('/updateinstance', {
      instance_id: 'ep1',
      span_annotations: [TEXT_ANCHOR, REGION('anchor_region_1', 3, [0.12, 0.3, 0.4, 0.22])],
      link_annotations: [link],
    });
    expect(r.status, r.text).toBe(200);
    const spans = (await ann.get('/api/spans/ep1')).body.spans;
    expect(spans).toEqual([
      expect.objectContaining({
        id: 'anchor_region_1',
        start: 0,
        end: 0,
        format_coords: REGION('', 3, [0.12, 0.3, 0.4, 0.22]).format_coords,
      }),
      expect.objectContaining({ id: 'anchor_text_1', format_coords: TEXT_ANCHOR.format_coords }),
    ]);
    expect((await ann.get('/api/links/ep1')).body.links).toEqual([expect.objectContaining(link)]);
    const stored = (await ann.get('/get_annotations?instance_id=ep1')).body;
    expect(stored.span_annotations[0].format_coords).toEqual({
      format: 'pdf',
      anchor_kind: 'region',
      page: 3,
      bbox: [0.12, 0.3, 0.4, 0.22],
    });

    const jsonl = (await t.admin().get('/admin/api/export?format=jsonl')).text;
    const row = jsonl
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .find((l) => l.instance_id === 'ep1');
    expect(row.spans[0]).toMatchObject({ start: 0, end: 0, format_coords: { anchor_kind: 'region', page: 3 } });
  });

  it('keeps two boxes of one label on one page apart, and a link between them, without ids', async () => {
    const r = await ann.post('/updateinstance', {
      instance_id: 'ep2',
      span_annotations: [REGION(undefined, 2, [0.1, 0.1, 0.2, 0.2]), REGION(undefined, 2, [0.5, 0.5, 0.2, 0.2])],
    });
    expect(r.status, r.text).toBe(200);
    const spans = (await ann.get('/api/spans/ep2')).body.spans as { id: string; format_coords: { bbox: number[] } }[];
    expect(spans).toHaveLength(2);
    const [a, b] = spans;
    const linked = await ann.post('/updateinstance', {
      instance_id: 'ep2',
      link_annotations: [{ schema: 'qa_links', link_type: 'refers_to', span_ids: [b.id, a.id] }],
    });
    expect(linked.status, linked.text).toBe(200);
    expect((await ann.get('/api/links/ep2')).body.links[0].span_ids).toEqual([b.id, a.id]);
  });

  it("keeps a region anchor's id and coordinates when Potato's page shape adds a span", async () => {
    await ann.post('/updateinstance', { instance_id: 'ep3', span_annotations: [REGION('fig-1', 4, [0, 0, 1, 1])] });
    const r = await ann.post('/updateinstance', {
      instance_id: 'ep3',
      type: 'span',
      schema: 'marks',
      state: [{ name: 'claim', ...at(QUESTION, 'ferry'), value: 'ferry' }],
    });
    expect(r.status, r.text).toBe(200);
    const spans = (await ann.get('/api/spans/ep3')).body.spans;
    expect(spans[0]).toMatchObject({ id: 'fig-1', format_coords: { page: 4, anchor_kind: 'region' } });
    expect(spans).toHaveLength(2);
  });

  it('refuses zero-length spans that are no region, and format_coords that are wrong, naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [
        { schema: 'marks', name: 'claim', start: 3, end: 3 },
        /^span_annotations\[0\]: offsets must satisfy 0 <= start < end/,
      ],
      [{ ...TEXT_ANCHOR, end: TEXT_ANCHOR.start }, /^span_annotations\[0\]: offsets must satisfy 0 <= start < end/],
      [
        { ...REGION('r', 1, [0, 0, 1, 1]), start: 0, end: 999 },
        /^span_annotations\[0\]: offsets must satisfy 0 <= start <= end/,
      ],
      [
        { ...REGION('r', 1, [0, 0, 1, 1]), format_coords: { format: 'scroll', page: 1 } },
        /^span_annotations\[0\]\.format_coords\.format: /,
      ],
      [
        { ...REGION('r', 1, [0, 0, 1, 1]), format_coords: { format: 'pdf', page: '2' } },
        /^span_annotations\[0\]\.format_coords\.page: /,
      ],
      [
        { ...REGION('r', 1, [0, 0, 1, 1]), format_coords: { format: 'pdf', page: 1, bbox: [1, 2] } },
        /^span_annotations\[0\]\.format_coords\.bbox: /,
      ],
      [
        { ...REGION('r', 1, [0, 0, 1, 1]), format_coords: { format: 'pdf', page: 1, pgae: 2 } },
        /^span_annotations\[0\]\.format_coords: .*pgae/,
      ],
    ];
    for (const [span, error] of cases) {
      const r = await ann.post('/updateinstance', { instance_id: 'ep1', span_annotations: [span] });
      expect(r.status, JSON.stringify(span)).toBe(400);
      expect(r.body.error).toMatch(error);
    }
  });

  it('keeps the anchors as they are when a client sends them again without ids or format_coords', async () => {
    const before = (await ann.get('/get_annotations?instance_id=ep1')).body;
    const bare = before.span_annotations.map((s: { schema: string; name: string; start: number; end: number }) => ({
      schema: s.schema,
      name: s.name,
      start: s.start,
      end: s.end,
    }));
    const r = await ann.post('/updateinstance', { instance_id: 'ep1', span_annotations: bare });
    expect(r.status, r.text).toBe(200);
    expect((await ann.get('/get_annotations?instance_id=ep1')).body).toEqual(before);
  });

  it('keeps ids, anchors and links exactly across a restart', async () => {
    const read = async (c: Client) =>
      Promise.all(
        ['/get_annotations?instance_id=ep1', '/api/spans/ep1', '/api/links/ep1'].map(
          async (p) => (await c.get(p)).body,
        ),
      );
    const before = await read(ann);
    expect(before[1].spans.map((s: { id: string }) => s.id)).toEqual(['anchor_region_1', 'anchor_text_1']);
    t = await t.restart();
    ann = await t.client().login('ann');
    expect(await read(ann)).toEqual(before);
  });
});

describe('links in a task without link schemes', () => {
  it('refuses a link of a scheme the config does not have, naming it, and stores nothing', async () => {
    const t = await startServer({
      config: { annotation_schemes: [project.config.annotation_schemes[0]] },
      items: [{ id: 'd1', text: QUESTION }],
    });
    const ann = await t.client().login('ann');
    const r = await ann.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: [QA[0]],
      link_annotations: [{ schema: 'pdf_links', link_type: 'refers_to', span_ids: ['q1'] }],
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^link_annotations\[0\]\.schema: unknown scheme "pdf_links"/);
    expect((await ann.get('/get_annotations?instance_id=d1')).body.span_annotations).toEqual([]);
  });
});
