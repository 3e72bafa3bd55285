/**
 * The annotator's progress against what they are expected to do (their quota, or what they can still get),
 * through the whole server: never the size of the batch their list was handed out in.
 */
import { describe, expect, it } from 'vitest';
import { annotatorProgress } from '../../../../server/domain/annotation/progress.js';
import { BATCH } from '../../../../server/domain/annotation/assignment.js';
import { sampleItems } from '../../../helpers/project.js';
import { startServer } from '../../../helpers/server.js';
import type { Client } from '../../../helpers/client.js';

const answer = (c: Client, id: string) =>
  c.post('/api/annotate/step', { from: id, annotations: { 'sentiment:positive': 'true' } });
const progressOf = async (c: Client) => (await c.get('/api/current_instance')).body.progress;

describe('annotatorProgress', () => {
  it('takes the quota when it is within reach, else what can be reached, and never less than what is held', () => {
    expect(annotatorProgress({ done: 3, held: 20, reachable: 300, quota: 50, listLength: 20 })).toEqual({
      done: 3,
      expected: 50,
      left: 47,
      quota: 50,
      positions: 50,
    });
    expect(annotatorProgress({ done: 3, held: 20, reachable: 30, quota: 50, listLength: 22 })).toEqual({
      done: 3,
      expected: 30,
      left: 27,
      quota: 50,
      positions: 32,
    });
    // a quota lowered after the list was handed out
    expect(annotatorProgress({ done: 12, held: 20, reachable: 20, quota: 10, listLength: 20 })).toMatchObject({
      expected: 20,
      left: 8,
    });
  });
});

describe('progress in /api/current_instance', () => {
  it('a single annotator of a project handed out in batches sees the whole project, and the figure holds as the list grows', async () => {
    const t = await startServer({ items: sampleItems(60), config: { num_annotators_per_item: 1 } });
    const alice = await t.client().login('alice');
    const first = (await alice.get('/api/current_instance')).body;
    expect(first.total_instances).toBe(BATCH); // the seed's figure is the list as it is
    expect(first.progress).toEqual({ done: 0, expected: 60, left: 60, quota: null, positions: 60 });
    let seen = first;
    for (let i = 0; i < BATCH; i++) seen = (await answer(alice, seen.instance_id)).body.current;
    expect(seen.total_instances).toBeGreaterThan(BATCH); // the list grew …
    // … the figure did not
    expect(seen.progress).toEqual({ done: BATCH, expected: 60, left: 40, quota: null, positions: 60 });
  });

  it('with a quota, the quota; others taking instances shrink what is left to get, never the done count', async () => {
    const t = await startServer({
      items: sampleItems(30),
      config: { num_annotators_per_item: 1, max_annotations_per_user: 25 },
    });
    const alice = await t.client().login('alice');
    expect(await progressOf(alice)).toMatchObject({ done: 0, expected: 25, left: 25, quota: 25 });
    const bob = await t.client().login('bob');
    // bob holds a batch of the instances alice has not got: 30 − 20 (alice's) = 10 open, bob takes all 10
    expect(await progressOf(bob)).toMatchObject({ expected: 10, quota: 25 });
    expect(await progressOf(alice)).toMatchObject({ done: 0, expected: 20, left: 20 });
  });

  it('without an overlap limit, the whole list, or the quota', async () => {
    const whole = await startServer({ items: sampleItems(12) });
    expect(await progressOf(await whole.client().login('alice'))).toEqual({
      done: 0,
      expected: 12,
      left: 12,
      quota: null,
      positions: 12,
    });
    const capped = await startServer({ items: sampleItems(12), config: { max_annotations_per_user: 5 } });
    const carol = await capped.client().login('carol');
    await answer(carol, 'item-1');
    expect(await progressOf(carol)).toEqual({ done: 1, expected: 5, left: 4, quota: 5, positions: 5 });
  });

  it('comes with each instance of a step, and the OpenAPI document describes it', async () => {
    const t = await startServer({ items: sampleItems(4) });
    const alice = await t.client().login('alice');
    const step = (await alice.get('/api/annotate/step')).body;
    expect(step.current.progress).toEqual({ done: 0, expected: 4, left: 4, quota: null, positions: 4 });
    expect(step.next.progress).toEqual(step.current.progress);
    const doc = (await t.client().get('/api/openapi.json')).body;
    const schema = doc.paths['/api/current_instance'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties.progress.properties).sort()).toEqual([
      'done',
      'expected',
      'left',
      'positions',
      'quota',
    ]);
  });
});
