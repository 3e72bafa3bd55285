/**
 * What the adjudicator is told about each annotator of an item, over real HTTP: the time they spent and their
 * answer changes as the page reported and saved them, and the flags those raise (a fast decision, far faster than
 * their own pace, many changes, seldom agreeing with the gold answers), keyed as the item names its annotators.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const ITEMS = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id, text: `Review ${id}: it works.` }));
const SCHEMES = [{ annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] }];

/** A project whose adjudicator judy sees every item with two annotators or more, with `settings` over that. */
const project = (items: typeof ITEMS, settings: Record<string, unknown>) => ({
  items,
  config: {
    annotation_schemes: SCHEMES,
    adjudication: { enabled: true, adjudicator_users: ['judy'], show_all_items: true, ...settings },
  },
});

async function answer(c: Client, id: string, label: string, ms?: number): Promise<void> {
  const r = await c.post('/updateinstance', { instance_id: id, annotations: { [`sentiment:${label}`]: 'true' } });
  expect(r.status).toBe(200);
  if (ms !== undefined)
    expect((await c.post('/api/annotate/time', { instance_id: id, visible_ms: ms })).status).toBe(200);
}

const flagsOf = (signals: { flags: { type: string }[] }) => signals.flags.map((f) => f.type).sort();

describe("adjudication: the annotators' signals on an item", () => {
  let t: TestServer;
  let judy: Client;

  beforeAll(async () => {
    t = await startServer(project(ITEMS, { show_timing_data: true, fast_decision_warning_ms: 1500 }));
    const quick = await t.client().login('quick');
    const fickle = await t.client().login('fickle');
    const contrary = await t.client().login('contrary');
    // quick: 0.5 s on a, 20 s on the rest; fickle: 8 s everywhere and goes back and forth on a
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) {
      await answer(quick, id, 'positive', id === 'a' ? 500 : 20_000);
      if (id === 'a') for (const label of ['negative', 'positive', 'negative']) await answer(fickle, id, label);
      await answer(fickle, id, 'positive', 8_000);
      // contrary never agrees with the other two
      await answer(contrary, id, 'negative', 8_000);
    }
    judy = await t.client().login('judy');
  });

  it('gives time, changes and flags for each annotator, keyed as the item names them', async () => {
    const r = await judy.get('/adjudicate/api/item/a');
    expect(r.status).toBe(200);
    const { item, annotator_signals: signals } = r.body;
    expect(Object.keys(signals).sort()).toEqual([...item.annotators].sort());
    // the item's times as Potato's behavioural data, keyed the same way
    expect(item.behavioral_data).toEqual({
      quick: { total_time_ms: 500, visits: 0 },
      fickle: { total_time_ms: 8_000, visits: 0 },
      contrary: { total_time_ms: 8_000, visits: 0 },
    });

    expect(signals.quick).toMatchObject({
      user_id: 'quick',
      instance_id: 'a',
      metrics: { total_time_ms: 500, annotation_changes: 1, agreement_rate: 1 },
    });
    // 500 ms against 20 s on five others: fast, and more than two standard deviations under their pace
    expect(signals.quick.metrics.speed_z_score).toBeLessThan(-2);
    expect(flagsOf(signals.quick)).toEqual(['fast_decision', 'unusually_fast']);
    expect(signals.quick.flags.find((f: { type: string }) => f.type === 'fast_decision')).toEqual({
      type: 'fast_decision',
      severity: 'medium',
      message: 'answered in 500 ms (under the 1500 ms threshold)',
    });

    // negative, positive, negative, positive: a label added, then each switch removes one and adds one
    expect(signals.fickle.metrics).toMatchObject({ total_time_ms: 8_000, annotation_changes: 7 });
    expect(flagsOf(signals.fickle)).toEqual(['excessive_changes']);

    expect(signals.contrary.metrics).toMatchObject({ annotation_changes: 1, agreement_rate: 0 });
    expect(flagsOf(signals.contrary)).toEqual(['low_agreement']);

    const b = (await judy.get('/adjudicate/api/item/b')).body.annotator_signals;
    expect(flagsOf(b.quick)).toEqual([]);
    expect(flagsOf(b.fickle)).toEqual([]);
  });

  it('tells the page whether to show the time and from when an answer is fast', async () => {
    const config = (await judy.get('/adjudicate/api/config')).body;
    expect(config).toMatchObject({ show_timing_data: true, fast_decision_warning_ms: 1500 });
  });

  it('keys the signals by letter when annotator names are hidden, and never flags speed with the threshold at 0', async () => {
    const hidden = await startServer(
      project(ITEMS.slice(0, 1), { show_annotator_names: false, fast_decision_warning_ms: 0 }),
    );
    for (const name of ['ann', 'ben']) await answer(await hidden.client().login(name), 'a', 'positive', 300);
    const body = (await (await hidden.client().login('judy')).get('/adjudicate/api/item/a')).body;
    expect(Object.keys(body.annotator_signals).sort()).toEqual(['Annotator A', 'Annotator B']);
    expect(body.item.behavioral_data['Annotator B']).toEqual({ total_time_ms: 300, visits: 0 });
    expect(body.annotator_signals['Annotator A']).toMatchObject({
      user_id: 'Annotator A',
      metrics: { total_time_ms: 300 },
      flags: [],
    });
    expect(JSON.stringify(body)).not.toMatch(/"(ann|ben)"/);
    await hidden.close();
  });
});
