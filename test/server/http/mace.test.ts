/** MACE under Potato's admin paths, over real HTTP: competences, predictions, runs on request and by count. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import type { Client } from '../../helpers/client.js';

const ITEMS = Array.from({ length: 8 }, (_, i) => ({ id: `r${i + 1}`, text: `Review ${i + 1}` }));
const LABELS = ['positive', 'negative', 'neutral'];
const TRUTH = ['positive', 'negative', 'positive', 'neutral', 'negative', 'positive', 'negative', 'neutral'];
const TOPICS = [['price'], ['quality'], ['price', 'quality'], [], ['price'], ['quality'], ['price'], []];

const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: LABELS },
  { annotation_type: 'multiselect', name: 'topics', labels: ['price', 'quality'] },
  { annotation_type: 'text', name: 'note' },
];

/** each annotator's sentiment answers: two reliable ones (one wrong on r4), one always "positive", one at random */
const ANSWERS: Record<string, string[]> = {
  expert: TRUTH,
  good: TRUTH.map((l, i) => (i === 3 ? 'positive' : l)),
  biased: TRUTH.map(() => 'positive'),
  spammer: TRUTH.map((_, i) => LABELS[(i * 2 + 1) % 3]),
};

async function answer(c: Client, id: string, sentiment: string, topics: string[]) {
  const annotations: Record<string, string> = { [`sentiment:${sentiment}`]: sentiment };
  for (const t of topics) annotations[`topics:${t}`] = t;
  const r = await c.post('/updateinstance', { instance_id: id, annotations });
  expect(r.status).toBe(200);
}

async function annotateAll(t: TestServer) {
  for (const [user, labels] of Object.entries(ANSWERS)) {
    const c = await t.client().login(user);
    for (const [i, item] of ITEMS.entries())
      await answer(c, item.id, labels[i], user === 'spammer' ? ['quality'] : TOPICS[i]);
  }
}

