/** event_annotation: config keys, and events (a trigger with argument spans) over real HTTP. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config/load.js';
import { writeProject } from '../../../helpers/project.js';
import { startServer, type TestServer } from '../../../helpers/server.js';
import type { Client } from '../../../helpers/client.js';

const TEXT = 'Rebels attacked the depot with mortars near Goma.';
const at = (phrase: string) => ({ start: TEXT.indexOf(phrase), end: TEXT.indexOf(phrase) + phrase.length });
const ENTITIES = { annotation_type: 'span', name: 'entities', labels: ['GROUP', 'PLACE', 'WEAPON', 'TRIGGER'] };
const EVENTS = {
  annotation_type: 'event_annotation',
  name: 'events',
  span_schema: 'entities',
  event_types: [
    {
      type: 'ATTACK',
      color: '#dc2626',
      trigger_labels: ['TRIGGER'],
      arguments: [
        { role: 'attacker', entity_types: ['GROUP'], required: true },
        { role: 'target', entity_types: ['PLACE', 'GROUP'], required: 'true' },
        { role: 'instrument', entity_types: 'WEAPON' },
        { role: 'place' },
      ],
    },
    { type: 'MOVE', arguments: [] },
  ],
};
const SPANS = [
  { schema: 'entities', name: 'GROUP', ...at('Rebels'), id: 'g' },
  { schema: 'entities', name: 'TRIGGER', ...at('attacked'), id: 't' },
  { schema: 'entities', name: 'PLACE', ...at('the depot'), id: 'd' },
  { schema: 'entities', name: 'WEAPON', ...at('mortars'), id: 'w' },
  { schema: 'entities', name: 'PLACE', ...at('Goma'), id: 'p' },
];
const ATTACK = {
  schema: 'events',
  event_type: 'ATTACK',
  trigger_span_id: 't',
  arguments: [
    { role: 'attacker', span_id: 'g' },
    { role: 'target', span_id: 'd' },
    { role: 'instrument', span_id: 'w' },
  ],
};
const load = (...schemes: Record<string, unknown>[]) =>
  loadConfig(writeProject({ config: { annotation_schemes: schemes } }), {});

describe('event_annotation config', () => {
  it('loads event types with their roles as its labels', () => {
    const scheme = load(ENTITIES, EVENTS).task.schemeByName.get('events')!;
    expect(scheme.labels).toEqual([{ name: 'ATTACK', color: '#dc2626' }, { name: 'MOVE' }]);
    expect(scheme.extra.event_types).toEqual([
      {
        type: 'ATTACK',
        color: '#dc2626',
        trigger_labels: ['TRIGGER'],
        arguments: [
          { role: 'attacker', entity_types: ['GROUP'], required: true },
          { role: 'target', entity_types: ['PLACE', 'GROUP'], required: true },
          { role: 'instrument', entity_types: ['WEAPON'], required: false },
          { role: 'place', required: false },
        ],
      },
      { type: 'MOVE', arguments: [] },
    ]);
  });

  it('loads without event_types, as configs of published datasets write it: labels become trigger-only event types', async () => {
    const bare = { annotation_type: 'event_annotation', name: 'events', description: 'Find the events' };
    const none = load(ENTITIES, bare);
    expect(none.task.schemeByName.get('events')!.extra).toEqual({ span_schema: 'entities', event_types: [] });
    expect(none.warnings.filter((w) => w.includes('(events)'))).toEqual([
      expect.stringMatching(/\(events\)\.event_types: none given \(nor labels\), so no event can be made/),
    ]);
    const labelled = load(ENTITIES, { ...bare, labels: [{ name: 'ATTACK', color: '#dc2626' }, 'MOVE'] });
    expect(labelled.task.schemeByName.get('events')!.extra.event_types).toEqual([
      { type: 'ATTACK', color: '#dc2626', arguments: [] },
      { type: 'MOVE', arguments: [] },
    ]);
    expect(labelled.warnings.filter((w) => w.includes('(events)'))).toEqual([
      expect.stringMatching(/\(events\)\.labels are taken as event types of a trigger alone/),
    ]);
    // such an event is its trigger; a role is refused
    const t = await startServer({
      items: [{ id: 'e1', text: TEXT }],
      config: { annotation_schemes: [ENTITIES, { ...bare, labels: ['ATTACK'] }] },
    });
    const ann = await t.client().login('ann');
    const ok = await ann.post('/updateinstance', {
      instance_id: 'e1',
      span_annotations: SPANS,
      event_annotations: [{ schema: 'events', event_type: 'ATTACK', trigger_span_id: 't', arguments: [] }],
    });
    expect(ok.status, ok.text).toBe(200);
    expect((await ann.get('/get_annotations?instance_id=e1')).body.event_annotations).toMatchObject([
      { schema: 'events', event_type: 'ATTACK', arguments: [] },
    ]);
    const bad = await ann.post('/updateinstance', {
      instance_id: 'e1',
      span_annotations: SPANS,
      event_annotations: [{ ...ATTACK, arguments: [{ role: 'attacker', span_id: 'g' }] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/arguments\[0\]\.role: "attacker" is not a role of ATTACK \(it has none\)/);
    await t.close();
  });

  it.each([
    [{ ...EVENTS, event_types: [] }, /annotation_schemes\[1\]\.event_types: give at least one event type/],
    [
      { ...EVENTS, event_types: [{ type: 'A' }, { type: 'A' }] },
      /\(events\)\.event_types\[1\]\.type: duplicate event type "A"/,
    ],
    [
      { ...EVENTS, event_types: [{ type: 'A', arguments: [{ role: 'x' }, { role: 'x' }] }] },
      /\.event_types\[0\]\.arguments\[1\]\.role: duplicate role "x"/,
    ],
    [{ ...EVENTS, event_types: [{ arguments: [] }] }, /annotation_schemes\[1\]\.event_types\[0\]\.type: /],
    [
      { ...EVENTS, span_schema: 'events' },
      /\.span_schema: "events" is not a span scheme \(its type is event_annotation\)/,
    ],
  ])('refuses a bad config naming the key: %#', (scheme, message) => {
    expect(() => load(ENTITIES, scheme)).toThrow(message);
  });
});

describe('event_annotation over HTTP', () => {
  let t: TestServer;
  let ann: Client;
  beforeAll(async () => {
    t = await startServer({ items: [{ id: 'e1', text: TEXT }], config: { annotation_schemes: [ENTITIES, EVENTS] } });
    ann = await t.client().login('ann');
  });

  it("stores events in Potato's shape and reads them back so they can be sent again unchanged", async () => {
    const r = await ann.post('/updateinstance', {
      instance_id: 'e1',
      span_annotations: SPANS,
      event_annotations: [{ ...ATTACK, id: 'ev1', properties: { note: 'x' } }],
    });
    expect(r.status, r.text).toBe(200);
    const back = (await ann.get('/get_annotations?instance_id=e1')).body;
    const idOf = (text: string) => back.span_annotations.find((s: { text: string }) => s.text === text).id;
    const event = {
      id: 'ev1',
      schema: 'events',
      event_type: 'ATTACK',
      trigger_span_id: idOf('attacked'),
      arguments: [
        { role: 'attacker', span_id: idOf('Rebels') },
        { role: 'target', span_id: idOf('the depot') },
        { role: 'instrument', span_id: idOf('mortars') },
      ],
      properties: { note: 'x' },
    };
    expect(back.event_annotations).toEqual([event]);
    expect(back.link_annotations).toEqual([]);
    expect((await ann.get('/api/events/e1')).body).toEqual({ status: 'success', instance_id: 'e1', events: [event] });
    expect((await ann.post('/updateinstance', back)).status).toBe(200);
    expect((await ann.get('/get_annotations?instance_id=e1')).body).toEqual(back);
    // deleting the trigger span deletes the event
    await ann.post('/updateinstance', { instance_id: 'e1', span_annotations: SPANS.filter((s) => s.id !== 't') });
    expect((await ann.get('/api/events/e1')).body.events).toEqual([]);
  });

  it('deletes an event by id', async () => {
    await ann.post('/updateinstance', {
      instance_id: 'e1',
      span_annotations: SPANS,
      event_annotations: [
        { ...ATTACK, id: 'x1' },
        { schema: 'events', event_type: 'MOVE', trigger_span_id: 'g', id: 'x2' },
      ],
    });
    expect((await ann.request('DELETE', '/api/events/e1/x1')).status).toBe(200);
    expect((await ann.get('/api/events/e1')).body.events.map((e: { id: string }) => e.id)).toEqual(['x2']);
    expect((await ann.request('DELETE', '/api/events/e1/x1')).status).toBe(404);
  });

  it.each([
    [
      { ...ATTACK, event_type: 'FLY' },
      /^event_annotations\[0\]: scheme "events": event_type "FLY" is not one of ATTACK, MOVE/,
    ],
    [{ ...ATTACK, trigger_span_id: 'g' }, /trigger_span_id: the trigger of ATTACK is labelled TRIGGER, not GROUP/],
    [{ ...ATTACK, trigger_span_id: 'nope' }, /^event_annotations\[0\]\.trigger_span_id: no span "nope"/],
    [{ ...ATTACK, arguments: [{ role: 'attacker', span_id: 'g' }] }, /arguments: ATTACK needs target \(required\)/],
    [
      { ...ATTACK, arguments: [...ATTACK.arguments, { role: 'victim', span_id: 'p' }] },
      /arguments\[3\]\.role: "victim" is not a role of ATTACK \(attacker, target, instrument, place\)/,
    ],
    [
      { ...ATTACK, arguments: [...ATTACK.arguments, { role: 'target', span_id: 'p' }] },
      /arguments\[3\]\.role: "target" is filled twice/,
    ],
    [
      {
        ...ATTACK,
        arguments: [
          { role: 'attacker', span_id: 'p' },
          { role: 'target', span_id: 'd' },
        ],
      },
      /arguments\[0\]: the attacker of ATTACK is labelled GROUP, not PLACE/,
    ],
    [
      {
        ...ATTACK,
        arguments: [
          { role: 'attacker', span_id: 'g' },
          { role: 'target', span_id: 'missing' },
        ],
      },
      /^event_annotations\[0\]\.arguments\[1\]\.span_id: no span "missing"/,
    ],
    [
      { schema: 'entities', event_type: 'ATTACK', trigger_span_id: 't' },
      /^event_annotations\[0\]\.schema: "entities" is not an event scheme/,
    ],
  ])('refuses a bad event with 400 naming it: %#', async (event, message) => {
    const r = await ann.post('/updateinstance', {
      instance_id: 'e1',
      span_annotations: SPANS,
      event_annotations: [event],
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
  });

  it('exports events to JSONL (read back exactly as pre-annotations) and CSV', async () => {
    await ann.post('/updateinstance', {
      instance_id: 'e1',
      span_annotations: SPANS,
      event_annotations: [{ ...ATTACK, id: 'k' }],
    });
    const jsonl = (await t.admin().get('/admin/api/export?format=jsonl')).text;
    const [line] = jsonl
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // named by the spans' own ids, which the exported spans carry
    expect(line.labels.events).toEqual([
      {
        id: 'k',
        event_type: 'ATTACK',
        trigger_span_id: 't',
        arguments: [
          { role: 'attacker', span_id: 'g' },
          { role: 'target', span_id: 'd' },
          { role: 'instrument', span_id: 'w' },
        ],
      },
    ]);
    const second = await startServer({
      items: [{ id: 'e1', text: TEXT }],
      config: { annotation_schemes: [ENTITIES, EVENTS] },
    });
    expect(
      (await second.admin().post('/admin/api/predictions', { source: 'x', content: jsonl, format: 'jsonl' })).status,
    ).toBe(200);
    const [prediction] = (await (await second.client().login('r')).get('/api/predictions/e1')).body.predictions;
    expect(prediction.labels.events).toEqual(line.labels.events);
    expect((await t.admin().get('/admin/api/export?format=csv')).text).toContain('ATTACK');
  });
});
