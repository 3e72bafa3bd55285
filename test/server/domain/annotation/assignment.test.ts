/**
 * Who gets which instance: the pure plan (planAssignment) and the whole server — strategies, the per-user cap,
 * the per-item overlap, and when an instance counts as fully annotated.
 */
import { describe, expect, it } from 'vitest';
import { Assignments, planAssignment } from '../../../../server/domain/annotation/assignment.js';
import { hashString, seededRandom } from '../../../../server/domain/seeded-random.js';
import { addCheckInstances, addInstances, createTask } from '../../../../server/domain/task.js';
import { PACKED_TABLES } from '../../../../server/index.js';
import { MemoryStore } from '../../../../server/storage/memory-store.js';
import { sampleItems } from '../../../helpers/project.js';
import { startServer, type TestServer } from '../../../helpers/server.js';

const IDS = Array.from({ length: 20 }, (_, i) => `i${i}`);
const none = () => 0;

describe('planAssignment', () => {
  it('fixed_order keeps the task order', () => {
    expect(
      planAssignment({
        ids: IDS,
        holders: none,
        required: Infinity,
        cap: null,
        strategy: 'fixed_order',
        username: 'a',
      }),
    ).toEqual(IDS);
  });

  it('random is a permutation seeded by the username: the same for one annotator, different between two', () => {
    const plan = (username: string) =>
      planAssignment({ ids: IDS, holders: none, required: Infinity, cap: null, strategy: 'random', username });
    const alice = plan('alice');
    expect([...alice].sort()).toEqual([...IDS].sort());
    expect(alice).not.toEqual(IDS);
    expect(plan('alice')).toEqual(alice);
    expect(plan('bob')).not.toEqual(alice);
  });

  it('least_annotated puts the instances with fewest holders first, ties in task order', () => {
    const holders = (id: string) => ({ i0: 2, i1: 1, i2: 0, i3: 1 })[id as 'i0'] ?? 5;
    expect(
      planAssignment({
        ids: ['i0', 'i1', 'i2', 'i3'],
        holders,
        required: Infinity,
        cap: null,
        strategy: 'least_annotated',
        username: 'a',
      }),
    ).toEqual(['i2', 'i1', 'i3', 'i0']);
  });

  it('leaves out instances that already have the required holders, then applies the cap', () => {
    const holders = (id: string) => (id === 'i0' || id === 'i2' ? 2 : 1);
    const plan = planAssignment({
      ids: IDS.slice(0, 6),
      holders,
      required: 2,
      cap: 3,
      strategy: 'fixed_order',
      username: 'a',
    });
    expect(plan).toEqual(['i1', 'i3', 'i4']);
    expect(
      planAssignment({ ids: IDS, holders: none, required: 1, cap: 0, strategy: 'fixed_order', username: 'a' }),
    ).toEqual([]);
  });

  it('has a deterministic seeded generator in [0, 1)', () => {
    const a = seededRandom(hashString('x'));
    const b = seededRandom(hashString('x'));
    const draws = Array.from({ length: 100 }, () => a());
    expect(draws).toEqual(Array.from({ length: 100 }, () => b()));
    for (const d of draws) expect(d >= 0 && d < 1).toBe(true);
    expect(hashString('x')).not.toBe(hashString('y'));
  });
});

async function listOf(t: TestServer, username: string): Promise<string[]> {
  const client = await t.client().login(username, `${username}-pass`);
  const first = await client.get('/api/current_instance');
  if (first.status === 404) return [];
  const ids = [first.body.instance_id];
  for (let i = 1; i < first.body.total_instances; i++)
    ids.push((await client.post('/go_to', { action: 'next_instance' })).body.instance_id);
  await client.post('/go_to', { go_to: ids[0] });
  return ids;
}

describe('Assignments over a store of packed lists', () => {
  const item = (id: string) => ({ id, text: id, data: {} });
  const setup = async () => {
    const store = new MemoryStore(PACKED_TABLES);
    const task = createTask([], ['a', 'b', 'c'].map(item), {});
    addCheckInstances(task, [item('qc-1')]);
    const settings = { required: () => Infinity, cap: () => null, strategy: () => 'fixed_order' as const };
    const assignments = new Assignments(store, task, settings, () => '2026-01-01T00:00:00.000Z');
    await store.write([assignments.replaceOp('ann', ['a', 'qc-1', 'c']), assignments.replaceOp('bob', ['c', 'b'])]);
    return { store, task, settings, assignments };
  };

  it('counts holders and finds positions of task instances and quality checks alike', async () => {
    const { store, task, settings, assignments } = await setup();
    for (const a of [assignments, new Assignments(store, task, settings, () => '')]) {
      expect(['a', 'b', 'c', 'qc-1', 'nope'].map((id) => a.holders(id))).toEqual([1, 1, 2, 1, 0]);
      expect(['a', 'qc-1', 'c', 'b', 'nope'].map((id) => a.positionOf('ann', id))).toEqual([0, 1, 2, -1, -1]);
      expect(a.listOf('bob')).toEqual(['c', 'b']);
      expect([...a.usernames()]).toEqual(['ann', 'bob']);
    }
  });

  it('follows a replaced list, a grown task, and a recount after a write the store undid', async () => {
    const { store, task, assignments } = await setup();
    expect(assignments.positionOf('ann', 'c')).toBe(2); // builds ann's positions
    addInstances(task, [item('d')]);
    await store.write([assignments.replaceOp('ann', ['a', 'qc-1', 'c', 'd'])]);
    expect(assignments.positionOf('ann', 'd')).toBe(3);
    expect(assignments.holders('d')).toBe(1);
    const op = assignments.replaceOp('bob', ['d']); // counted at once; suppose its write then fails and is undone
    expect(assignments.holders('d')).toBe(2);
    assignments.recount();
    expect(op.table).toBe('assignments');
    expect(['a', 'b', 'c', 'd', 'qc-1'].map((id) => assignments.holders(id))).toEqual([1, 1, 2, 1, 1]);
    expect(assignments.listOf('bob')).toEqual(['c', 'b']);
  });
});

