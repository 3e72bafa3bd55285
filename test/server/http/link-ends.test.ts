/**
 * span_link as configs of published datasets write it (plain labels, source_scheme and target_scheme naming two
 * span schemes) over real HTTP: links stored and read back, the wrong scheme or order refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import type { Client } from '../../helpers/client.js';

const TEXT = 'The storm hit Lisbon on Monday and the port closed after it.';
const at = (phrase: string) => ({ start: TEXT.indexOf(phrase), end: TEXT.indexOf(phrase) + phrase.length });

const SCHEMES = [
  { annotation_type: 'span', name: 'events', labels: ['EVENT'] },
  { annotation_type: 'span', name: 'times', labels: ['DATE'] },
  {
    annotation_type: 'span_link',
    name: 'anchoring',
    description: 'When did each event happen?',
    source_scheme: 'events',
    target_scheme: 'times',
    labels: ['ON', 'BEFORE'],
    tooltips: { ON: 'the event happens on that date' },
  },
  {
    annotation_type: 'span_link',
    name: 'order',
    description: 'Order the events',
    source_scheme: 'events',
    target_scheme: 'events',
    labels: ['AFTER'],
  },
];

const SPANS = [
  { schema: 'events', name: 'EVENT', ...at('hit'), id: 'hit' },
  { schema: 'events', name: 'EVENT', ...at('closed'), id: 'closed' },
  { schema: 'times', name: 'DATE', ...at('Monday'), id: 'monday' },
];

describe('span_link from plain labels and source/target schemes', () => {
  let t: TestServer;
  let ann: Client;
  beforeAll(async () => {
    t = await startServer({ items: [{ id: 'n1', text: TEXT }], config: { annotation_schemes: SCHEMES } });
    ann = await t.client().login('ann');
  });

  it('publishes the link types made from the labels and the schemes at both ends', async () => {
    const schemes = (await ann.get('/api/schemas')).body;
    const anchoring = Array.isArray(schemes)
      ? schemes.find((s: { name: string }) => s.name === 'anchoring')
      : schemes.anchoring;
    expect(anchoring).toMatchObject({
      source_scheme: 'events',
      target_scheme: 'times',
      link_types: [
        { name: 'ON', directed: true, max_spans: 2 },
        { name: 'BEFORE', directed: true, max_spans: 2 },
      ],
    });
    expect(anchoring.labels[0]).toMatchObject({ name: 'ON', tooltip: 'the event happens on that date' });
  });

  it('stores an event → date link and an event → event link, read back as sent', async () => {
    const sent = await ann.post('/updateinstance', {
      instance_id: 'n1',
      span_annotations: SPANS,
      link_annotations: [
        { schema: 'anchoring', link_type: 'ON', span_ids: ['hit', 'monday'] },
        { schema: 'order', link_type: 'AFTER', span_ids: ['closed', 'hit'] },
      ],
    });
    expect(sent.status, sent.text).toBe(200);
    const back = (await ann.get('/get_annotations?instance_id=n1')).body;
    const idOf = (text: string) => back.span_annotations.find((s: { text: string }) => s.text === text).id;
    expect(back.link_annotations).toEqual([
      {
        id: expect.any(String),
        schema: 'anchoring',
        link_type: 'ON',
        span_ids: [idOf('hit'), idOf('Monday')],
        direction: 'directed',
      },
      {
        id: expect.any(String),
        schema: 'order',
        link_type: 'AFTER',
        span_ids: [idOf('closed'), idOf('hit')],
        direction: 'directed',
      },
    ]);
    const again = await ann.post('/updateinstance', {
      instance_id: 'n1',
      span_annotations: back.span_annotations,
      link_annotations: back.link_annotations,
    });
    expect(again.status, again.text).toBe(200);
    expect((await ann.get('/get_annotations?instance_id=n1')).body).toEqual(back);
  });

  it.each([
    [
      { schema: 'anchoring', link_type: 'ON', span_ids: ['monday', 'hit'] },
      /spans times DATE → events EVENT do not fit link type ON \(source events span, target times span\)/,
    ],
    [
      { schema: 'anchoring', link_type: 'ON', span_ids: ['hit', 'closed'] },
      /spans events EVENT → events EVENT do not fit link type ON/,
    ],
    [
      { schema: 'order', link_type: 'AFTER', span_ids: ['hit', 'monday'] },
      /span_ids\[1\]: span "[^"]+" is of scheme "times", not of span_schema "events"/,
    ],
    [
      { schema: 'order', link_type: 'AFTER', span_ids: ['hit', 'closed'], direction: 'undirected' },
      /direction: link type AFTER is directed/,
    ],
  ])('refuses a link of the wrong schemes or order with 400: %o', async (link, message) => {
    const before = (await ann.get('/get_annotations?instance_id=n1')).body;
    const r = await ann.post('/updateinstance', {
      instance_id: 'n1',
      span_annotations: SPANS,
      link_annotations: [link],
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^link_annotations\[0\]/);
    expect(r.body.error).toMatch(message);
    expect((await ann.get('/get_annotations?instance_id=n1')).body).toEqual(before);
  });
});
