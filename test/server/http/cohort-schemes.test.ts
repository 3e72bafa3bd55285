/**
 * Per-cohort schemes over real HTTP: each annotator is given and may answer their cohort's schemes, anyone outside
 * a cohort the global ones, an adjudicator every cohort's; an inline cohort scheme is stored, exported and measured
 * like any other.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', description: 'Sentiment', labels: ['poslabel', 'neglabel'] },
  {
    annotation_type: 'radio',
    name: 'topic',
    description: 'Topic',
    labels: ['alphalabel', 'betalabel'],
    required: true,
  },
];
const WHY = { annotation_type: 'text', name: 'why', description: 'Why?' };
const ITEMS = [
  { id: '1', text: 'One.' },
  { id: '2', text: 'Two.' },
  { id: '3', text: 'Three.' },
];

describe('per-cohort schemes', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startServer({
      items: ITEMS,
      config: {
        annotation_schemes: SCHEMES,
        assignment_strategy: 'batch',
        scheme_sets: { minimal: ['sentiment'] },
        batch_assignment: {
          groups: [
            { name: 'cohortA', annotators: ['alice', 'amy'], instances: ['1', '2'], schemes: 'minimal' },
            {
              name: 'cohortB',
              annotators: ['bob', 'carol'],
              instances: ['1', '2', '3'],
              schemes: ['sentiment', 'topic'],
            },
            { name: 'cohortC', annotators: ['dan'], instances: ['1', '2', '3'], schemes: ['sentiment', WHY] },
          ],
        },
        adjudication: { enabled: true, adjudicator_users: ['judge'], min_annotations: 2 },
      },
    });
  });

  const schemesOf = async (name: string) => {
    const c = await t.client().login(name);
    const r = await c.get('/api/schemas');
    expect(r.status).toBe(200);
    return Object.keys(r.body as object);
  };

  it("gives each annotator their cohort's schemes, and the global ones outside a cohort", async () => {
    expect(await schemesOf('alice')).toEqual(['sentiment']);
    expect(await schemesOf('bob')).toEqual(['sentiment', 'topic']);
    expect(await schemesOf('dan')).toEqual(['sentiment', 'why']);
    expect(await schemesOf('erin')).toEqual(['sentiment', 'topic']);
  });

  it("gives an adjudicator the union of every cohort's schemes", async () => {
    const judge = await t.client().login('judge');
    const r = await judge.get('/adjudicate/api/schemas');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body as object)).toEqual(['sentiment', 'topic', 'why']);
    expect((r.body as Record<string, unknown>).why).toMatchObject({ annotation_type: 'text', description: 'Why?' });
    const alice = await t.client().login('alice');
    expect((await alice.get('/adjudicate/api/schemas')).status).toBe(403);
  });

  it("refuses an answer to another cohort's scheme, naming the field", async () => {
    const alice = await t.client().login('alice');
    const r = await alice.post('/updateinstance', {
      instance_id: '1',
      annotations: { 'sentiment:poslabel': 'true', 'topic:alphalabel': 'true' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: 'annotations["topic:alphalabel"]: scheme "topic" is not among the schemes of cohort "cohortA" (sentiment)',
    });
    // in Potato's page shape too, and nothing was stored
    const potato = await alice.post('/updateinstance', {
      instance_id: '1',
      type: 'label',
      schema: 'topic',
      state: [{ name: 'alphalabel', value: 'true' }],
    });
    expect(potato.status).toBe(400);
    expect((potato.body as { error: string }).error).toMatch(/not among the schemes of cohort "cohortA"/);
    expect((await alice.get('/get_annotations?instance_id=1')).body).toMatchObject({ annotations: {} });
    const ok = await alice.post('/updateinstance', { instance_id: '1', annotations: { 'sentiment:poslabel': 'true' } });
    expect(ok.status).toBe(200);
  });

  it("does not ask another cohort's required scheme of an annotator", async () => {
    const amy = await t.client().login('amy');
    const current = await amy.get('/api/current_instance');
    expect(current.body).toMatchObject({ instance_id: '1', required: [] });
    const bob = await t.client().login('bob');
    expect((await bob.get('/api/current_instance')).body).toMatchObject({ required: ['topic'] });
    const moved = await amy.post('/go_to', { action: 'next_instance' });
    expect(moved.status).toBe(200);
    expect((await bob.post('/go_to', { action: 'next_instance' })).status).toBe(409);
  });

  it('stores, exports and measures an inline cohort scheme, over those who had it', async () => {
    const dan = await t.client().login('dan');
    const r = await dan.post('/updateinstance', {
      instance_id: '1',
      annotations: { 'sentiment:neglabel': 'true', 'why:text_box': 'because' },
    });
    expect(r.status).toBe(200);
    const bob = await t.client().login('bob');
    expect(
      (await bob.post('/updateinstance', { instance_id: '1', annotations: { 'why:text_box': 'no' } })).status,
    ).toBe(400);
    const carol = await t.client().login('carol');
    for (const [c, label] of [
      [bob, 'alphalabel'],
      [carol, 'alphalabel'],
    ] as const)
      for (const id of ['1', '2'])
        expect(
          (
            await c.post('/updateinstance', {
              instance_id: id,
              annotations: { 'sentiment:poslabel': 'true', [`topic:${label}`]: 'true' },
            })
          ).status,
        ).toBe(200);
    const exported = await t.admin().get('/admin/api/export?format=jsonl');
    expect(exported.status).toBe(200);
    const rows = exported.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { annotator: string; instance_id: string; labels: Record<string, unknown> });
    expect(rows.find((row) => row.annotator === 'dan')).toMatchObject({
      instance_id: '1',
      labels: { sentiment: 'neglabel', why: 'because' },
    });
    const agreement = await t.admin().get('/admin/api/agreement');
    expect(agreement.status).toBe(200);
    const bySchema = (agreement.body as { by_schema: Record<string, { annotators: number; items_evaluated: number }> })
      .by_schema;
    expect(Object.keys(bySchema)).toEqual(['sentiment', 'topic', 'why']);
    // topic is measured over the two annotators whose cohort had it, not over everyone who answered the items
    expect(bySchema.topic).toMatchObject({ annotators: 2, items_evaluated: 2 });
    expect(bySchema.sentiment).toMatchObject({ annotators: 4 });
  });

  it("gives an auto-assigned annotator's first request for schemes their cohort's, placing them first", async () => {
    const auto = await startServer({
      items: ITEMS,
      config: {
        annotation_schemes: SCHEMES,
        assignment_strategy: 'batch',
        batch_assignment: {
          auto_assign_annotators: true,
          groups: [{ name: 'only', instances: ['1', '2', '3'], schemes: ['topic'] }],
        },
      },
    });
    const newcomer = await auto.client().login('newcomer');
    expect(Object.keys((await newcomer.get('/api/schemas')).body as object)).toEqual(['topic']);
    expect((await newcomer.get('/api/current_instance')).body).toMatchObject({ instance_id: '1' });
  });
});
