/** coreference: config keys, and chains of mentions stored, read back, refused and exported over real HTTP. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config/load.js';
import { writeProject } from '../../../helpers/project.js';
import { startServer, type TestServer } from '../../../helpers/server.js';
import type { Client } from '../../../helpers/client.js';

const TEXT = 'Marie Curie won. She was a physicist, and the scientist worked in Paris.';
const at = (phrase: string) => ({ start: TEXT.indexOf(phrase), end: TEXT.indexOf(phrase) + phrase.length });
const MENTIONS = { annotation_type: 'span', name: 'mentions', labels: ['MENTION'] };
const COREF = {
  annotation_type: 'coreference',
  name: 'chains',
  span_schema: 'mentions',
  entity_types: ['PERSON', { name: 'PLACE', color: '#00aa00' }],
};
const SPANS = [
  { schema: 'mentions', name: 'MENTION', ...at('Marie Curie'), id: 'm1' },
  { schema: 'mentions', name: 'MENTION', ...at('She'), id: 'm2' },
  { schema: 'mentions', name: 'MENTION', ...at('the scientist'), id: 'm3' },
  { schema: 'mentions', name: 'MENTION', ...at('Paris'), id: 'm4' },
];
const load = (...schemes: Record<string, unknown>[]) =>
  loadConfig(writeProject({ config: { annotation_schemes: schemes } }), {});

describe('coreference config', () => {
  it('loads entity types as its labels, with allow_singletons on by default', () => {
    const scheme = load(MENTIONS, COREF).task.schemeByName.get('chains')!;
    expect(scheme.labels).toEqual([{ name: 'coreference' }, { name: 'PERSON' }, { name: 'PLACE', color: '#00aa00' }]);
    expect(scheme.extra).toMatchObject({
      span_schema: 'mentions',
      entity_types: ['PERSON', 'PLACE'],
      allow_singletons: true,
    });
    expect(
      load(MENTIONS, { ...COREF, allow_singletons: 'False' }).task.schemeByName.get('chains')!.extra.allow_singletons,
    ).toBe(false);
  });

  it.each([
    [{ ...COREF, span_schema: 'nope' }, /annotation_schemes\[1\] \(chains\)\.span_schema: no scheme is named "nope"/],
    [{ ...COREF, entity_types: ['A', 'A'] }, /\.entity_types\[1\]: duplicate entity type "A"/],
    [
      { ...COREF, entity_types: ['coreference'] },
      /\.entity_types\[0\]: "coreference" is the type of a chain without an entity type/,
    ],
    [{ ...COREF, allow_singletons: 'maybe' }, /annotation_schemes\[1\]\.allow_singletons: /],
  ])('refuses a bad config naming the key: %#', (scheme, message) => {
    expect(() => load(MENTIONS, scheme)).toThrow(message);
  });
});

describe('coreference over HTTP', () => {
  let t: TestServer;
  let ann: Client;
  beforeAll(async () => {
    t = await startServer({
      items: [{ id: 'd1', text: TEXT }],
      config: {
        annotation_schemes: [MENTIONS, COREF, { ...COREF, name: 'strict', allow_singletons: false, entity_types: [] }],
      },
    });
    ann = await t.client().login('ann');
  });

  it("stores chains in Potato's link shape and reads them back so they can be sent again unchanged", async () => {
    const r = await ann.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: SPANS,
      link_annotations: [
        {
          id: 'chain_1',
          schema: 'chains',
          link_type: 'PERSON',
          span_ids: ['m1', 'm2', 'm3'],
          direction: 'undirected',
          properties: { color: '#6E56CF' },
        },
        { id: 'chain_2', schema: 'chains', link_type: 'coreference', span_ids: ['m4'] },
      ],
    });
    expect(r.status, r.text).toBe(200);
    const back = (await ann.get('/get_annotations?instance_id=d1')).body;
    const ids = back.span_annotations.map((s: { id: string }) => s.id);
    expect(back.link_annotations).toEqual([
      {
        id: 'chain_1',
        schema: 'chains',
        link_type: 'PERSON',
        span_ids: ids.slice(0, 3),
        direction: 'undirected',
        properties: { color: '#6E56CF' },
      },
      { id: 'chain_2', schema: 'chains', link_type: 'coreference', span_ids: [ids[3]], direction: 'undirected' },
    ]);
    expect((await ann.post('/updateinstance', back)).status).toBe(200);
    expect((await ann.get('/get_annotations?instance_id=d1')).body).toEqual(back);
  });

  it.each([
    [
      { schema: 'chains', link_type: 'ANIMAL', span_ids: ['m1'] },
      /link_type "ANIMAL" is not "coreference" or one of the entity_types PERSON, PLACE/,
    ],
    [
      { schema: 'strict', link_type: 'coreference', span_ids: ['m1'] },
      /scheme "strict": a chain holds at least 2 mentions \(allow_singletons is false\), got 1/,
    ],
    [
      { schema: 'chains', link_type: 'PERSON', span_ids: ['m1', 'm2'], direction: 'directed' },
      /direction: a chain is undirected/,
    ],
    [
      { schema: 'chains', link_type: 'PERSON', span_ids: ['m1', 'zz'] },
      /^link_annotations\[0\]\.span_ids\[1\]: no span "zz"/,
    ],
  ])('refuses a bad chain with 400 naming it: %#', async (chain, message) => {
    const r = await ann.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: SPANS,
      link_annotations: [chain],
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
  });

  it('refuses a mention in two chains', async () => {
    const r = await ann.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: SPANS,
      link_annotations: [
        { id: 'a', schema: 'chains', link_type: 'PERSON', span_ids: ['m1', 'm2'] },
        { id: 'b', schema: 'chains', link_type: 'PERSON', span_ids: ['m2', 'm3'] },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(
      /^link_annotations: scheme "chains": mention "mentions_MENTION_\d+_\d+" is in chains "a" and "b"; a mention belongs to one chain/,
    );
  });

  it('exports chains to JSONL, read back exactly as pre-annotations', async () => {
    await ann.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: SPANS,
      link_annotations: [{ id: 'c', schema: 'chains', link_type: 'PERSON', span_ids: ['m1', 'm2'] }],
    });
    const jsonl = (await t.admin().get('/admin/api/export?format=jsonl')).text;
    const [line] = jsonl
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(line.labels.chains).toEqual([
      {
        id: 'c',
        link_type: 'PERSON',
        span_ids: ['m1', 'm2'],
        direction: 'undirected',
      },
    ]);
    const second = await startServer({
      items: [{ id: 'd1', text: TEXT }],
      config: { annotation_schemes: [MENTIONS, COREF] },
    });
    expect(
      (await second.admin().post('/admin/api/predictions', { source: 'x', content: jsonl, format: 'jsonl' })).status,
    ).toBe(200);
    const [prediction] = (await (await second.client().login('r')).get('/api/predictions/d1')).body.predictions;
    expect(prediction.labels.chains).toEqual(line.labels.chains);
  });
});