/** Polls the overview until `done` holds for it (a background run finishing), or fails after 20 s. */
async function overviewWhen(t: TestServer, done: (o: any) => boolean) {
  const until = Date.now() + 20_000;
  for (;;) {
    const o = (await t.admin().get('/admin/api/mace/overview')).body;
    if (done(o)) return o;
    if (Date.now() > until) throw new Error(`overview never got there: ${JSON.stringify(o)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('MACE over HTTP', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({
      items: ITEMS,
      config: {
        annotation_schemes: SCHEMES,
        adjudication: { enabled: true, adjudicator_users: ['judge'] },
        mace: {
          enabled: true,
          trigger_every_n: 1000,
          min_annotations_per_item: 3,
          min_items: 3,
          num_restarts: 5,
          num_iters: 40,
        },
      },
    });
  });
  afterAll(() => t.close());

  it('admin only: 401 without credentials, 403 with a wrong key', async () => {
    const wrong = t.client({ 'x-api-key': 'not-the-key' });
    for (const [method, path] of [
      ['GET', '/admin/api/mace/overview'],
      ['GET', '/admin/api/mace/predictions?schema=sentiment'],
      ['POST', '/admin/api/mace/trigger'],
    ] as const) {
      expect((await t.client().request(method, path)).status).toBe(401);
      expect((await wrong.request(method, path)).status).toBe(403);
    }
  });

  it('before any answer: enabled, no results, its settings, the count to the next run', async () => {
    const o = (await t.admin().get('/admin/api/mace/overview')).body;
    expect(o).toMatchObject({
      enabled: true,
      has_results: false,
      schemas: [],
      annotator_competence: {},
      total_annotations: 0,
      annotations_until_next_run: 1000,
      last_run: null,
      config: {
        trigger_every_n: 1000,
        min_annotations_per_item: 3,
        min_items: 3,
        num_restarts: 5,
        num_iters: 40,
        alpha: 0.5,
        beta: 0.5,
      },
    });
    const none = await t.admin().get('/admin/api/mace/predictions?schema=sentiment');
    expect(none.status).toBe(404);
    expect(none.body.error).toMatch(/^schema: no MACE results for "sentiment" yet: none has run/);
  });

  it('a run on request estimates each categorical scheme: the spammers trusted least, the truth predicted', async () => {
    await annotateAll(t);
    const run = await t.admin().post('/admin/api/mace/trigger');
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ status: 'success', schemas_processed: 2, schemas: ['sentiment', 'topics'] });
    expect(run.body.skipped).toEqual({});

    const o = (await t.admin().get('/admin/api/mace/overview')).body;
    expect(o.has_results).toBe(true);
    expect(o.total_annotations).toBe(32);
    expect(o.schemas).toEqual([
      {
        schema_name: 'sentiment',
        annotation_type: 'radio',
        num_annotators: 4,
        num_instances: 8,
        labels: LABELS,
      },
      {
        schema_name: 'topics',
        annotation_type: 'multiselect',
        num_annotators: 4,
        // ticking no topic cannot be told from not answering: r4 and r8 have only the spammer's answer
        num_instances: 6,
        labels: ['price', 'quality'],
      },
    ]);
    const c = o.annotator_competence;
    expect(Object.keys(c).sort()).toEqual(['biased', 'expert', 'good', 'spammer']);
    for (const user of ['expert', 'good']) {
      expect(c[user].per_schema.sentiment).toBeGreaterThan(c.biased.per_schema.sentiment + 0.3);
      expect(c[user].per_schema.sentiment).toBeGreaterThan(c.spammer.per_schema.sentiment + 0.3);
      expect(c[user].average).toBeCloseTo((c[user].per_schema.sentiment + c[user].per_schema.topics) / 2, 6);
    }

    const p = await t.admin().get('/admin/api/mace/predictions?schema=sentiment');
    expect(p.status).toBe(200);
    expect(p.body.predicted_labels).toEqual(Object.fromEntries(ITEMS.map((item, i) => [item.id, TRUTH[i]])));
    expect(Object.keys(p.body.label_entropy)).toEqual(ITEMS.map((i) => i.id));
    for (const e of Object.values<number>(p.body.label_entropy)) expect(e).toBeGreaterThanOrEqual(0);

    const topics = await t.admin().get('/admin/api/mace/predictions?schema=topics');
    expect(topics.body.predicted_labels).toEqual(
      Object.fromEntries(ITEMS.flatMap((item, i) => (TOPICS[i].length ? [[item.id, TOPICS[i]]] : []))),
    );

    const one = await t.admin().get('/admin/api/mace/predictions?schema=sentiment&instance_id=r4');
    expect(one.body).toEqual({
      schema: 'sentiment',
      instance_id: 'r4',
      predicted_label: 'neutral',
      entropy: p.body.label_entropy.r4,
    });
  });

  it("an adjudication item carries each scheme's predicted label", async () => {
    const judge = await t.client().login('judge');
    const r4 = await judge.get('/adjudicate/api/item/r4');
    expect(r4.status).toBe(200);
    // r4's topics were ticked by no one but the spammer: not estimated
    expect(r4.body.mace_predictions).toEqual({ sentiment: 'neutral' });
    expect((await judge.get('/adjudicate/api/item/r3')).body.mace_predictions).toEqual({
      sentiment: 'positive',
      topics: ['price', 'quality'],
    });
  });

  it('refusals name the field', async () => {
    const admin = t.admin();
    const missing = await admin.get('/admin/api/mace/predictions');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/schema/);
    const unknown = await admin.get('/admin/api/mace/predictions?schema=nonexistent');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('schema: no scheme is named "nonexistent"');
    const text = await admin.get('/admin/api/mace/predictions?schema=note');
    expect(text.status).toBe(400);
    expect(text.body.error).toMatch(/^schema: "note" is a text scheme; MACE estimates radio/);
    const item = await admin.get('/admin/api/mace/predictions?schema=sentiment&instance_id=zzz');
    expect(item.status).toBe(404);
    expect(item.body.error).toMatch(/^instance_id: "zzz" has no MACE estimate for "sentiment"/);
  });

  it('the results come back after a restart, computed again from the stored answers', async () => {
    const before = (await t.admin().get('/admin/api/mace/predictions?schema=sentiment')).body;
    const competence = (await t.admin().get('/admin/api/mace/overview')).body.annotator_competence;
    t = await t.restart();
    const o = await overviewWhen(t, (x) => x.has_results);
    expect(o.annotator_competence).toEqual(competence);
    expect((await t.admin().get('/admin/api/mace/predictions?schema=sentiment')).body).toEqual(before);
  });
});

describe('MACE runs by itself', () => {
  let t: TestServer;
  afterAll(() => t.close());

  it('after every trigger_every_n changed answers; schemes with too few items are skipped, saying why', async () => {
    t = await startServer({
      items: ITEMS,
      config: {
        annotation_schemes: SCHEMES,
        mace: { enabled: true, trigger_every_n: 6, min_annotations_per_item: 2, min_items: 2 },
      },
    });
    const a = await t.client().login('ann');
    const b = await t.client().login('ben');
    await answer(a, 'r1', 'positive', []);
    await answer(b, 'r1', 'positive', []);
    await answer(a, 'r2', 'negative', []);
    await answer(b, 'r2', 'negative', []);
    let o = (await t.admin().get('/admin/api/mace/overview')).body;
    expect(o.annotations_until_next_run).toBe(2);
    expect(o.last_run).toBeNull();
    await answer(a, 'r3', 'neutral', []);
    await answer(b, 'r3', 'neutral', []);
    o = await overviewWhen(t, (x) => x.last_run !== null && !x.running);
    expect(o.last_run.schemas).toEqual(['sentiment']);
    expect(o.last_run.skipped).toEqual({
      topics: 'only 0 items have answers from 2 or more annotators; mace.min_items is 2',
    });
    expect(o.annotations_until_next_run).toBe(6);
    const p = (await t.admin().get('/admin/api/mace/predictions?schema=sentiment')).body;
    expect(p.predicted_labels).toEqual({ r1: 'positive', r2: 'negative', r3: 'neutral' });
  });

  it('a scheme short of min_items is skipped with the reason', async () => {
    const s = await startServer({
      items: ITEMS,
      config: { annotation_schemes: SCHEMES, mace: { enabled: true, min_annotations_per_item: 2, min_items: 5 } },
    });
    try {
      for (const user of ['ann', 'ben']) await answer(await s.client().login(user), 'r1', 'positive', []);
      const run = (await s.admin().post('/admin/api/mace/trigger')).body;
      expect(run).toMatchObject({ status: 'success', schemas_processed: 0, schemas: [] });
      expect(run.skipped.sentiment).toBe('only 1 item has answers from 2 or more annotators; mace.min_items is 5');
      const p = await s.admin().get('/admin/api/mace/predictions?schema=sentiment');
      expect(p.status).toBe(404);
      expect(p.body.error).toMatch(/mace\.min_items is 5$/);
    } finally {
      await s.close();
    }
  });
});

describe('MACE not enabled', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ items: ITEMS, config: { annotation_schemes: SCHEMES } });
  });
  afterAll(() => t.close());

  it('the overview says so and a run on request is a 400 naming mace.enabled', async () => {
    const o = await t.admin().get('/admin/api/mace/overview');
    expect(o.status).toBe(200);
    expect(o.body).toMatchObject({ enabled: false, has_results: false, annotations_until_next_run: null });
    const run = await t.admin().post('/admin/api/mace/trigger');
    expect(run.status).toBe(400);
    expect(run.body.error).toMatch(/^mace\.enabled: MACE is not enabled/);
  });
});
