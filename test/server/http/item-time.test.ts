/**
 * Time and answer history over real HTTP (also run on PostgreSQL): the page's visible-time reports and visits,
 * every saved answer change with its time, each annotator seeing only their own, the dashboard's figures, the
 * JSONL export, and a restart keeping it all.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] },
  { annotation_type: 'span', name: 'evidence', labels: ['praise'] },
];
const ITEMS = Array.from({ length: 6 }, (_, i) => ({ id: `t${i + 1}`, text: `Item ${i + 1} is good.` }));

/** The task above on a server whose clock the test moves (`at.now`), open to any annotator who signs up. */
async function timedProject(start: string) {
  const at = { now: Date.parse(start) };
  const t = await startServer({
    config: { annotation_schemes: SCHEMES, user_config: { allow_all_users: true, users: [] } },
    items: ITEMS,
    options: { clock: { now: () => at.now } },
  });
  return { t, at };
}

describe('time and history', () => {
  it('adds up visible time and visits, keeps every answer change with its time, and reports them', async () => {
    let now = Date.parse('2026-11-26T10:00:00Z');
    const clock = { now: () => now };
    let t = await startServer({
      config: { annotation_schemes: SCHEMES, user_config: { allow_all_users: true, users: [] } },
      items: ITEMS,
      options: { clock },
    });
    const ann = await t.client().login('ann', 'pw-123456');
    const ben = await t.client().login('ben', 'pw-123456');

    expect((await ann.post('/api/annotate/time', { instance_id: 't1', visible_ms: 4000, visit: true })).body).toEqual({
      instance_id: 't1',
      visible_ms: 4000,
      visits: 1,
    });
    await ann.post('/api/annotate/time', { instance_id: 't1', visible_ms: 2500.4 });
    const back = await ann.post('/api/annotate/time', { instance_id: 't1', visible_ms: 1500, visit: true });
    expect(back.body).toMatchObject({ visible_ms: 8000, visits: 2 });

    await ann.post('/updateinstance', { instance_id: 't1', annotations: { 'sentiment:positive': 'true' } });
    now += 60_000;
    await ann.post('/updateinstance', {
      instance_id: 't1',
      annotations: { 'sentiment:negative': 'true' },
      span_annotations: [{ schema: 'evidence', name: 'praise', start: 10, end: 14 }],
    });
    now += 1000;
    // the same answer again changes nothing
    await ann.post('/updateinstance', {
      instance_id: 't1',
      annotations: { 'sentiment:negative': 'true' },
      span_annotations: [{ schema: 'evidence', name: 'praise', start: 10, end: 14 }],
    });

    // bad reports are refused, naming the field, and change nothing
    for (const [body, field] of [
      [{ instance_id: 't1', visible_ms: -5 }, /^visible_ms/],
      [{ instance_id: 't1', visible_ms: 4_000_000 }, /^visible_ms/],
      [{ instance_id: 't1', visible_ms: 'lots' }, /^visible_ms/],
      [{ visible_ms: 5 }, /^instance_id/],
      [{ instance_id: 't1', visible_ms: 5, visit: 'yes' }, /^visit/],
    ] as const) {
      const r = await ann.post('/api/annotate/time', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(field);
    }
    expect((await ann.post('/api/annotate/time', { instance_id: 'nope', visible_ms: 5 })).status).toBe(404);
    expect((await t.client().post('/api/annotate/time', { instance_id: 't1', visible_ms: 5 })).status).toBe(401);

    // ben is quick on three items, ann takes her time on two more
    for (const [c, id, ms] of [
      [ben, 't1', 900],
      [ben, 't2', 700],
      [ben, 't3', 800],
      [ann, 't2', 12_000],
      [ann, 't3', 10_000],
    ] as const) {
      await c.post('/api/annotate/time', { instance_id: id, visible_ms: ms, visit: true });
    }
    // an annotator sees their own totals only: ben's report on t1 does not show ann's time
    expect((await ben.post('/api/annotate/time', { instance_id: 't1', visible_ms: 0 })).body).toMatchObject({
      visible_ms: 900,
      visits: 1,
    });

    const check = async () => {
      const report = (await t.admin().get('/admin/api/time')).body;
      expect(report.median_ms).toBe(4450);
      expect(report.annotators).toEqual([
        { username: 'ann', items: 3, median_ms: 10_000, total_ms: 30_000, visits: 4, changes: 4 },
        { username: 'ben', items: 3, median_ms: 800, total_ms: 2400, visits: 3, changes: 0 },
      ]);
      expect(report.slowest_items).toEqual([
        { instance_id: 't2', annotators: 2, median_ms: 6350 },
        { instance_id: 't3', annotators: 2, median_ms: 5400 },
        { instance_id: 't1', annotators: 2, median_ms: 4450 },
      ]);
      expect(report.fast_annotators).toEqual([{ username: 'ben', items: 3, median_ms: 800, share: 0.18 }]);
      // Potato's read-out of the same finding
      expect((await t.admin().get('/admin/api/suspicious_activity')).body).toEqual({
        total_users_with_suspicious_activity: 1,
        suspicious_activity: [
          {
            user_id: 'ben',
            reason: 'fast',
            timed_items: 3,
            median_ms: 800,
            share: 0.18,
            suspicious_actions_count: 0,
            suspicious_actions: [],
          },
        ],
      });

      const lines = (await t.admin().get('/admin/api/export?format=time')).text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      const t1 = lines.find((l) => l.instance_id === 't1' && l.annotator === 'ann');
      expect(t1).toEqual({
        instance_id: 't1',
        annotator: 'ann',
        visible_ms: 8000,
        visits: 2,
        changes: [
          { at: '2026-11-26T10:00:00.000Z', key: 'sentiment:positive', value: 'true' },
          { at: '2026-11-26T10:01:00.000Z', key: 'sentiment:negative', value: 'true' },
          { at: '2026-11-26T10:01:00.000Z', key: 'evidence:praise[10:14]', value: 'good' },
          { at: '2026-11-26T10:01:00.000Z', key: 'sentiment:positive', value: null },
        ],
      });
    };
    await check();
    expect((await ann.get('/admin/api/time')).status).toBe(403);
    t = await t.restart();
    await check();
  });

  it("gives one annotator's trail on an item in Potato's behavioral-data shape: a replaced label beside its old one", async () => {
    let now = Date.parse('2026-11-26T11:00:00Z');
    const t = await startServer({
      config: { annotation_schemes: SCHEMES },
      items: ITEMS,
      options: { clock: { now: () => now } },
    });
    const ann = await t.client().login('ann', 'pw-123456');
    const bo = await t.client().login('bo', 'pw-123456');
    expect((await ann.get('/api/behavioral_data/t1')).body).toEqual({
      instance_id: 't1',
      total_time_ms: 0,
      visits: 0,
      annotation_changes: [],
    });
    await ann.post('/api/annotate/time', { instance_id: 't1', visible_ms: 3000, visit: true });
    await ann.post('/updateinstance', { instance_id: 't1', annotations: { 'sentiment:positive': 'true' } });
    now += 5000;
    await ann.post('/updateinstance', {
      instance_id: 't1',
      annotations: { 'sentiment:negative': 'true' },
      span_annotations: [{ schema: 'evidence', name: 'praise', start: 10, end: 14 }],
    });
    now += 5000;
    await ann.post('/updateinstance', {
      instance_id: 't1',
      annotations: { 'sentiment:negative': 'true' },
      span_annotations: [],
    });
    const trail = (await ann.get('/api/behavioral_data/t1')).body;
    const common = { source: 'user', phase: 'annotation', page: null };
    expect(trail).toEqual({
      instance_id: 't1',
      total_time_ms: 3000,
      visits: 1,
      annotation_changes: [
        {
          timestamp: '2026-11-26T11:00:00.000Z',
          schema_name: 'sentiment',
          label_name: 'positive',
          old_label: null,
          old_value: null,
          new_value: 'true',
          action: 'select',
          ...common,
        },
        {
          timestamp: '2026-11-26T11:00:05.000Z',
          schema_name: 'sentiment',
          label_name: 'negative',
          old_label: 'positive',
          old_value: 'true',
          new_value: 'true',
          action: 'select',
          ...common,
        },
        {
          timestamp: '2026-11-26T11:00:05.000Z',
          schema_name: 'evidence',
          label_name: 'praise[10:14]',
          old_label: null,
          old_value: null,
          new_value: 'good',
          action: 'select',
          ...common,
        },
        {
          timestamp: '2026-11-26T11:00:10.000Z',
          schema_name: 'evidence',
          label_name: 'praise[10:14]',
          old_label: 'praise[10:14]',
          old_value: 'good',
          new_value: null,
          action: 'deselect',
          ...common,
        },
      ],
    });
    // each annotator reads their own trail only
    expect((await bo.get('/api/behavioral_data/t1')).body.annotation_changes).toEqual([]);
    expect((await ann.get('/api/behavioral_data/nope')).status).toBe(404);
    expect((await t.client().get('/api/behavioral_data/t1')).status).toBe(401);
    await t.close();
  });

  it("gives Potato's annotation history of every annotator to admins, filtered by annotator, item and minutes", async () => {
    let now = Date.parse('2026-11-26T12:00:00Z');
    const t = await startServer({
      config: { annotation_schemes: SCHEMES },
      items: ITEMS,
      options: { clock: { now: () => now } },
    });
    const ann = await t.client().login('ann', 'pw-123456');
    const bo = await t.client().login('bo', 'pw-123456');
    await ann.post('/updateinstance', { instance_id: 't1', annotations: { 'sentiment:positive': 'true' } });
    now += 60_000;
    await ann.post('/updateinstance', { instance_id: 't1', annotations: { 'sentiment:negative': 'true' } });
    now += 60_000;
    await bo.post('/updateinstance', {
      instance_id: 't2',
      annotations: { 'sentiment:positive': 'true' },
      span_annotations: [{ schema: 'evidence', name: 'praise', start: 10, end: 14 }],
    });
    const all = (await t.admin().get('/admin/api/annotation_history')).body;
    expect(all.context).toBe('all_users');
    expect(all.total_actions).toBe(4);
    expect(
      all.actions.map((a: Record<string, string>) => [a.user_id, a.instance_id, a.action_type, a.label_name]),
    ).toEqual([
      ['ann', 't1', 'add_label', 'positive'],
      ['ann', 't1', 'update_label', 'negative'],
      ['bo', 't2', 'add_label', 'positive'],
      ['bo', 't2', 'add_span', 'praise[10:14]'],
    ]);
    expect(all.summary).toEqual({
      action_types: { add_label: 2, update_label: 1, add_span: 1 },
      annotators: 2,
      instances: 2,
    });
    const bos = (await t.admin().get('/admin/api/annotation_history?user_id=bo')).body;
    expect(bos).toMatchObject({ context: 'bo', total_actions: 2 });
    expect((await t.admin().get('/admin/api/annotation_history?instance_id=t1')).body.total_actions).toBe(2);
    expect((await t.admin().get('/admin/api/annotation_history?minutes=1.5')).body.total_actions).toBe(3);
    const nobody = await t.admin().get('/admin/api/annotation_history?user_id=zed');
    expect(nobody.status).toBe(404);
    expect(nobody.body.error).toBe('user_id: no annotator is named "zed"');
    expect((await t.admin().get('/admin/api/annotation_history?minutes=soon')).status).toBe(400);
    expect((await ann.get('/admin/api/annotation_history')).status).toBe(403);
    await t.close();
  });

  it("a step carries the left item's visible time: added with its answers, kept when they are refused, checked by field", async () => {
    const { t, at } = await timedProject('2026-11-26T12:00:00Z');
    const cy = await t.client().login('cy', 'pw-123456');
    const row = (id: string) => t.server.services.itemTimes.exportOf('cy', id);

    const first = await cy.post('/api/annotate/step', {
      from: 't1',
      annotations: { 'sentiment:positive': 'true' },
      time: { visible_ms: 3200, visit: true },
    });
    expect(first.status).toBe(200);
    expect(first.body.current.instance_id).toBe('t2');
    // the time and the answer's change land in the one row, neither overwriting the other
    expect(row('t1')).toEqual({
      visible_ms: 3200,
      visits: 1,
      changes: [{ at: '2026-11-26T12:00:00.000Z', key: 'sentiment:positive', value: 'true' }],
    });

    // a move without answers carries time too; back again, the same item adds up
    at.now += 5000;
    await cy.post('/api/annotate/step', { from: 't2', time: { visible_ms: 1000, visit: true } });
    await cy.post('/api/annotate/step', { from: 't3', to: 'previous', time: { visible_ms: 400, visit: true } });
    await cy.post('/api/annotate/step', { from: 't2', time: { visible_ms: 600 } });
    expect(row('t2')).toMatchObject({ visible_ms: 1600, visits: 1 });
    expect(row('t3')).toMatchObject({ visible_ms: 400, visits: 1 });

    // refused answers: the step fails, the time spent still counts
    const refused = await cy.post('/api/annotate/step', {
      from: 't3',
      annotations: { 'sentiment:nope': 'true' },
      time: { visible_ms: 250 },
    });
    expect(refused.status).toBe(400);
    expect(row('t3')).toMatchObject({ visible_ms: 650, changes: [] });

    // a bad time is refused by field before anything is saved or moved
    for (const time of [{ visible_ms: -1 }, { visible_ms: 'long' }, { visible_ms: 5, visit: 'yes' }, { ms: 5 }]) {
      const r = await cy.post('/api/annotate/step', {
        from: 't3',
        annotations: { 'sentiment:negative': 'true' },
        time,
      });
      expect(r.status, JSON.stringify(time)).toBe(400);
      expect(r.body.error, JSON.stringify(time)).toMatch(/time/);
    }
    expect(row('t3')).toMatchObject({ visible_ms: 650, changes: [] });
    expect((await cy.get('/api/current_instance')).body.instance_id).toBe('t3');

    // another annotator's item is not theirs to time
    const dee = await t.client().login('dee', 'pw-123456');
    expect((await dee.post('/api/annotate/step', { from: 'nope', time: { visible_ms: 5 } })).status).toBe(404);
    await t.close();
  });

  it('a step or report sent again with the same report_id adds its time once, and a bad id is refused by field', async () => {
    const { t, at } = await timedProject('2026-11-26T13:00:00Z');
    const di = await t.client().login('di', 'pw-123456');
    const row = (id: string) => t.server.services.itemTimes.exportOf('di', id);
    const step = {
      from: 't1',
      annotations: { 'sentiment:positive': 'true' },
      time: { visible_ms: 2000, visit: true, report_id: 'step-a' },
    };
    const first = await di.post('/api/annotate/step', step);
    expect(first.status).toBe(200);
    // the page lost the answer and sends the same step again: it lands on the same item, the time counts once
    at.now += 1000;
    const again = await di.post('/api/annotate/step', step);
    expect(again.status).toBe(200);
    expect(again.body.current.instance_id).toBe('t2');
    expect(row('t1')).toMatchObject({ visible_ms: 2000, visits: 1 });

    // a later report with its own id adds up; its repeat does not
    const report = { instance_id: 't1', visible_ms: 700, report_id: 'flush-b' };
    expect((await di.post('/api/annotate/time', report)).body).toMatchObject({ visible_ms: 2700, visits: 1 });
    expect((await di.post('/api/annotate/time', report)).body).toMatchObject({ visible_ms: 2700, visits: 1 });
    // the row remembers the latest few ids, so the first step's retry still adds nothing
    await di.post('/api/annotate/step', step);
    expect(row('t1')).toMatchObject({ visible_ms: 2700, visits: 1 });
    // without an id every report adds, as before
    await di.post('/api/annotate/time', { instance_id: 't1', visible_ms: 300 });
    await di.post('/api/annotate/time', { instance_id: 't1', visible_ms: 300 });
    expect(row('t1')).toMatchObject({ visible_ms: 3300 });

    for (const report_id of ['', 'x'.repeat(65), 42]) {
      const r = await di.post('/api/annotate/step', { from: 't2', time: { visible_ms: 5, report_id } });
      expect(r.status, JSON.stringify(report_id)).toBe(400);
      expect(r.body.error).toMatch(/report_id/);
    }
    expect(row('t2')).toBeUndefined();

    // the ids survive a restart: a retry arriving after it still counts once
    const back = await t.restart();
    const di2 = await back.client().login('di', 'pw-123456');
    await di2.post('/api/annotate/time', report);
    expect(back.server.services.itemTimes.exportOf('di', 't1')).toMatchObject({ visible_ms: 3300 });
    await back.close();
  });
});