describe('assignment through the server', () => {
  it('fixed_order hands everyone every instance in order when no overlap limit is set', async () => {
    const t = await startServer({ items: sampleItems(5) });
    const all = sampleItems(5).map((i) => i.id);
    expect(await listOf(t, 'alice')).toEqual(all);
    expect(await listOf(t, 'bob')).toEqual(all);
  });

  it('random gives each annotator their own order, the same after a restart', async () => {
    let t = await startServer({ items: sampleItems(15), config: { assignment_strategy: 'random' } });
    const alice = await listOf(t, 'alice');
    const bob = await listOf(t, 'bob');
    expect([...alice].sort()).toEqual(
      sampleItems(15)
        .map((i) => i.id)
        .sort(),
    );
    expect(alice).not.toEqual(bob);
    t = await t.restart();
    expect(await listOf(t, 'alice')).toEqual(alice);
    expect(await listOf(t, 'bob')).toEqual(bob);
  });

  it('least_annotated spreads annotators over the instances held least', async () => {
    const t = await startServer({
      items: sampleItems(10),
      config: { assignment_strategy: 'least_annotated', num_annotators_per_item: 2, max_annotations_per_user: 3 },
    });
    expect(await listOf(t, 'alice')).toEqual(['item-1', 'item-2', 'item-3']);
    expect(await listOf(t, 'bob')).toEqual(['item-4', 'item-5', 'item-6']);
    expect(await listOf(t, 'carol')).toEqual(['item-7', 'item-8', 'item-9']);
    expect(await listOf(t, 'dave')).toEqual(['item-10', 'item-1', 'item-2']);
  });

  it('caps each list at max_annotations_per_user', async () => {
    const t = await startServer({ items: sampleItems(10), config: { max_annotations_per_user: 4 } });
    expect(await listOf(t, 'alice')).toEqual(['item-1', 'item-2', 'item-3', 'item-4']);
    expect(await listOf(t, 'bob')).toEqual(['item-1', 'item-2', 'item-3', 'item-4']);
  });

  it('stops handing out an instance once num_annotators_per_item annotators hold it, also after a restart', async () => {
    let t = await startServer({
      items: sampleItems(3),
      config: { num_annotators_per_item: 2, max_annotations_per_user: 2 },
    });
    expect(await listOf(t, 'alice')).toEqual(['item-1', 'item-2']);
    expect(await listOf(t, 'bob')).toEqual(['item-1', 'item-2']);
    expect(await listOf(t, 'carol')).toEqual(['item-3']);
    t = await t.restart();
    expect(await listOf(t, 'dave')).toEqual(['item-3']);
    expect(await listOf(t, 'erin')).toEqual([]);
    // lists are kept: the early annotators still have theirs
    expect(await listOf(t, 'alice')).toEqual(['item-1', 'item-2']);
  });
});

describe('fully annotated', () => {
  const submit = (label: string, id = 'item-1') => ({
    instance_id: id,
    annotations: { [`sentiment:${label}`]: 'true' },
  });

  it('marks an instance fully annotated when num_annotators_per_item annotators have annotated it, once', async () => {
    const t = await startServer({ items: sampleItems(2), config: { num_annotators_per_item: 2 } });
    const completions = () => t.server.services.store.get('completions', 'item-1');
    const alice = await t.client().login('alice');
    const bob = await t.client().login('bob');
    await alice.post('/updateinstance', submit('positive'));
    expect(completions()).toBeUndefined();
    // an empty submission is no annotation
    await bob.post('/updateinstance', { instance_id: 'item-1', annotations: {} });
    expect(completions()).toBeUndefined();
    await bob.post('/updateinstance', submit('negative'));
    const first = completions();
    expect(first?.completed_at).toMatch(/Z$/);
    expect(t.server.services.annotations.annotatorsOf('item-1')).toEqual(new Set(['alice', 'bob']));
    // later changes do not complete it again (a rewrite, a few ms later, would carry a later time)
    await new Promise((resolve) => setTimeout(resolve, 5));
    await bob.post('/updateinstance', submit('neutral'));
    expect(completions()).toEqual(first);
    expect(t.server.services.store.get('completions', '')).toBeUndefined(); // item-2 is still open
  });

  it('without an overlap limit, one annotator completes an instance; the task completes with the last one', async () => {
    const t = await startServer({ items: sampleItems(2) });
    const alice = await t.client().login('alice');
    await alice.post('/updateinstance', submit('positive'));
    expect(t.server.services.store.get('completions', 'item-1')).toBeTruthy();
    expect(t.server.services.store.get('completions', '')).toBeUndefined();
    await alice.post('/updateinstance', submit('positive', 'item-2'));
    expect(t.server.services.store.get('completions', '')).toBeTruthy();
  });
});
