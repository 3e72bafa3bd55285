import { describe, expect, it } from 'vitest';
import {
  Cohorts,
  leastFilled,
  majorityGroup,
  type CohortGroup,
  type CohortSettings,
} from '../../../../server/domain/assignment/cohorts.js';
import type { Instance } from '../../../../server/domain/task.js';

const group = (name: string, items: string[], annotators: string[] = [], maxAnnotators: number | null = null) =>
  ({ name, items, annotators, maxAnnotators, schemes: undefined }) satisfies CohortGroup;

/** Cohorts over lists kept in a map, as Assignments keeps the stored ones. */
function rig(settings: CohortSettings, opts: { perItem?: number; instances?: Instance[] } = {}) {
  const lists = new Map<string, string[]>();
  const cohorts = new Cohorts(settings, {
    listOf: (u) => lists.get(u),
    usernames: () => lists.keys(),
    perItem: () => opts.perItem ?? Infinity,
    instances: () => opts.instances ?? [],
  });
  /** a first hand-out as Assignments makes it: the items, stored as the user's list when there are any */
  const handOut = (u: string) => {
    const items = cohorts.itemsFor(u);
    if (items.length) lists.set(u, items);
    return items;
  };
  return { cohorts, lists, handOut };
}

describe('cohorts of batch assignment', () => {
  it('names the group that lists a user, and none for a user no group lists', () => {
    const { cohorts } = rig({
      groups: [group('cohortA', ['a1', 'a2'], ['alice', 'bob']), group('cohortB', ['b1'], ['carol'])],
      autoAssign: false,
      annotatorKey: null,
    });
    expect(cohorts.cohortOf('alice')).toBe('cohortA');
    expect(cohorts.cohortOf('carol')).toBe('cohortB');
    expect(cohorts.cohortOf('nobody')).toBeUndefined();
    expect(cohorts.itemsFor('bob')).toEqual(['a1', 'a2']);
    expect(cohorts.itemsFor('carol')).toEqual(['b1']);
    expect(cohorts.itemsFor('nobody')).toEqual([]);
  });

  it('puts each arriving user in the least-filled group with room, the first listed on a tie, until all are full', () => {
    const { cohorts, handOut } = rig(
      { groups: [group('batch_a', ['a1', 'a2']), group('batch_b', ['b1'])], autoAssign: true, annotatorKey: null },
      { perItem: 2 },
    );
    expect(cohorts.cohortOf('p1')).toBeUndefined(); // placed at the first hand-out, not before
    expect(handOut('p1')).toEqual(['a1', 'a2']);
    expect(handOut('p2')).toEqual(['b1']);
    expect(handOut('p3')).toEqual(['a1', 'a2']);
    expect(handOut('p4')).toEqual(['b1']);
    expect(handOut('p5')).toEqual([]); // both groups hold num_annotators_per_item users
    expect([1, 2, 3, 4, 5].map((n) => cohorts.cohortOf(`p${n}`))).toEqual([
      'batch_a',
      'batch_b',
      'batch_a',
      'batch_b',
      undefined,
    ]);
    expect(cohorts.members()).toEqual([2, 2]);
  });

  it("counts a group's listed annotators toward its size, and a group's max_annotators over the overlap limit", () => {
    const { handOut } = rig({
      groups: [group('named', ['a1'], ['x', 'y'], 3), group('open', ['b1'], [], 1)],
      autoAssign: true,
      annotatorKey: null,
    });
    expect(handOut('p1')).toEqual(['b1']); // named has 2 members, open 0
    expect(handOut('p2')).toEqual(['a1']); // open is full at 1
    expect(handOut('p3')).toEqual([]);
  });

  it("recovers an auto-assigned user's group from their stored list after a restart, balancing new users against it", () => {
    const settings: CohortSettings = {
      groups: [group('batch_a', ['a1', 'a2']), group('batch_b', ['b1'])],
      autoAssign: true,
      annotatorKey: null,
    };
    const first = rig(settings);
    first.handOut('p1');
    first.handOut('p2');
    first.handOut('p3');
    // a new Cohorts over the same stored lists: nothing but the lists is kept
    const again = rig(settings);
    for (const [u, list] of first.lists) again.lists.set(u, list);
    expect(['p1', 'p2', 'p3'].map((u) => again.cohorts.cohortOf(u))).toEqual(['batch_a', 'batch_b', 'batch_a']);
    expect(again.handOut('p4')).toEqual(['b1']);
  });

  it('reads a list spanning groups as the group holding most of it, the first listed on a tie', () => {
    const groupOf = new Map([
      ['a1', 0],
      ['a2', 0],
      ['b1', 1],
      ['b2', 1],
    ]);
    expect(majorityGroup(['a1', 'b1', 'b2', 'check-1'], groupOf)).toBe(1);
    expect(majorityGroup(['b1', 'a1'], groupOf)).toBe(0);
    expect(majorityGroup(['check-1'], groupOf)).toBeUndefined();
    expect(leastFilled([2, 1, 1], [3, 3, 3])).toBe(1);
    expect(leastFilled([3, 3], [3, 3])).toBeUndefined();
  });

  it("gives the items whose annotator_key names the user after their group's, each once", () => {
    const item = (id: string, round1: unknown): Instance => ({ id, text: id, data: { id, round1 } });
    const { cohorts } = rig(
      { groups: [group('g', ['a1'], ['alice'])], autoAssign: false, annotatorKey: 'round1' },
      { instances: [item('k1', ['alice', 'bob']), item('a1', ['alice']), item('k2', 'erin'), item('k3', 7)] },
    );
    expect(cohorts.itemsFor('alice')).toEqual(['a1', 'k1']);
    expect(cohorts.itemsFor('bob')).toEqual(['k1']);
    expect(cohorts.itemsFor('erin')).toEqual(['k2']);
    expect(cohorts.cohortOf('bob')).toBeUndefined();
    expect(cohorts.itemsFor('zed')).toEqual([]);
  });
});
