import { describe, expect, it } from 'vitest';
import { jaccardDistance } from '../../../server/domain/agreement/alpha.js';
import { krippendorffAlpha } from '../../helpers/reference-measures.js';
import { cohenKappa, fleissKappa } from '../../../server/domain/agreement/kappa.js';
import { interpretAlpha } from '../../../server/domain/agreement/interpret.js';
import { startServer } from '../../helpers/server.js';

/** toBeCloseTo alone would pass null for an expected 0 */
function near(actual: unknown, expected: number) {
  expect(actual).toEqual(expect.any(Number));
  expect(actual).toBeCloseTo(expected, 12);
}

const ITEMS = [
  { id: 'a', text: 'great value' },
  { id: 'b', text: 'arrived late' },
  { id: 'c', text: 'meh' },
];

const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative', 'neutral'] },
  { annotation_type: 'likert', name: 'helpful', size: 5, min_label: 'no', max_label: 'yes' },
  { annotation_type: 'number', name: 'stars', min: 1, max: 5 },
  { annotation_type: 'multiselect', name: 'topics', labels: ['price', 'delivery'] },
  { annotation_type: 'text', name: 'note' },
  { annotation_type: 'span', name: 'evidence', labels: ['pos', 'neg'] },
];

type Answer = {
  sentiment: string;
  helpful: number;
  stars: number;
  topics: string[];
  note?: string;
  spans: [string, number, number][];
};

// what each annotator says about each item; carol skips item c
const ANSWERS: Record<string, Record<string, Answer>> = {
  alice: {
    a: { sentiment: 'positive', helpful: 5, stars: 5, topics: ['price'], note: 'nice', spans: [['pos', 0, 5]] },
    b: { sentiment: 'negative', helpful: 2, stars: 2, topics: ['delivery'], spans: [['neg', 8, 12]] },
    c: { sentiment: 'neutral', helpful: 3, stars: 3, topics: [], spans: [] },
  },
  bob: {
    a: { sentiment: 'positive', helpful: 4, stars: 4, topics: ['price', 'delivery'], spans: [['pos', 0, 11]] },
    b: { sentiment: 'negative', helpful: 1, stars: 1, topics: ['delivery'], spans: [['neg', 8, 12]] },
    c: { sentiment: 'negative', helpful: 3, stars: 2, topics: ['price'], spans: [] },
  },
  carol: {
    a: { sentiment: 'neutral', helpful: 4, stars: 5, topics: ['price'], spans: [] },
    b: { sentiment: 'negative', helpful: 2, stars: 1, topics: ['delivery'], note: 'slow', spans: [['neg', 0, 7]] },
  },
};

function submission(id: string, answer: Answer) {
  const annotations: Record<string, string> = {
    [`sentiment:${answer.sentiment}`]: 'true',
    [`helpful:${answer.helpful}`]: 'true',
    'stars:value': String(answer.stars),
  };
  for (const topic of answer.topics) annotations[`topics:${topic}`] = 'true';
  if (answer.note) annotations['note:text'] = answer.note;
  return {
    instance_id: id,
    annotations,
    span_annotations: answer.spans.map(([name, start, end]) => ({ schema: 'evidence', name, start, end })),
  };
}

/** The reliability data matrix (coders × units) for one scheme, as the pure module takes it. */
function matrix<V>(pick: (a: Answer) => V | null): (V | null)[][] {
  return Object.values(ANSWERS).map((mine) => ITEMS.map((item) => (mine[item.id] ? pick(mine[item.id]) : null)));
}

function perCharacter(): (string | null)[][] {
  return Object.values(ANSWERS).map((mine) =>
    ITEMS.flatMap((item) => {
      const answer = mine[item.id];
      const row: (string | null)[] = Array(item.text.length).fill(answer ? 'none' : null);
      for (const [label, start, end] of answer?.spans ?? []) row.fill(label, start, end);
      return row;
    }),
  );
}

