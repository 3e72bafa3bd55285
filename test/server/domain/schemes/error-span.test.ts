/** error_span: config keys, and MQM errors with their score over real HTTP and in exports. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config/load.js';
import { writeProject } from '../../../helpers/project.js';
import { startServer, type TestServer } from '../../../helpers/server.js';
import type { Client } from '../../../helpers/client.js';

const TEXT = 'The cat sat in the mat and barked loud.';
const ITEMS = [{ id: 't1', text: TEXT }];
const MQM = {
  annotation_type: 'error_span',
  name: 'mqm',
  error_types: [{ name: 'Accuracy', subtypes: ['Mistranslation', 'Omission'] }, 'Fluency'],
  severities: [
    { name: 'Minor', weight: -1 },
    { name: 'Major', weight: '-5' },
  ],
  max_score: 25,
};
const err = (phrase: string, type: string, severity: string, subtype?: string) => ({
  start: TEXT.indexOf(phrase),
  end: TEXT.indexOf(phrase) + phrase.length,
  text: phrase,
  type,
  ...(subtype ? { subtype } : {}),
  severity,
});
const load = (scheme: Record<string, unknown>) =>
  loadConfig(writeProject({ items: ITEMS, config: { annotation_schemes: [scheme] } }), {});

describe('error_span config', () => {
  it('loads error types and severities, with defaults', () => {
    expect(load(MQM).task.schemeByName.get('mqm')!.extra).toEqual({
      error_types: [
        { name: 'Accuracy', subtypes: ['Mistranslation', 'Omission'] },
        { name: 'Fluency', subtypes: [] },
      ],
      severities: [
        { name: 'Minor', weight: -1 },
        { name: 'Major', weight: -5 },
      ],
      show_score: true,
      max_score: 25,
    });
    expect(
      load({ annotation_type: 'error_span', name: 'e', error_types: ['X'] }).task.schemeByName.get('e')!.extra,
    ).toMatchObject({
      severities: [
        { name: 'Minor', weight: -1 },
        { name: 'Major', weight: -5 },
        { name: 'Critical', weight: -10 },
      ],
      max_score: 100,
    });
  });

  it.each([
    [{ ...MQM, error_types: undefined }, /annotation_schemes\[0\]\.error_types: /],
    [{ ...MQM, error_types: ['A', 'A'] }, /\(mqm\)\.error_types\[1\]\.name: duplicate error type "A"/],
    [{ ...MQM, severities: [{ name: 'Minor' }] }, /annotation_schemes\[0\]\.severities\[0\]\.weight: /],
    [
      {
        ...MQM,
        severities: [
          { name: 'M', weight: 1 },
          { name: 'M', weight: 2 },
        ],
      },
      /\.severities\[1\]\.name: duplicate severity "M"/,
    ],
    [{ ...MQM, max_score: 'lots' }, /annotation_schemes\[0\]\.max_score: /],
  ])('refuses a bad config naming the key: %#', (scheme, message) => {
    expect(() => load(scheme)).toThrow(message);
  });
});

describe('error_span over HTTP', () => {
  let t: TestServer;
  let ann: Client;
  beforeAll(async () => {
    t = await startServer({ items: ITEMS, config: { annotation_schemes: [MQM] } });
    ann = await t.client().login('ann');
  });

  it('stores errors with the score they give (a sent score is replaced) and reads them back unchanged', async () => {
    const errors = [
      err('in the mat', 'Accuracy', 'Minor', 'Mistranslation'),
      err('barked', 'Accuracy', 'Major'),
      err('loud', 'Fluency', 'Minor'),
    ];
    const r = await ann.post('/updateinstance', {
      instance_id: 't1',
      annotations: { 'mqm:mqm': JSON.stringify({ errors, score: 99 }) },
    });
    expect(r.status, r.text).toBe(200);
    const back = (await ann.get('/get_annotations?instance_id=t1')).body;
    expect(JSON.parse(back.annotations['mqm:mqm'])).toEqual({ errors, score: 25 - 1 - 5 - 1 });
    expect((await ann.post('/updateinstance', { instance_id: 't1', annotations: back.annotations })).status).toBe(200);
    expect((await ann.get('/get_annotations?instance_id=t1')).body).toEqual(back);
  });

  it('never scores below 0', async () => {
    const errors = Array.from({ length: 6 }, () => err('barked', 'Fluency', 'Major'));
    await ann.post('/updateinstance', { instance_id: 't1', annotations: { 'mqm:mqm': JSON.stringify({ errors }) } });
    expect(JSON.parse((await ann.get('/get_annotations?instance_id=t1')).body.annotations['mqm:mqm']).score).toBe(0);
  });

  it.each([
    [
      [{ ...err('cat', 'Style', 'Minor') }],
      /^annotations\["mqm:mqm"\]: errors\[0\]\.type: "Style" is not one of Accuracy, Fluency/,
    ],
    [
      [{ ...err('cat', 'Fluency', 'Minor'), subtype: 'Grammar' }],
      /errors\[0\]\.subtype: "Grammar" is not a subtype of Fluency \(it has none\)/,
    ],
    [[{ ...err('cat', 'Accuracy', 'Critical') }], /errors\[0\]\.severity: "Critical" is not one of Minor, Major/],
    [[{ ...err('cat', 'Fluency', 'Minor'), text: 'dog' }], /errors\[0\]\.text: "dog" is not the text at 4\.\.7/],
    [[{ ...err('cat', 'Fluency', 'Minor'), end: 900 }], /errors\[0\]: offsets must satisfy 0 <= start < end <= 39/],
    [[{ ...err('cat', 'Fluency', 'Minor'), start: 7 }], /errors\[0\]: expected offsets with 0 <= start < end/],
  ])('refuses a bad error with 400 naming it: %#', async (errors, message) => {
    const r = await ann.post('/updateinstance', {
      instance_id: 't1',
      annotations: { 'mqm:mqm': JSON.stringify({ errors }) },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
  });

  it('exports the errors and the MQM score: JSONL (read back exactly) and CSV', async () => {
    const errors = [err('barked', 'Accuracy', 'Major', 'Omission')];
    await ann.post('/updateinstance', { instance_id: 't1', annotations: { 'mqm:mqm': JSON.stringify({ errors }) } });
    const jsonl = (await t.admin().get('/admin/api/export?format=jsonl')).text;
    const [line] = jsonl
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(line.labels).toEqual({ mqm: { errors, score: 20 } });
    const second = await startServer({ items: ITEMS, config: { annotation_schemes: [MQM] } });
    expect(
      (await second.admin().post('/admin/api/predictions', { source: 'x', content: jsonl, format: 'jsonl' })).status,
    ).toBe(200);
    const [prediction] = (await (await second.client().login('r')).get('/api/predictions/t1')).body.predictions;
    expect(prediction.labels).toEqual(line.labels);
    expect((await t.admin().get('/admin/api/export?format=csv')).text).toContain('""score"":20');
  });
});
