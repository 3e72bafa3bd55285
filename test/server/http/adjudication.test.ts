/**
 * Adjudication over real HTTP: the queue, decisions as gold answers, the gold export, agreement against gold,
 * item.adjudicated.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { startReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative', 'neutral'] },
  { annotation_type: 'multiselect', name: 'topics', labels: ['price', 'quality'] },
  { annotation_type: 'span', name: 'evidence', labels: ['pos', 'neg'] },
];
const ITEMS = [
  { id: 'a', text: 'Great value for the money.' },
  { id: 'b', text: 'Broke after a day.' },
  { id: 'c', text: 'It is a chair.' },
  { id: 'd', text: 'Nobody read this one.' },
];
const ADJ = {
  enabled: true,
  adjudicator_users: ['judy'],
  min_annotations: 2,
  agreement_threshold: 0.75,
  error_taxonomy: ['guideline_gap', 'annotator_error'],
};

const jsonl = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe('adjudication', () => {
  let t: TestServer;
  let receiver: WebhookReceiver;
  let judy: Client;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startServer({
      items: ITEMS,
      config: {
        annotation_schemes: SCHEMES,
        adjudication: ADJ,
        webhooks: { endpoints: [{ name: 'gold', url: receiver.url, events: ['item.adjudicated'] }] },
      },
    });
    const ann = async (
      name: string,
      answers: Record<string, Record<string, string>>,
      spans: Record<string, { schema: string; name: string; start: number; end: number }[]> = {},
    ) => {
      const c = await t.client().login(name);
      for (const [id, a] of Object.entries(answers)) {
        const r = await c.post('/updateinstance', {
          instance_id: id,
          annotations: a,
          span_annotations: spans[id] ?? [],
        });
        expect(r.status).toBe(200);
      }
    };
    // a: alice and bob disagree on sentiment and on the span; b: all three agree; c: 2 against 1
    await ann(
      'alice',
      {
        a: { 'sentiment:positive': 'true', 'topics:price': 'true' },
        b: { 'sentiment:negative': 'true' },
        c: { 'sentiment:neutral': 'true' },
      },
      { a: [{ schema: 'evidence', name: 'pos', start: 0, end: 5 }] },
    );
    await ann(
      'bob',
      {
        a: { 'sentiment:negative': 'true', 'topics:price': 'true' },
        b: { 'sentiment:negative': 'true' },
        c: { 'sentiment:neutral': 'true' },
      },
      { a: [{ schema: 'evidence', name: 'pos', start: 0, end: 11 }] },
    );
    await ann('carol', { b: { 'sentiment:negative': 'true' }, c: { 'sentiment:positive': 'true' } });
    judy = await t.client().login('judy');
  });

  it('refuses without a session (401), for users who are not adjudicators (403), and 404s unknown items', async () => {
    for (const [method, path] of [
      ['GET', '/adjudicate/api/queue'],
      ['GET', '/adjudicate/api/stats'],
      ['GET', '/adjudicate/api/next'],
      ['GET', '/adjudicate/api/item/a'],
      ['POST', '/adjudicate/api/submit'],
      ['POST', '/adjudicate/api/skip/a'],
    ]) {
      expect((await t.client().request(method, path)).status, `${method} ${path}`).toBe(401);
    }
    const alice = await t.client().login('alice');
    const refused = await alice.get('/adjudicate/api/queue');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/adjudicator_users/);
    expect((await judy.get('/adjudicate/api/item/nonexistent')).status).toBe(404);
    expect((await judy.get('/adjudicate/api/item/d')).status).toBe(404); // nobody annotated it
    expect((await judy.request('POST', '/adjudicate/api/skip/nonexistent')).status).toBe(404);
  });

  it('queues the items below the agreement threshold, lowest first, with answers side by side', async () => {
    const r = await judy.get('/adjudicate/api/queue');
    expect(r.status).toBe(200);
    expect(r.body.items.map((i: { instance_id: string }) => i.instance_id)).toEqual(['a', 'c']);
    const [a, c] = r.body.items;
    expect(a.agreement_scores).toEqual({ sentiment: 0, topics: 1, evidence: 0 });
    expect(a.overall_agreement).toBeCloseTo(1 / 3);
    expect(a.annotations.alice).toEqual({ sentiment: { positive: 'true' }, topics: { price: 'true' } });
    expect(a.answers.bob).toEqual({ sentiment: 'negative', topics: ['price'] });
    expect(a.span_annotations.bob).toEqual([
      expect.objectContaining({ schema: 'evidence', name: 'pos', start: 0, end: 11, value: 'Great value' }),
    ]);
    expect(a.status).toBe('pending');
    expect(c.agreement_scores).toEqual({ sentiment: 1 / 3 });
    expect(c.num_annotators).toBe(3);
    // all multiply-annotated items, filtered by scheme and agreement
    const all = await judy.get('/adjudicate/api/queue?scope=all');
    expect(all.body.items.map((i: { instance_id: string }) => i.instance_id)).toEqual(['a', 'c', 'b']);
    const spansOnly = await judy.get('/adjudicate/api/queue?scope=all&schema=evidence');
    expect(spansOnly.body.items.map((i: { instance_id: string }) => i.instance_id)).toEqual(['a']);
    const low = await judy.get('/adjudicate/api/queue?scope=all&schema=sentiment&max_agreement=0.2');
    expect(low.body.items.map((i: { instance_id: string }) => i.instance_id)).toEqual(['a']);
    const bad = await judy.get('/adjudicate/api/queue?schema=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^schema:/);
    expect((await judy.get('/adjudicate/api/queue?max_agreement=2')).body.error).toMatch(/^max_agreement/);
  });

  it('records a decision as the gold answer with who and why, fires item.adjudicated, and exports gold', async () => {
    expect((await judy.post('/adjudicate/api/submit', {})).body.error).toMatch(/^instance_id/);
    const badTaxonomy = await judy.post('/adjudicate/api/submit', { instance_id: 'a', error_taxonomy: ['typo'] });
    expect(badTaxonomy.status).toBe(400);
    expect(badTaxonomy.body.error).toMatch(/^error_taxonomy\[0\]/);
    const badLabel = await judy.post('/adjudicate/api/submit', {
      instance_id: 'a',
      label_decisions: { sentiment: 'furious' },
    });
    expect(badLabel.status).toBe(400);
    expect(badLabel.body.error).toMatch(/label_decisions\.sentiment.*furious/);

    const next = await judy.get('/adjudicate/api/next');
    expect(next.body.item.instance_id).toBe('a');
    expect(next.body.item_text).toBe('Great value for the money.');

    const r = await judy.post('/adjudicate/api/submit', {
      instance_id: 'a',
      label_decisions: { sentiment: 'positive', topics: { price: 'true' } },
      span_decisions: [{ schema: 'evidence', name: 'pos', start: 0, end: 11 }],
      confidence: 'high',
      notes: 'value is praise',
      error_taxonomy: ['annotator_error'],
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', instance_id: 'a' });

    const item = await judy.get('/adjudicate/api/item/a');
    expect(item.body.item.status).toBe('completed');
    expect(item.body.decision).toMatchObject({
      adjudicator_id: 'judy',
      confidence: 'high',
      notes: 'value is praise',
      error_taxonomy: ['annotator_error'],
      answers: { sentiment: 'positive', topics: ['price'] },
      source: { sentiment: 'annotator:alice', topics: 'annotator:alice', evidence: 'annotator:bob' },
      span_decisions: [expect.objectContaining({ schema: 'evidence', name: 'pos', start: 0, end: 11 })],
    });
    expect((await judy.get('/adjudicate/api/next')).body.item.instance_id).toBe('c');
    const stats = await judy.get('/adjudicate/api/stats');
    expect(stats.body).toMatchObject({
      total: 2,
      completed: 1,
      pending: 1,
      skipped: 0,
      completion_rate: 0.5,
      adjudicator_stats: { judy: { completed: 1 } },
    });

    const [delivery] = await receiver.waitFor((rs) => rs.length === 1);
    expect(delivery.body.event_type).toBe('item.adjudicated');
    expect(delivery.body.data).toMatchObject({
      instance_id: 'a',
      adjudicator: 'judy',
      gold: { sentiment: 'positive', topics: ['price'] },
      notes: 'value is praise',
      annotators: ['alice', 'bob'],
    });

    const gold = await t.admin().get('/admin/api/export?view=gold');
    expect(gold.status).toBe(200);
    const rows = jsonl(gold.text);
    expect(rows.map((row) => row.instance_id)).toEqual(['a', 'b', 'c']);
    expect(rows[0]).toMatchObject({
      annotator: 'gold:adjudicated',
      labels: { sentiment: 'positive', topics: ['price'] },
      spans: [{ label: 'pos', start: 0, end: 11, text: 'Great value' }],
      gold: { source: 'adjudicated', adjudicator: 'judy', notes: 'value is praise', annotators: 2 },
    });
    expect(rows[1]).toMatchObject({
      annotator: 'gold:majority',
      labels: { sentiment: 'negative' },
      gold: { source: 'majority', vote_share: { sentiment: 1 }, annotators: 3 },
    });
    expect(rows[2].gold.vote_share.sentiment).toBeCloseTo(2 / 3);
    expect(rows[2].labels).toEqual({ sentiment: 'neutral' });
    const csv = await t.admin().get('/admin/api/export?view=gold&format=csv');
    expect(csv.text.split('\n')[1]).toMatch(/^a,gold:adjudicated,/);
    expect((await t.admin().get('/admin/api/export?view=gold&annotator=alice')).status).toBe(400);

    const against = await t.admin().get('/admin/api/adjudication/agreement');
    expect(against.body.adjudicated_items).toBe(1);
    expect(against.body.by_annotator.alice.sentiment).toEqual({ items: 1, matched: 1, share: 1 });
    expect(against.body.by_annotator.bob.sentiment).toEqual({ items: 1, matched: 0, share: 0 });
    expect(against.body.by_annotator.alice.evidence.share).toBe(0);
  });

  it('keeps decisions and skips across a restart', async () => {
    expect((await judy.request('POST', '/adjudicate/api/skip/c')).status).toBe(200);
    t = await t.restart();
    const judy2 = await t.client().login('judy');
    const queue = await judy2.get('/adjudicate/api/queue');
    expect(queue.body.items.map((i: { instance_id: string; status: string }) => [i.instance_id, i.status])).toEqual([
      ['c', 'skipped'],
      ['a', 'completed'],
    ]);
    expect((await t.admin().get('/admin/api/adjudication')).body).toMatchObject({
      enabled: true,
      adjudicators: ['judy'],
      total: 2,
      completed: 1,
      skipped: 1,
    });
  });

  it("answers Potato's dashboard fields and its similar-items read-out, which finds none here", async () => {
    const overview = (await t.admin().get('/admin/api/adjudication')).body;
    expect(overview.queue_stats).toMatchObject({ total: 2, completed: 1, pending: 0, skipped: 1 });
    expect(overview.adjudicator_details).toEqual({
      judy: { completed: 1, total_time_ms: 0, avg_time_ms: 0 },
    });
    expect(overview.error_taxonomy_counts).toEqual({ annotator_error: 1 });
    expect(overview.guideline_flag_count).toBe(0);
    expect(overview.similarity_stats).toEqual({});
    const patterns = overview.disagreement_patterns as { schema: string; avg_agreement: number; num_items: number }[];
    expect(patterns.find((p) => p.schema === 'sentiment')).toEqual({
      schema: 'sentiment',
      avg_agreement: expect.any(Number),
      num_items: 2,
    });
    const averages = patterns.map((p) => p.avg_agreement);
    expect(averages).toEqual([...averages].sort((x, y) => x - y));

    const judy2 = await t.client().login('judy');
    expect((await judy2.get('/adjudicate/api/similar/a')).body).toEqual({
      enabled: false,
      instance_id: 'a',
      similar_items: [],
      count: 0,
    });
    const carol = await t.client().login('carol');
    expect((await carol.get('/adjudicate/api/similar/a')).status).toBe(403);
    expect((await t.client().get('/adjudicate/api/similar/a')).status).toBe(401);
  });
});

describe('adjudication settings', () => {
  it('is 404 while off, lets admin users adjudicate, hides names and wants a note for an override when told to', async () => {
    const off = await startServer({ items: ITEMS.slice(0, 1) });
    expect((await (await off.client().login('judy')).get('/adjudicate/api/queue')).status).toBe(404);
    expect((await off.admin().get('/admin/api/adjudication')).body).toEqual({
      enabled: false,
      message: 'Adjudication not configured',
    });

    const t = await startServer({
      items: ITEMS.slice(0, 1),
      config: {
        annotation_schemes: SCHEMES.slice(0, 1),
        admin_users: ['boss'],
        adjudication: { ...ADJ, adjudicator_users: [], show_annotator_names: false, require_notes_on_override: true },
      },
    });
    for (const [name, label] of [
      ['alice', 'positive'],
      ['bob', 'negative'],
    ]) {
      await (
        await t.client().login(name)
      ).post('/updateinstance', { instance_id: 'a', annotations: { [`sentiment:${label}`]: 'true' } });
    }
    const boss = await t.loginAdmin('boss');
    const queue = await boss.get('/adjudicate/api/queue');
    expect(queue.status).toBe(200);
    expect(Object.keys(queue.body.items[0].annotations)).toEqual(['Annotator A', 'Annotator B']);
    const override = await boss.post('/adjudicate/api/submit', {
      instance_id: 'a',
      label_decisions: { sentiment: 'neutral' },
    });
    expect(override.status).toBe(400);
    expect(override.body.error).toMatch(/^notes:/);
    expect(
      (
        await boss.post('/adjudicate/api/submit', {
          instance_id: 'a',
          label_decisions: { sentiment: 'neutral' },
          notes: 'both missed the irony',
        })
      ).status,
    ).toBe(200);
    expect(t.server.services.adjudication.gold(t.server.services.task.instances[0])).toMatchObject({
      source: 'adjudicated',
      adjudicator: 'boss',
      labels: { sentiment: { neutral: 'true' } },
    });
  });

  it('warns at start-up about the keys it does not act on', async () => {
    const t = await startServer({
      items: ITEMS.slice(0, 1),
      config: { adjudication: { ...ADJ, similarity: { enabled: true }, output_subdir: 'adj' } },
    });
    const warnings = t.server.services.config.warnings.join('\n');
    expect(warnings).toMatch(/adjudication\.similarity is not acted on/);
    expect(warnings).toMatch(/adjudication\.output_subdir is not acted on/);
  });
});
