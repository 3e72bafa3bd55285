/** multi_document_event: config keys, and a document's event memberships with slot evidence over real HTTP. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config/load.js';
import { writeProject } from '../../../helpers/project.js';
import { startServer, type TestServer } from '../../../helpers/server.js';
import type { Client } from '../../../helpers/client.js';

const DOCS = [
  { id: 'doc1', text: 'Floods hit Ayutthaya in October.' },
  { id: 'doc2', text: 'The Ayutthaya floods closed factories.' },
];
const MDE = {
  annotation_type: 'multi_document_event',
  name: 'events',
  slots: [{ name: 'where', description: 'Location' }, { name: 'when' }],
};
const event = (over: Record<string, unknown> = {}) => ({
  event_id: 'evt_1',
  title: 'Thai floods',
  slot_values: { where: 'Ayutthaya' },
  evidence: [{ slot_name: 'where', span_start: 11, span_end: 20, quoted_text: 'Ayutthaya' }],
  ...over,
});
const load = (scheme: Record<string, unknown>) =>
  loadConfig(writeProject({ items: DOCS, config: { annotation_schemes: [scheme] } }), {});

describe('multi_document_event config', () => {
  it('loads its slots', () => {
    expect(load(MDE).task.schemeByName.get('events')!.extra.slots).toEqual([
      { name: 'where', description: 'Location', type: 'text' },
      { name: 'when', description: '', type: 'text' },
    ]);
  });

  it.each([
    [{ ...MDE, slots: [] }, /annotation_schemes\[0\]\.slots: give at least one slot/],
    [{ ...MDE, slots: ['where', 'where'] }, /annotation_schemes\[0\]\.slots\[0\]: /],
    [{ ...MDE, slots: [{ name: 'a' }, { name: 'a' }] }, /\(events\)\.slots\[1\]\.name: duplicate slot "a"/],
    [
      { ...MDE, allow_annotator_create: false },
      /"events" has allow_annotator_create: false, which needs events seeded in the event registry; turn it on with event_template/,
    ],
  ])('refuses a bad config naming the key: %#', (scheme, message) => {
    expect(() => load(scheme)).toThrow(message);
  });
});

describe('multi_document_event over HTTP', () => {
  let t: TestServer;
  let ann: Client;
  beforeAll(async () => {
    t = await startServer({ items: DOCS, config: { annotation_schemes: [MDE] } });
    ann = await t.client().login('ann');
  });

  it('stores the events a document belongs to and reads them back unchanged; one id across documents is one event', async () => {
    expect(
      (
        await ann.post('/updateinstance', {
          instance_id: 'doc1',
          annotations: { 'events:events': JSON.stringify({ events: [event()] }) },
        })
      ).status,
    ).toBe(200);
    const second = event({
      title: undefined,
      slot_values: { where: 'Ayutthaya', when: '' },
      evidence: [{ slot_name: 'where', span_start: 4, span_end: 13 }],
    });
    expect(
      (
        await ann.post('/updateinstance', {
          instance_id: 'doc2',
          annotations: { 'events:events': JSON.stringify({ events: [second] }) },
        })
      ).status,
    ).toBe(200);
    const back = (await ann.get('/get_annotations?instance_id=doc1')).body;
    expect(JSON.parse(back.annotations['events:events'])).toEqual({ events: [event()] });
    expect((await ann.post('/updateinstance', { instance_id: 'doc1', annotations: back.annotations })).status).toBe(
      200,
    );
    expect((await ann.get('/get_annotations?instance_id=doc1')).body).toEqual(back);

    const lines = (await t.admin().get('/admin/api/export?format=jsonl')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(
      lines.map((l) => [l.instance_id, l.labels.events.events.map((e: { event_id: string }) => e.event_id)]),
    ).toEqual([
      ['doc1', ['evt_1']],
      ['doc2', ['evt_1']],
    ]);
    expect(lines[1].labels.events.events[0]).toEqual({
      event_id: 'evt_1',
      slot_values: { where: 'Ayutthaya' },
      evidence: [{ slot_name: 'where', span_start: 4, span_end: 13 }],
    });
  });

  it.each([
    [{ events: [event({ event_id: '' })] }, /events\[0\]\.event_id: expected an id/],
    [{ events: [event(), event()] }, /events\[1\]\.event_id: "evt_1" is listed twice/],
    [
      { events: [event({ slot_values: { who: 'x' } })] },
      /events\[0\]\.slot_values: "who" is not a slot \(where, when\)/,
    ],
    [
      { events: [event({ evidence: [{ slot_name: 'how', span_start: 0, span_end: 3 }] })] },
      /events\[0\]\.evidence\[0\]\.slot_name: "how" is not a slot/,
    ],
    [
      { events: [event({ evidence: [{ slot_name: 'where', span_start: 11, span_end: 20, quoted_text: 'Bangkok' }] })] },
      /evidence\[0\]\.quoted_text: "Bangkok" is not the text at 11\.\.20/,
    ],
    [
      { events: [event({ evidence: [{ slot_name: 'where', span_start: 11, span_end: 99 }] })] },
      /evidence\[0\]: offsets must satisfy 0 <= start < end <= 32/,
    ],
    [{ event: [] }, /events: expected a list of events/],
  ])('refuses a bad answer with 400 naming it: %#', async (value, message) => {
    const r = await ann.post('/updateinstance', {
      instance_id: 'doc1',
      annotations: { 'events:events': JSON.stringify(value) },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^annotations\["events:events"\]: /);
    expect(r.body.error).toMatch(message);
  });

  it('reads a JSONL export back exactly as pre-annotations', async () => {
    const jsonl = (await t.admin().get('/admin/api/export?format=jsonl')).text;
    const other = await startServer({ items: DOCS, config: { annotation_schemes: [MDE] } });
    expect(
      (await other.admin().post('/admin/api/predictions', { source: 'x', content: jsonl, format: 'jsonl' })).status,
    ).toBe(200);
    const reader = await other.client().login('r');
    for (const line of jsonl
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))) {
      const [prediction] = (await reader.get(`/api/predictions/${line.instance_id}`)).body.predictions;
      expect(prediction.labels).toEqual(line.labels);
    }
  });
});