describe('GET /admin/api/agreement', () => {
  it('reports alpha per scheme over instances with two or more annotators, matching the pure module', async () => {
    const t = await startServer({ items: ITEMS, config: { annotation_schemes: SCHEMES, num_annotators_per_item: 3 } });
    for (const [name, mine] of Object.entries(ANSWERS)) {
      const client = await t.client().login(name);
      for (const [id, answer] of Object.entries(mine))
        expect((await client.post('/updateinstance', submission(id, answer))).status).toBe(200);
    }
    const r = await t.admin().get('/admin/api/agreement');
    expect(r.status).toBe(200);
    const { by_schema, overall } = r.body;
    expect(Object.keys(by_schema).sort()).toEqual(['evidence', 'helpful', 'note', 'sentiment', 'stars', 'topics']);

    const sentiment = krippendorffAlpha(
      matrix((a) => a.sentiment),
      'nominal',
    );
    expect(by_schema.sentiment).toEqual({
      krippendorff_alpha: expect.closeTo(sentiment, 12),
      level: 'nominal',
      items_evaluated: 3,
      annotators: 3,
      interpretation: 'unreliable',
      fleiss_kappa: null, // item c has two annotators, a and b three
      cohen_kappa: null, // three annotators
    });
    expect(by_schema.helpful).toMatchObject({ level: 'ordinal', items_evaluated: 3, annotators: 3 });
    near(
      by_schema.helpful.krippendorff_alpha,
      krippendorffAlpha(
        matrix((a) => a.helpful),
        'ordinal',
      ),
    );
    expect(by_schema.stars).toMatchObject({ level: 'interval', items_evaluated: 3, annotators: 3 });
    near(
      by_schema.stars.krippendorff_alpha,
      krippendorffAlpha(
        matrix((a) => a.stars),
        'interval',
      ),
    );
    const topics = krippendorffAlpha(
      matrix((a) => (a.topics.length ? a.topics : null)),
      (x, y) => jaccardDistance(new Set(x), new Set(y)),
      (s) => [...s].sort().join(),
    );
    expect(by_schema.topics).toMatchObject({ level: 'jaccard', items_evaluated: 2, annotators: 3 }); // on c only bob ticked a topic
    near(by_schema.topics.krippendorff_alpha, topics);
    expect(by_schema.evidence).toMatchObject({ level: 'nominal_per_character', items_evaluated: 3, annotators: 3 });
    near(by_schema.evidence.krippendorff_alpha, krippendorffAlpha(perCharacter(), 'nominal'));
    expect(by_schema.note).toMatchObject({
      krippendorff_alpha: null,
      level: null,
      interpretation: null,
      reason: expect.any(String),
    });

    const evaluated = ['sentiment', 'helpful', 'stars', 'topics', 'evidence'];
    const alphas = evaluated.map((s) => by_schema[s].krippendorff_alpha as number);
    expect(overall.schemas_evaluated).toBe(5);
    near(overall.average_krippendorff_alpha, alphas.reduce((x, y) => x + y) / alphas.length);
    evaluated.forEach((s, n) => expect(by_schema[s].interpretation).toBe(interpretAlpha(alphas[n])));

    // a changed answer shows in a fresh report, and survives a restart. Without fresh=true a report that was slow
    // to compute (as under load) may be reused for a few seconds, so the plain path is not asked here.
    const carol = await t.client().login('carol');
    ANSWERS.carol.a = { ...ANSWERS.carol.a, sentiment: 'positive' };
    expect((await carol.post('/updateinstance', submission('a', ANSWERS.carol.a))).status).toBe(200);
    const after = (await t.admin().get('/admin/api/agreement?fresh=true')).body;
    const updated = krippendorffAlpha(
      matrix((a) => a.sentiment),
      'nominal',
    );
    expect(updated).not.toBeCloseTo(sentiment, 6);
    near(after.by_schema.sentiment.krippendorff_alpha, updated);

    const again = await t.restart();
    expect((await again.admin().get('/admin/api/agreement')).body).toEqual(after);
  });

  it('reports Fleiss kappa once every item has the same number of annotators, and Cohen kappa for two annotators', async () => {
    const t = await startServer({
      items: ITEMS.slice(0, 2),
      config: { annotation_schemes: SCHEMES.slice(0, 1), num_annotators_per_item: 2 },
    });
    const said = { alice: ['positive', 'negative'], bob: ['positive', 'neutral'] };
    for (const [name, labels] of Object.entries(said)) {
      const client = await t.client().login(name);
      for (const [n, label] of labels.entries())
        await client.post('/updateinstance', {
          instance_id: ITEMS[n].id,
          annotations: { [`sentiment:${label}`]: 'true' },
        });
    }
    const s = (await t.admin().get('/admin/api/agreement')).body.by_schema.sentiment;
    // columns positive, negative, neutral
    near(
      s.fleiss_kappa,
      fleissKappa([
        [2, 0, 0],
        [0, 1, 1],
      ]),
    );
    near(
      s.cohen_kappa,
      cohenKappa([
        ['positive', 'positive'],
        ['negative', 'neutral'],
      ]),
    );
    near(s.krippendorff_alpha, krippendorffAlpha(Object.values(said), 'nominal'));
  });

  it('answers with nulls before anyone has annotated', async () => {
    const t = await startServer({ items: ITEMS, config: { annotation_schemes: SCHEMES } });
    const r = await t.admin().get('/admin/api/agreement');
    expect(r.status).toBe(200);
    expect(r.body.overall).toEqual({ average_krippendorff_alpha: null, schemas_evaluated: 0 });
    for (const s of Object.values<Record<string, unknown>>(r.body.by_schema))
      expect(s).toMatchObject({ krippendorff_alpha: null, items_evaluated: 0, reason: expect.any(String) });
  });

  it('is for admins only: 401 without credentials, 403 with a wrong key or an annotator session, 200 for an admin user', async () => {
    const t = await startServer({ items: ITEMS, config: { annotation_schemes: SCHEMES, admin_users: ['boss'] } });
    const none = await t.client().get('/admin/api/agreement');
    expect(none.status).toBe(401);
    expect(none.body.error).toEqual(expect.any(String));
    const wrong = await t.client({ 'x-api-key': 'not-the-key' }).get('/admin/api/agreement');
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toEqual(expect.any(String));
    const annotator = await t.client().login('mallory');
    expect((await annotator.get('/admin/api/agreement')).status).toBe(403);
    const boss = await t.loginAdmin('boss');
    expect((await boss.get('/admin/api/agreement')).status).toBe(200);
  });

  it('takes fresh=true for an exact report and refuses other values of fresh', async () => {
    const t = await startServer({ items: ITEMS, config: { annotation_schemes: SCHEMES } });
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body).toEqual(
      (await t.admin().get('/admin/api/agreement')).body,
    );
    const bad = await t.admin().get('/admin/api/agreement?fresh=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/fresh/);
  });
});
