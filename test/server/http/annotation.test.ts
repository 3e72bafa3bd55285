/** The annotation API over real HTTP (docs/api.md). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';

// item-N's text: "Item N: the product was great but shipping was slow."
const TEXT1 = 'Item 1: the product was great but shipping was slow.';
const at = (word: string, text = TEXT1) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length });
const COLORED = { ui: { spans: { span_colors: { evidence: { pos: '#112233', neg: 'rgb(1,2,3)' } } } } };

describe('GET /api/current_instance', () => {
  it("returns the caller's current instance with text, raw data and whether it is annotated", async () => {
    const t = await startServer({
      items: [
        { id: 'a', text: 'Alpha', source: 'web' },
        { id: 'b', text: 'Beta' },
      ],
    });
    const alice = await t.client().login('alice');
    const r = await alice.get('/api/current_instance');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      instance_id: 'a',
      current_index: 0,
      total_instances: 2,
      annotated_count: 0,
      text: 'Alpha',
      data: { id: 'a', text: 'Alpha', source: 'web' },
      annotated: false,
      progress: { done: 0, expected: 2, left: 2, quota: null, positions: 2 },
      display: {
        source: 'fields',
        direction: 'vertical',
        blocks: [
          { type: 'surface', key: 'text' },
          { type: 'text', key: 'source', label: 'source', text: 'web' },
        ],
      },
    });
    await alice.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:neutral': 'true' } });
    expect((await alice.get('/api/current_instance')).body).toMatchObject({
      annotated: true,
      progress: { done: 1, left: 1 },
    });
  });

  it('answers 404 with a JSON error when nothing is left to hand out', async () => {
    const t = await startServer({ items: [{ id: 'only', text: 'One' }], config: { num_annotators_per_item: 1 } });
    await (await t.client().login('alice')).get('/api/current_instance');
    const bob = await t.client().login('bob');
    const r = await bob.get('/api/current_instance');
    expect(r.status).toBe(404);
    expect(r.body.error).toMatch(/no instances are assigned to you/);
  });
});

describe('POST /updateinstance and reading back', () => {
  let t: TestServer;
  let alice: Client;
  beforeAll(async () => {
    t = await startServer({ config: COLORED });
    alice = await t.client().login('alice');
  });

  it('round-trips labels of every scheme type and spans, in the shape it takes', async () => {
    const annotations = {
      'sentiment:positive': 'true',
      'topics:price': 'true',
      'topics:quality': 'true',
      'helpful:4': 'true',
      'kind:b': 'true',
      'note:text': 'ships slowly',
      'stars:value': '4',
      'confidence:value': '72.5',
    };
    const spans = [
      { schema: 'evidence', name: 'neg', ...at('shipping was slow'), value: 'shipping was slow' },
      { schema: 'evidence', name: 'pos', ...at('great') },
    ];
    const r = await alice.post('/updateinstance', { instance_id: 'item-1', annotations, span_annotations: spans });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success', processing_time_ms: expect.any(Number) });
    expect(Number.isInteger(r.body.processing_time_ms)).toBe(true);

    const read = await alice.get('/get_annotations?instance_id=item-1');
    expect(read.status).toBe(200);
    expect(read.body.instance_id).toBe('item-1');
    expect(read.body.annotations).toEqual(annotations);
    expect(read.body.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // sorted by position; value defaults to the covered text
    expect(read.body.span_annotations).toEqual([
      {
        id: expect.stringMatching(/^sp_/),
        schema: 'evidence',
        name: 'pos',
        ...at('great'),
        value: 'great',
        text: 'great',
      },
      {
        id: expect.stringMatching(/^sp_/),
        schema: 'evidence',
        name: 'neg',
        ...at('shipping was slow'),
        value: 'shipping was slow',
        text: 'shipping was slow',
      },
    ]);

    const content = await alice.get('/api/spans/item-1');
    expect(content.status).toBe(200);
    expect(content.body).toEqual({
      instance_id: 'item-1',
      text: TEXT1,
      spans: [
        {
          id: read.body.span_annotations[0].id,
          schema: 'evidence',
          label: 'pos',
          ...at('great'),
          text: 'great',
          color: '#112233',
        },
        {
          id: read.body.span_annotations[1].id,
          schema: 'evidence',
          label: 'neg',
          ...at('shipping was slow'),
          text: 'shipping was slow',
          color: '#010203',
        },
      ],
    });
    const colors = (await alice.get('/api/colors')).body;
    for (const span of content.body.spans) expect(span.color).toBe(colors.evidence[span.label]);

    // what was read can be sent back unchanged
    const { instance_id, annotations: a, span_annotations: s } = read.body;
    expect((await alice.post('/updateinstance', { instance_id, annotations: a, span_annotations: s })).status).toBe(
      200,
    );
    const reread = await alice.get('/get_annotations?instance_id=item-1');
    expect(reread.body).toEqual(read.body);
  });

  it('keeps span ids the same across reads and resubmissions', async () => {
    const spans = [
      { schema: 'evidence', name: 'pos', ...at('product', 'Item 2: the product was great but shipping was slow.') },
    ];
    await alice.post('/updateinstance', { instance_id: 'item-2', span_annotations: spans });
    const first = (await alice.get('/api/spans/item-2')).body.spans[0].id;
    expect((await alice.get('/api/spans/item-2')).body.spans[0].id).toBe(first);
    await alice.post('/updateinstance', { instance_id: 'item-2', span_annotations: [...spans, ...spans] });
    const again = (await alice.get('/api/spans/item-2')).body.spans;
    expect(again).toHaveLength(1); // the same span twice is one span
    expect(again[0].id).toBe(first);
  });

  it('replaces a present part and leaves an omitted part as it was', async () => {
    await alice.post('/updateinstance', {
      instance_id: 'item-3',
      annotations: { 'sentiment:negative': 'true', 'note:text': 'x' },
      span_annotations: [{ schema: 'evidence', name: 'neg', start: 0, end: 4 }],
    });
    // labels only: spans stay
    await alice.post('/updateinstance', { instance_id: 'item-3', annotations: { 'sentiment:neutral': 'true' } });
    let read = (await alice.get('/get_annotations?instance_id=item-3')).body;
    expect(read.annotations).toEqual({ 'sentiment:neutral': 'true' });
    expect(read.span_annotations).toMatchObject([{ name: 'neg', start: 0, end: 4, text: 'Item' }]);
    // spans only: labels stay; an empty list clears the spans
    await alice.post('/updateinstance', { instance_id: 'item-3', span_annotations: [] });
    read = (await alice.get('/get_annotations?instance_id=item-3')).body;
    expect(read.annotations).toEqual({ 'sentiment:neutral': 'true' });
    expect(read.span_annotations).toEqual([]);
    // unticked choices and an empty text box are no answer
    await alice.post('/updateinstance', {
      instance_id: 'item-3',
      annotations: { 'sentiment:neutral': 'false', 'topics:price': '', 'note:text': '' },
    });
    read = (await alice.get('/get_annotations?instance_id=item-3')).body;
    expect(read.annotations).toEqual({});
    expect((await alice.post('/go_to', { go_to: 'item-3' })).body.annotated).toBe(false);
  });

  it('treats a resubmission of the same answer, keys in any order, as no change', async () => {
    const answer = {
      'topics:price': 'true',
      'topics:quality': 'true',
      'note:text': 'same',
      'sentiment:neutral': 'true',
    };
    const span = { schema: 'evidence', name: 'pos', start: 0, end: 4 };
    await alice.post('/updateinstance', {
      instance_id: 'item-5',
      annotations: answer,
      span_annotations: [span, { ...span, name: 'neg' }],
    });
    const first = (await alice.get('/get_annotations?instance_id=item-5')).body;
    await new Promise((r) => setTimeout(r, 5)); // so that a rewrite would show a later updated_at
    const reversed = Object.fromEntries(Object.entries(answer).reverse());
    expect(
      (
        await alice.post('/updateinstance', {
          instance_id: 'item-5',
          annotations: reversed,
          span_annotations: [{ ...span, name: 'neg' }, span],
        })
      ).status,
    ).toBe(200);
    expect((await alice.get('/get_annotations?instance_id=item-5')).body).toEqual(first);
    // a real change does move updated_at
    await alice.post('/updateinstance', {
      instance_id: 'item-5',
      annotations: { ...answer, 'note:text': 'different' },
    });
    expect((await alice.get('/get_annotations?instance_id=item-5')).body.updated_at > first.updated_at).toBe(true);
  });

  it('answers an unannotated instance with empty annotations and no time', async () => {
    const r = await alice.get('/get_annotations?instance_id=item-9');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      instance_id: 'item-9',
      annotations: {},
      span_annotations: [],
      updated_at: null,
      label_annotations: {},
    });
    expect((await alice.get('/api/spans/item-9')).body).toEqual({
      instance_id: 'item-9',
      text: 'Item 9: the product was great but shipping was slow.',
      spans: [],
    });
  });

  it('refuses bad bodies with 400 naming the field, and changes nothing', async () => {
    await alice.post('/updateinstance', { instance_id: 'item-4', annotations: { 'sentiment:positive': 'true' } });
    const before = (await alice.get('/get_annotations?instance_id=item-4')).body;
    const bad: [unknown, RegExp][] = [
      [{ annotations: { 'sentiment:positive': 'true' } }, /^instance_id: /],
      [{ instance_id: 'item-4' }, /send annotations, span_annotations or both/],
      [{ instance_id: 7, annotations: {} }, /^instance_id: /],
      [
        { instance_id: 'item-4', annotations: { sentiment: 'true' } },
        /annotations\["sentiment"\]: keys must have the form "<scheme>:<label>"/,
      ],
      [{ instance_id: 'item-4', annotations: { 'nope:positive': 'true' } }, /unknown scheme "nope"/],
      [
        { instance_id: 'item-4', annotations: { 'sentiment:ecstatic': 'true' } },
        /scheme "sentiment" has no label "ecstatic"/,
      ],
      [
        { instance_id: 'item-4', annotations: { 'sentiment:positive': 'true', 'sentiment:negative': 'true' } },
        /"sentiment" is radio and takes one label/,
      ],
      [
        { instance_id: 'item-4', annotations: { 'helpful:1': 'true', 'helpful:2': 'true' } },
        /"helpful" is likert and takes one label/,
      ],
      [
        { instance_id: 'item-4', annotations: { 'kind:a': 'true', 'kind:b': 'true' } },
        /"kind" is select and takes one label/,
      ],
      [
        { instance_id: 'item-4', annotations: { 'stars:value': '6' } },
        /annotations\["stars:value"\]: 6 is outside 1\.\.5/,
      ],
      [{ instance_id: 'item-4', annotations: { 'stars:value': 'many' } }, /"many" is not a number/],
      [{ instance_id: 'item-4', annotations: { 'confidence:value': '-1' } }, /-1 is outside 0\.\.100/],
      [
        { instance_id: 'item-4', annotations: { 'evidence:pos': 'true' } },
        /"evidence" is a span scheme; send it in span_annotations/,
      ],
      [
        { instance_id: 'item-4', annotations: { 'sentiment:positive': { nested: true } } },
        /^annotations\.sentiment:positive: /,
      ],
      [
        { instance_id: 'item-4', span_annotations: [{ schema: 'evidence', name: 'pos', start: 5, end: 5 }] },
        /span_annotations\[0\]: offsets must satisfy 0 <= start < end <= 52/,
      ],
      [
        { instance_id: 'item-4', span_annotations: [{ schema: 'evidence', name: 'pos', start: 50, end: 53 }] },
        /offsets must satisfy/,
      ],
      [
        { instance_id: 'item-4', span_annotations: [{ schema: 'evidence', name: 'pos', start: -1, end: 3 }] },
        /^span_annotations\[0\]\.start: /,
      ],
      [
        { instance_id: 'item-4', span_annotations: [{ schema: 'evidence', name: 'pos', start: 1.5, end: 3 }] },
        /^span_annotations\[0\]\.start: /,
      ],
      [
        { instance_id: 'item-4', span_annotations: [{ schema: 'evidence', name: 'pos', start: 0 }] },
        /^span_annotations\[0\]\.end: /,
      ],
      [
        { instance_id: 'item-4', span_annotations: [{ schema: 'sentiment', name: 'positive', start: 0, end: 3 }] },
        /span_annotations\[0\]\.schema: "sentiment" is not a span scheme/,
      ],
      [
        { instance_id: 'item-4', span_annotations: [{ schema: 'evidence', name: 'maybe', start: 0, end: 3 }] },
        /span_annotations\[0\]\.name: scheme "evidence" has no label "maybe"/,
      ],
      [
        { instance_id: 'item-4', span_annotations: [{ schema: 'ghost', name: 'pos', start: 0, end: 3 }] },
        /span_annotations\[0\]\.schema: unknown scheme "ghost"/,
      ],
      [{ instance_id: 'item-4', span_annotations: 'all of it' }, /^span_annotations: /],
    ];
    for (const [body, message] of bad) {
      const r = await alice.post('/updateinstance', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error, JSON.stringify(body)).toMatch(message);
    }
    const raw = await alice.request('POST', '/updateinstance', {
      raw: '{"instance_id": "item-4", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(raw.body.error).toMatch(/not valid JSON/);
    expect((await alice.get('/get_annotations?instance_id=item-4')).body).toEqual(before);
  });

  it('answers an unknown instance with 404 everywhere', async () => {
    for (const r of [
      await alice.post('/updateinstance', { instance_id: 'item-999', annotations: { 'sentiment:positive': 'true' } }),
      await alice.get('/get_annotations?instance_id=item-999'),
      await alice.get('/api/spans/item-999'),
      await alice.get('/api/keyword_highlights/item-999'),
      await alice.post('/go_to', { go_to: 'item-999' }),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.error).toMatch(/no instance with id "item-999"/);
    }
    expect((await alice.get('/get_annotations')).status).toBe(400);
    expect((await alice.get('/get_annotations?instance_id=')).status).toBe(400);
  });
});

describe("instances not in the caller's list", () => {
  it('answers 403 for reads, submissions and go_to', async () => {
    const t = await startServer({ config: { max_annotations_per_user: 3 } });
    const alice = await t.client().login('alice');
    expect((await alice.get('/api/current_instance')).body.total_instances).toBe(3);
    for (const r of [
      await alice.post('/updateinstance', { instance_id: 'item-5', annotations: { 'sentiment:positive': 'true' } }),
      await alice.get('/get_annotations?instance_id=item-5'),
      await alice.get('/api/spans/item-5'),
      await alice.get('/api/keyword_highlights/item-5'),
      await alice.post('/go_to', { go_to: 'item-5' }),
    ]) {
      expect(r.status).toBe(403);
      expect(r.body.error).toMatch(/instance "item-5" is not assigned to you/);
    }
    expect(t.server.services.annotations.get('alice', 'item-5')).toBeUndefined();
  });
});

describe('POST /go_to', () => {
  it("takes Potato's form post of a 0-based position; JSON stays by id", async () => {
    const t = await startServer({ items: ['10', '20', '2'].map((id) => ({ id, text: `Text ${id}` })) });
    const alice = await t.client().login('alice');
    const form = await alice.postForm('/go_to', { go_to: '2' });
    expect([form.status, form.body.instance_id, form.body.current_index]).toEqual([200, '2', 2]);
    expect((await alice.postForm('/go_to', { go_to: '0' })).body.instance_id).toBe('10');
    expect((await alice.post('/go_to', { go_to: '20' })).body.instance_id).toBe('20'); // JSON: an id
    const far = await alice.postForm('/go_to', { go_to: '3' });
    expect([far.status, far.body.error]).toEqual([400, 'go_to: position 3 is outside 0..2']);
  });

  it('moves by id and by every action, stays put past either end, and returns the new record', async () => {
    const t = await startServer({ items: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Text ${id}` })) });
    const alice = await t.client().login('alice');
    const go = async (body: unknown) => {
      const r = await alice.post('/go_to', body);
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(r.body).toMatchObject({ total_instances: 4, text: `Text ${r.body.instance_id}` });
      expect((await alice.get('/api/current_instance')).body).toEqual(r.body);
      return `${r.body.instance_id}@${r.body.current_index}`;
    };
    expect(await go({ action: 'prev_instance' })).toBe('a@0'); // the start: stays
    expect(await go({ action: 'next_instance' })).toBe('b@1');
    expect(await go({ go_to: 'd' })).toBe('d@3');
    expect(await go({ action: 'next_instance' })).toBe('d@3'); // the end: stays
    expect(await go({ action: 'prev_instance' })).toBe('c@2');
    expect(await go({ go_to: 'a' })).toBe('a@0');

    // jump_to_unannotated: the next unannotated after the current one, wrapping round
    await alice.post('/updateinstance', { instance_id: 'b', annotations: { 'sentiment:positive': 'true' } });
    await alice.post('/updateinstance', { instance_id: 'c', annotations: { 'sentiment:positive': 'true' } });
    expect(await go({ action: 'jump_to_unannotated' })).toBe('d@3');
    expect(await go({ action: 'jump_to_unannotated' })).toBe('a@0');
    await alice.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:positive': 'true' } });
    await alice.post('/updateinstance', { instance_id: 'd', annotations: { 'sentiment:positive': 'true' } });
    expect(await go({ action: 'jump_to_unannotated' })).toBe('a@0'); // all done: stays put
  });

  it("keeps each annotator's position apart and across a restart", async () => {
    let t = await startServer();
    const alice = await t.client().login('alice', 'alice-pass');
    const bob = await t.client().login('bob', 'bob-pass');
    await alice.post('/go_to', { go_to: 'item-7' });
    expect((await bob.get('/api/current_instance')).body.instance_id).toBe('item-1');
    t = await t.restart();
    const again = await t.client().login('alice', 'alice-pass');
    expect((await again.get('/api/current_instance')).body).toMatchObject({ instance_id: 'item-7', current_index: 6 });
  });

  it('takes a form-encoded body as well (Potato posts forms)', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    expect((await alice.postForm('/go_to', { go_to: 'item-4' })).body).toMatchObject({
      instance_id: 'item-4',
      current_index: 3,
    });
    expect((await alice.postForm('/go_to', { action: 'next_instance' })).body).toMatchObject({
      instance_id: 'item-5',
      current_index: 4,
    });
  });

  it('refuses bodies that are neither form with 400', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    for (const body of [
      {},
      { action: 'last_instance' },
      { go_to: '' },
      { go_to: 'item-2', action: 'next_instance' },
      { go_to: 3 },
      { action: 'next_instance', extra: 1 },
    ]) {
      const r = await alice.post('/go_to', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.error).toBe('string');
    }
    expect((await alice.get('/api/current_instance')).body.current_index).toBe(0);
  });
});

describe('across a restart', () => {
  it('keeps labels, spans and span ids exactly', async () => {
    let t = await startServer();
    const alice = await t.client().login('alice', 'alice-pass');
    await alice.post('/updateinstance', {
      instance_id: 'item-1',
      annotations: { 'topics:price': 'true', 'stars:value': '2' },
      span_annotations: [{ schema: 'evidence', name: 'neg', ...at('slow') }],
    });
    const before = [
      (await alice.get('/get_annotations?instance_id=item-1')).body,
      (await alice.get('/api/spans/item-1')).body,
    ];
    t = await t.restart();
    const again = await t.client().login('alice', 'alice-pass');
    const after = [
      (await again.get('/get_annotations?instance_id=item-1')).body,
      (await again.get('/api/spans/item-1')).body,
    ];
    expect(after).toEqual(before);
  });
});

describe('instance ids that need URL encoding', () => {
  it('work in paths and queries when encoded: slashes, spaces, unicode, %, ? and #', async () => {
    const ids = ['doc/1', 'x y', 'ü-1', '50%', 'a?b', 'a#b', 'a.b'];
    const t = await startServer({ items: ids.map((id) => ({ id, text: `Text of ${id}` })) });
    const alice = await t.client().login('alice');
    for (const id of ids) {
      const e = encodeURIComponent(id);
      expect(
        (
          await alice.post('/updateinstance', {
            instance_id: id,
            span_annotations: [{ schema: 'evidence', name: 'pos', start: 0, end: 4 }],
          })
        ).status,
        id,
      ).toBe(200);
      expect((await alice.get(`/api/spans/${e}`)).body).toMatchObject({
        instance_id: id,
        text: `Text of ${id}`,
        spans: [{ text: 'Text' }],
      });
      expect((await alice.get(`/get_annotations?instance_id=${e}`)).body).toMatchObject({
        instance_id: id,
        span_annotations: [{ start: 0, end: 4 }],
      });
      expect((await alice.get(`/api/keyword_highlights/${e}`)).body.instance_id).toBe(id);
      expect((await alice.post('/go_to', { go_to: id })).body.instance_id).toBe(id);
    }
  });
});

describe('wrong methods', () => {
  it('answer 405 with a JSON error naming the allowed method', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    for (const [method, path, allowed] of [
      ['GET', '/updateinstance', 'POST'],
      ['DELETE', '/go_to', 'POST, HEAD, GET'],
      ['PUT', '/api/current_instance', 'HEAD, GET'],
      ['GET', '/api/phase/complete', 'POST'],
    ]) {
      const r = await alice.request(method, path);
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
      expect(r.body.error).toBe(`${method} is not allowed on ${path}; use ${allowed}`);
    }
  });
});

describe('unknown paths', () => {
  it('answer 404 with a JSON error', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    for (const path of ['/nope', '/api/nope', '/api/spans/', '/admin/api/does-not-exist']) {
      const r = await alice.get(path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
      expect(typeof r.body.error).toBe('string');
    }
  });
});
