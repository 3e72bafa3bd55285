/** POST /updateinstance in Potato's other shapes: {type, schema, state} and form posts, over real HTTP. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const TEXT1 = 'Item 1: the product was great but shipping was slow.';
const at = (word: string) => ({ start: TEXT1.indexOf(word), end: TEXT1.indexOf(word) + word.length });

describe("POST /updateinstance in Potato's page shape", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  const read = async (c: Client, id = 'item-1') => (await c.get(`/get_annotations?instance_id=${id}`)).body;
  const state = (c: Client, type: string, scheme: string, entries: unknown[], id = 'item-1') =>
    c.post('/updateinstance', { instance_id: id, type, schema: scheme, state: entries });

  it('stores a label of every label-valued scheme type, merged with what was stored', async () => {
    const alice = await t.client().login('alice');
    for (const [type, scheme, name, value] of [
      ['radio', 'sentiment', 'positive', 'positive'],
      ['multiselect', 'topics', 'price', true],
      ['likert', 'helpful', '4', '4'],
      ['select', 'kind', 'b', 'b'],
      ['text', 'note', 'text', 'ships slowly'],
      ['number', 'stars', 'value', 4],
      ['slider', 'confidence', 'value', '72.5'],
    ] as const) {
      const r = await state(alice, type, scheme, [{ name, value }]);
      expect(r.status, `${type}: ${r.text}`).toBe(200);
      expect(r.body.status).toBe('success');
    }
    expect((await read(alice)).annotations).toEqual({
      'sentiment:positive': 'positive',
      'topics:price': 'true',
      'helpful:4': '4',
      'kind:b': 'b',
      'note:text': 'ships slowly',
      'stars:value': '4',
      'confidence:value': '72.5',
    });
  });

  it('reads an entry named like its scheme as the whole answer (the label chosen, or the value)', async () => {
    const erin = await t.client().login('erin');
    for (const [type, scheme, value] of [
      ['radio', 'sentiment', 'negative'],
      ['radio', 'sentiment', 'positive'], // a second choice replaces the first
      ['likert', 'helpful', '4'],
      ['multiselect', 'topics', 'quality'],
      ['text', 'note', 'ships slowly'],
      ['slider', 'confidence', '80'],
      ['number', 'stars', 3],
    ] as const) {
      const r = await state(erin, type, scheme, [{ name: scheme, value }]);
      expect(r.status, `${type}: ${r.text}`).toBe(200);
    }
    expect((await read(erin)).annotations).toEqual({
      'sentiment:positive': 'true',
      'helpful:4': 'true',
      'topics:quality': 'true',
      'note:text': 'ships slowly',
      'confidence:value': '80',
      'stars:value': '3',
    });
    const bad = await state(erin, 'radio', 'sentiment', [{ name: 'sentiment', value: 'great' }]);
    expect([bad.status, bad.body.error]).toEqual([400, 'state[0].value: scheme "sentiment" has no label "great"']);
    const far = await state(erin, 'number', 'stars', [{ name: 'stars', value: 9 }]);
    expect(far.status).toBe(400);
    expect(far.body.error).toMatch(/^state\[0\]\.value: .*1\.\.5/);
    // a null value clears the scheme's answer
    await state(erin, 'text', 'note', [{ name: 'note', value: null }]);
    expect((await read(erin)).annotations['note:text']).toBeUndefined();
  });

  it("takes a one-field answer under Potato's input names or the scheme's own, and the ::: spelling", async () => {
    const fay = await t.client().login('fay');
    // as Potato's page posts them (its inputs are text_box, slider, number) and as scripts name them
    const page = await fay.post('/updateinstance', {
      instance_id: 'item-1',
      annotations: {
        'note:text_box': 'arrived late',
        'confidence:::slider': '35',
        'stars:number': '2',
        'sentiment:::negative': 'true',
      },
    });
    expect(page.status, page.text).toBe(200);
    expect((await read(fay)).annotations).toEqual({
      'sentiment:negative': 'true',
      'note:text': 'arrived late',
      'stars:value': '2',
      'confidence:value': '35',
    });
    const script = await fay.post('/updateinstance', {
      instance_id: 'item-1',
      annotations: { 'note:note': 'fine', 'stars:stars': 5 },
    });
    expect(script.status, script.text).toBe(200);
    expect((await read(fay)).annotations).toEqual({ 'note:text': 'fine', 'stars:value': '5' });
    const state = await fay.post('/updateinstance', {
      instance_id: 'item-1',
      type: 'text',
      schema: 'note',
      state: [{ name: 'text_box', value: 'late again' }],
    });
    expect(state.status, state.text).toBe(200);
    expect((await read(fay)).annotations['note:text']).toBe('late again');
    // still checked as the field itself: bounds, and no such name on a choice scheme
    const far = await fay.post('/updateinstance', { instance_id: 'item-1', annotations: { 'stars:number': '9' } });
    expect(far.status).toBe(400);
    expect(far.body.error).toMatch(/^annotations\["stars:number"\]: 9 is outside 1\.\.5/);
    const choice = await fay.post('/updateinstance', {
      instance_id: 'item-1',
      annotations: { 'sentiment:sentiment': 'true' },
    });
    expect([choice.status, choice.body.error]).toEqual([
      400,
      'annotations["sentiment:sentiment"]: scheme "sentiment" has no label "sentiment"',
    ]);
  });

  it('keeps other checkboxes of a multiselect, clears an unticked one, and replaces a radio choice', async () => {
    const bob = await t.client().login('bob');
    await state(bob, 'label', 'topics', [{ name: 'price', value: true }]);
    await state(bob, 'label', 'topics', [{ name: 'quality', value: true }]);
    await state(bob, 'label', 'sentiment', [{ name: 'negative', value: true }]);
    expect((await read(bob)).annotations).toEqual({
      'sentiment:negative': 'true',
      'topics:price': 'true',
      'topics:quality': 'true',
    });
    await state(bob, 'label', 'topics', [{ name: 'price', value: false }]);
    // Potato's v1 pages send a whole radio group, the others false; a lone choice replaces the old one too
    await state(bob, 'label', 'sentiment', [{ name: 'positive', value: 'positive' }]);
    expect((await read(bob)).annotations).toEqual({ 'sentiment:positive': 'positive', 'topics:quality': 'true' });
    await state(bob, 'label', 'sentiment', [
      { name: 'positive', value: false },
      { name: 'negative', value: false },
      { name: 'neutral', value: true },
    ]);
    expect((await read(bob)).annotations).toEqual({ 'sentiment:neutral': 'true', 'topics:quality': 'true' });
  });

  it('adds spans one at a time and removes one with a null value', async () => {
    const carol = await t.client().login('carol');
    expect(
      (await state(carol, 'span', 'evidence', [{ name: 'pos', ...at('great'), title: 'pos', value: 'great' }])).status,
    ).toBe(200);
    expect(
      (
        await state(carol, 'span', 'evidence', [
          { name: 'neg', ...at('shipping was slow'), value: 'shipping was slow' },
        ])
      ).status,
    ).toBe(200);
    const spans = (await carol.get('/api/spans/item-1')).body.spans;
    expect(spans.map((s: { label: string; text: string }) => [s.label, s.text])).toEqual([
      ['pos', 'great'],
      ['neg', 'shipping was slow'],
    ]);
    await state(carol, 'span', 'evidence', [{ name: 'pos', ...at('great'), value: null }]);
    expect((await carol.get('/api/spans/item-1')).body.spans.map((s: { label: string }) => s.label)).toEqual(['neg']);
    // labels are untouched by span posts
    await state(carol, 'radio', 'sentiment', [{ name: 'positive', value: 'positive' }]);
    await state(carol, 'span', 'evidence', [{ name: 'pos', ...at('great'), value: 'great' }]);
    expect((await read(carol)).annotations).toEqual({ 'sentiment:positive': 'positive' });
    expect((await read(carol)).span_annotations).toHaveLength(2);
  });

  it('refuses what the seed shape refuses, with JSON 400s naming the field', async () => {
    const dave = await t.client().login('dave');
    const cases: [unknown, RegExp][] = [
      [
        { instance_id: 'item-1', type: 'radio', schema: 'nope', state: [{ name: 'x', value: true }] },
        /^schema: unknown scheme "nope"/,
      ],
      [
        {
          instance_id: 'item-1',
          type: 'radio',
          schema: 'sentiment',
          state: [
            { name: 'positive', value: true },
            { name: 'great', value: true },
          ],
        },
        /^state\[1\]\.name: scheme "sentiment" has no label "great"/,
      ],
      [
        { instance_id: 'item-1', type: 'number', schema: 'stars', state: [{ name: 'value', value: 9 }] },
        /^state\[0\]\.value: .*outside 1..5/,
      ],
      [{ instance_id: 'item-1', type: 'radio', schema: 'sentiment', state: 'positive' }, /^state: /],
      [{ instance_id: 'item-1', type: 'radio', schema: 'sentiment', state: [{ value: true }] }, /^state\[0\]\.name: /],
      [
        { instance_id: 'item-1', type: 'radio', schema: 'sentiment', state: [{ name: 'positive' }] },
        /^state\[0\]\.value: required/,
      ],
      [
        { instance_id: 'item-1', type: 'span', schema: 'evidence', state: [{ name: 'pos', value: 'x' }] },
        /^state\[0\]\.start: required/,
      ],
      [
        {
          instance_id: 'item-1',
          type: 'span',
          schema: 'evidence',
          state: [
            { name: 'pos', ...at('great') },
            { name: 'pos', start: 5, end: 999 },
          ],
        },
        /^state\[1\]: offsets must satisfy/,
      ],
      [
        {
          instance_id: 'item-1',
          type: 'span',
          schema: 'evidence',
          state: [
            { name: 'pos', ...at('great') },
            { name: 'nope', ...at('slow') },
          ],
        },
        /^state\[1\]\.name: scheme "evidence" has no label "nope"/,
      ],
      [
        { instance_id: 'item-1', type: 'span', schema: 'nope', state: [{ name: 'pos', ...at('great') }] },
        /^schema: unknown scheme "nope"/,
      ],
      [{ type: 'radio', schema: 'sentiment', state: [] }, /^instance_id: /],
    ];
    for (const [body, message] of cases) {
      const r = await dave.post('/updateinstance', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(message);
    }
    expect(
      (await dave.post('/updateinstance', { instance_id: 'nope', type: 'radio', schema: 'sentiment', state: [] }))
        .status,
    ).toBe(404);
    expect((await read(dave)).annotations).toEqual({});
  });

  it('needs a session like every submission', async () => {
    const r = await t.client().post('/updateinstance', {
      instance_id: 'item-1',
      type: 'radio',
      schema: 'sentiment',
      state: [{ name: 'positive', value: true }],
    });
    expect(r.status).toBe(401);
  });
});

describe('POST /updateinstance form-encoded', () => {
  let t: TestServer;
  let erin: Client;
  beforeAll(async () => {
    t = await startServer();
    erin = await t.client().login('erin');
  });

  it('takes <scheme>:<label> fields (also :::), and JSON text in annotations, span_annotations or state', async () => {
    let r = await erin.postForm('/updateinstance', {
      instance_id: 'item-1',
      'sentiment:::positive': 'true',
      'note:text': 'ok',
    });
    expect(r.status, r.text).toBe(200);
    expect((await erin.get('/get_annotations?instance_id=item-1')).body.annotations).toEqual({
      'sentiment:positive': 'true',
      'note:text': 'ok',
    });

    r = await erin.postForm('/updateinstance', {
      instance_id: 'item-2',
      annotations: JSON.stringify({ 'topics:price': 'true' }),
      span_annotations: JSON.stringify([{ schema: 'evidence', name: 'pos', ...at('great') }]),
    });
    expect(r.status, r.text).toBe(200);
    const two = (await erin.get('/get_annotations?instance_id=item-2')).body;
    expect(two.annotations).toEqual({ 'topics:price': 'true' });
    expect(two.span_annotations[0]).toMatchObject({ name: 'pos', text: 'great' });

    r = await erin.postForm('/updateinstance', {
      instance_id: 'item-2',
      type: 'label',
      schema: 'topics',
      state: JSON.stringify([{ name: 'quality', value: true }]),
    });
    expect(r.status, r.text).toBe(200);
    expect((await erin.get('/get_annotations?instance_id=item-2')).body.annotations).toEqual({
      'topics:price': 'true',
      'topics:quality': 'true',
    });
  });

  it('refuses bad JSON text and bad answers with 400s naming the field', async () => {
    let r = await erin.postForm('/updateinstance', {
      instance_id: 'item-3',
      state: '[{',
      type: 'label',
      schema: 'topics',
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^state: not valid JSON/);
    r = await erin.postForm('/updateinstance', { instance_id: 'item-3', 'sentiment:great': 'true' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/annotations\["sentiment:great"\]: scheme "sentiment" has no label "great"/);
    r = await erin.postForm('/updateinstance', { 'sentiment:positive': 'true' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^instance_id: /);
  });
});

describe('labels named like a false value', () => {
  it("are chosen by their own name (Potato's pages send a radio's label as its value) and read back by /get_annotations", async () => {
    const t = await startServer({
      config: { annotation_schemes: [{ annotation_type: 'radio', name: 'veracity', labels: ['True', 'False', '0'] }] },
    });
    const fay = await t.client().login('fay');
    const labels = async () => (await fay.get('/get_annotations?instance_id=item-1')).body;
    expect(
      (await fay.post('/updateinstance', { instance_id: 'item-1', annotations: { 'veracity:False': 'False' } })).status,
    ).toBe(200);
    expect(await labels()).toMatchObject({
      annotations: { 'veracity:False': 'False' },
      label_annotations: { veracity: ['False'] },
    });
    let r = await fay.post('/updateinstance', {
      instance_id: 'item-1',
      type: 'radio',
      schema: 'veracity',
      state: [{ name: '0', value: '0' }],
    });
    expect(r.status, r.text).toBe(200);
    expect((await labels()).label_annotations).toEqual({ veracity: ['0'] });
    // another label's falsey value still unticks it
    r = await fay.post('/updateinstance', {
      instance_id: 'item-1',
      type: 'radio',
      schema: 'veracity',
      state: [{ name: '0', value: 'false' }],
    });
    expect(r.status, r.text).toBe(200);
    expect((await labels()).label_annotations).toEqual({});
  });
});
