/**
 * Potato's batch assignment over HTTP: each cohort receives only its own items, in its order; a user in no cohort
 * is told so; auto-assigned users fill the least-filled group and keep it across a restart; the overlap limit
 * holds inside a group; an item's annotator_key names who may receive it. Runs on PostgreSQL too
 * (POSTGRES_HTTP_SUITES).
 */
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quietLogger, startServer, type TestServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import type { Client } from '../../helpers/client.js';

const items = ['a1', 'a2', 'a3', 'b1', 'b2', 'open'].map((id) => ({ id, text: `Item ${id}` }));

/** The user's list as the admin read-out gives it, after their first visit has handed it out. */
async function listOf(t: TestServer, user: Client, name: string): Promise<string[]> {
  await user.get('/api/current_instance');
  const state = await t.admin().get(`/admin/user_state/${name}`);
  expect(state.status).toBe(200);
  return state.body.assignments.items.map((i: { id: string }) => i.id);
}

const login = (t: TestServer, name: string) => t.client().login(name);

describe('batch assignment', () => {
  it('gives two groups disjoint items in their order, and a user in no group a message instead of items', async () => {
    const t = await startServer({
      items,
      config: {
        assignment_strategy: 'batch',
        batch_assignment: {
          groups: [
            { name: 'round_a', annotators: ['alice', 'bob'], instances: ['a3', 'a1', 'a2'] },
            { name: 'round_b', annotators: ['erin'], instances: ['b2', 'b1'] },
          ],
        },
      },
    });
    const [alice, bob, erin, olga] = await Promise.all(['alice', 'bob', 'erin', 'olga'].map((n) => login(t, n)));
    expect(await listOf(t, alice, 'alice')).toEqual(['a3', 'a1', 'a2']);
    expect(await listOf(t, bob, 'bob')).toEqual(['a3', 'a1', 'a2']);
    expect(await listOf(t, erin, 'erin')).toEqual(['b2', 'b1']);
    expect((await erin.get('/api/current_instance')).body).toMatchObject({ instance_id: 'b2', total_instances: 2 });

    // another group's item is not theirs to open or answer
    expect((await erin.post('/go_to', { go_to: 'a1' })).status).toBe(403);
    const foreign = await erin.post('/updateinstance', {
      instance_id: 'a1',
      annotations: { 'sentiment:positive': 'true' },
    });
    expect(foreign.status).toBe(403);

    for (const path of ['/api/current_instance', '/api/annotate/step']) {
      const none = await olga.get(path);
      expect(none.status).toBe(404);
      expect(none.body.error).toMatch(/you are in none of this project's annotator groups/);
    }
    expect(t.server.services.cohorts.cohortOf('alice')).toBe('round_a');
    expect(t.server.services.cohorts.cohortOf('olga')).toBeUndefined();
  });

  it('puts arriving users in the least-filled group until all are full, and keeps them there after a restart', async () => {
    let t = await startServer({
      items,
      config: {
        assignment_strategy: 'batch',
        num_annotators_per_item: 2,
        batch_assignment: {
          auto_assign_annotators: true,
          groups: [
            { name: 'batch_a', instances: ['a1', 'a2'] },
            { name: 'batch_b', instances: ['b1'] },
          ],
        },
      },
    });
    expect(await listOf(t, await login(t, 'p1'), 'p1')).toEqual(['a1', 'a2']);
    expect(await listOf(t, await login(t, 'p2'), 'p2')).toEqual(['b1']);
    expect(await listOf(t, await login(t, 'p3'), 'p3')).toEqual(['a1', 'a2']); // a tie: the first listed

    t = await t.restart();
    expect(['p1', 'p2', 'p3'].map((u) => t.server.services.cohorts.cohortOf(u))).toEqual([
      'batch_a',
      'batch_b',
      'batch_a',
    ]);
    const p3 = await login(t, 'p3');
    expect((await p3.get('/api/current_instance')).body).toMatchObject({ instance_id: 'a1', total_instances: 2 });
    // balanced against the groups as stored: batch_b has one member, batch_a two
    expect(await listOf(t, await login(t, 'p4'), 'p4')).toEqual(['b1']);
    const late = await (await login(t, 'p5')).get('/api/current_instance');
    expect(late.status).toBe(404);
    expect(late.body.error).toMatch(/every annotator group of this project is full/);
    expect(t.server.services.cohorts.cohortOf('p5')).toBeUndefined();
  });

  it('warns at start-up about a user whose stored list spans several groups, naming them, and reads them back as the majority', async () => {
    const groups = (a: string[], b: string[]) => ({
      assignment_strategy: 'batch',
      batch_assignment: {
        auto_assign_annotators: true,
        groups: [
          { name: 'batch_a', instances: a },
          { name: 'batch_b', instances: b },
        ],
      },
    });
    const first = await startServer({ items, config: groups(['a1', 'a2', 'a3'], ['b1']) });
    expect(await listOf(first, await login(first, 'p1'), 'p1')).toEqual(['a1', 'a2', 'a3']);
    expect(await listOf(first, await login(first, 'p2'), 'p2')).toEqual(['b1']);
    await first.close();
    // the organiser moves a3 to batch_b between rounds: p1 now holds two items of batch_a and one of batch_b
    const configFile = writeProject({
      dir: dirname(first.configFile),
      items,
      config: groups(['a1', 'a2'], ['a3', 'b1']),
    });
    quietLogger.lines.length = 0;
    const t = await startServer({ configFile, dataDir: first.dataDir });
    expect(quietLogger.lines.filter((l) => /batch_assignment/.test(l))).toEqual([
      'batch_assignment: "p1" holds items of several groups (batch_a: 2, batch_b: 1); they are read back as in "batch_a", the group holding most (the first listed on a tie), and are handed only its items from now on',
    ]);
    expect(t.server.services.cohorts.cohortOf('p1')).toBe('batch_a');
    expect(t.server.services.cohorts.cohortOf('p2')).toBe('batch_b');
  });

  it('keeps the overlap limit inside a group: no item has more annotators than num_annotators_per_item', async () => {
    const t = await startServer({
      items,
      config: {
        assignment_strategy: 'batch',
        num_annotators_per_item: 2,
        batch_assignment: { groups: [{ name: 'trio', annotators: ['x', 'y', 'z'], instances: ['a1', 'a2'] }] },
      },
    });
    expect(await listOf(t, await login(t, 'x'), 'x')).toEqual(['a1', 'a2']);
    expect(await listOf(t, await login(t, 'y'), 'y')).toEqual(['a1', 'a2']);
    const z = await (await login(t, 'z')).get('/api/current_instance');
    expect(z.status).toBe(404);
    expect(z.body.error).toMatch(/every item of your annotator group "trio" already has the annotators it needs/);
    const all = (await t.admin().get('/admin/all_instances')).body;
    expect(JSON.stringify(all)).not.toMatch(/"z"/);
  });

  it('hands instances imported while the project runs to nobody: they are in no group', async () => {
    const t = await startServer({
      items,
      config: {
        assignment_strategy: 'batch',
        batch_assignment: { groups: [{ name: 'g', annotators: ['alice'], instances: ['a1', 'a2'] }] },
      },
      files: { 'later.jsonl': '{"id": "n1", "text": "new"}\n' },
    });
    const alice = await login(t, 'alice');
    expect(await listOf(t, alice, 'alice')).toEqual(['a1', 'a2']);
    const file = join(dirname(t.configFile), 'later.jsonl');
    const imported = await t.admin().post('/admin/api/import', { file, wait: true });
    expect(imported.status).toBe(200);
    expect(await listOf(t, alice, 'alice')).toEqual(['a1', 'a2']);
  });

  it('reads annotator_key on items imported while the project runs, as Potato reads it at each hand-out', async () => {
    const t = await startServer({
      items,
      config: {
        assignment_strategy: 'batch',
        batch_assignment: {
          annotator_key: 'round2',
          groups: [{ name: 'g', annotators: ['alice'], instances: ['a1', 'a2'] }],
        },
      },
      files: {
        'later.jsonl': [
          { id: 'n1', text: 'for alice', round2: ['alice'] },
          { id: 'n2', text: 'for zed', round2: 'zed' },
          { id: 'n3', text: 'for nobody' },
        ]
          .map((r) => JSON.stringify(r))
          .join('\n'),
      },
    });
    const alice = await login(t, 'alice');
    expect(await listOf(t, alice, 'alice')).toEqual(['a1', 'a2']);
    const file = join(dirname(t.configFile), 'later.jsonl');
    expect((await t.admin().post('/admin/api/import', { file, wait: true })).status).toBe(200);
    expect(await listOf(t, alice, 'alice')).toEqual(['a1', 'a2', 'n1']);
    expect(await listOf(t, await login(t, 'zed'), 'zed')).toEqual(['n2']);
    expect((await (await login(t, 'erin')).get('/api/current_instance')).status).toBe(404);
  });

  it("reads Potato's assigned_annotators field when batch_assignment names no annotator_key", async () => {
    const t = await startServer({
      items: [
        { id: 'r1', text: 'one', assigned_annotators: ['alice', 'bob'] },
        { id: 'r2', text: 'two', assigned_annotators: 'bob' },
        { id: 'r3', text: 'three' },
      ],
      config: { assignment_strategy: 'batch', batch_assignment: { auto_assign_annotators: false } },
    });
    expect(await listOf(t, await login(t, 'alice'), 'alice')).toEqual(['r1']);
    expect(await listOf(t, await login(t, 'bob'), 'bob')).toEqual(['r1', 'r2']);
    expect(t.server.services.cohorts.settings.annotatorKey).toBe('assigned_annotators');
  });

  it('hands an item to the annotators its annotator_key field names, and to nobody else', async () => {
    const t = await startServer({
      items: [
        { id: 'r1', text: 'one', round1: ['alice', 'bob'] },
        { id: 'r2', text: 'two', round1: ['erin'] },
        { id: 'r3', text: 'three', round1: ['alice'] },
      ],
      config: { assignment_strategy: 'batch', batch_assignment: { annotator_key: 'round1' } },
    });
    expect(await listOf(t, await login(t, 'alice'), 'alice')).toEqual(['r1', 'r3']);
    expect(await listOf(t, await login(t, 'erin'), 'erin')).toEqual(['r2']);
    expect((await (await login(t, 'zed')).get('/api/current_instance')).status).toBe(404);
  });

  it('refuses switching a project without cohorts to batch at run time, naming the key', async () => {
    const t = await startServer({ items });
    const r = await t.admin().post('/admin/api/config', { assignment_strategy: 'batch' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^assignment_strategy: batch needs a batch_assignment section/);
    expect((await (await login(t, 'alice')).get('/api/current_instance')).body.total_instances).toBe(items.length);
  });
});
