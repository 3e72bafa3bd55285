/**
 * Undo of the annotate screen's steps through the whole server: the answers as they were before the step (none
 * after a first answer), the instance made current, only the latest step, several in a row, across a restart,
 * and never over answers changed since by other means.
 */
import { describe, expect, it } from 'vitest';
import { sampleItems } from '../../../helpers/project.js';
import { startServer } from '../../../helpers/server.js';
import type { Client } from '../../../helpers/client.js';
import { UNDO_DEPTH } from '../../../../server/domain/annotation/undo.js';

const step = (c: Client, from: string, label: string) =>
  c.post('/api/annotate/step', { from, annotations: { [`sentiment:${label}`]: 'true' } });
const undo = (c: Client, id: string) => c.post('/api/annotate/undo', { instance_id: id });
const stored = async (c: Client, id: string) => (await c.get(`/get_annotations?instance_id=${id}`)).body;

describe('POST /api/annotate/undo', () => {
  it('takes back the latest steps one after another: first answers to nothing, changed ones to what they were', async () => {
    const t = await startServer({ items: sampleItems(6) });
    const alice = await t.client().login('alice');
    await alice.post('/updateinstance', { instance_id: 'item-2', annotations: { 'sentiment:neutral': 'true' } });
    const earlier = await stored(alice, 'item-2');
    expect((await step(alice, 'item-1', 'positive')).body.undo).toBe('item-1');
    const second = await step(alice, 'item-2', 'negative');
    expect(second.body).toMatchObject({ current: { instance_id: 'item-3', progress: { done: 2 } }, undo: 'item-2' });

    const notLatest = await undo(alice, 'item-1');
    expect(notLatest.status).toBe(409);
    expect(notLatest.body.error).toMatch(/^instance_id: your latest step saved "item-2"/);

    const first = await undo(alice, 'item-2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      result: null,
      current: { instance_id: 'item-2', annotated: true },
      next: { instance_id: 'item-3' },
      undo: 'item-1',
    });
    expect(first.body.current.stored.annotations).toEqual({ 'sentiment:neutral': 'true' });
    expect(await stored(alice, 'item-2')).toEqual(earlier); // as it was, its time included
    expect((await alice.get('/api/current_instance')).body.instance_id).toBe('item-2');

    const again = await undo(alice, 'item-1');
    expect(again.body).toMatchObject({
      current: { instance_id: 'item-1', annotated: false, progress: { done: 1 } },
      undo: null,
    });
    expect(await stored(alice, 'item-1')).toEqual({
      instance_id: 'item-1',
      annotations: {},
      label_annotations: {},
      span_annotations: [],
      updated_at: null,
    });
    expect(
      (await t.admin().get('/admin/api/instances?status=unannotated&limit=10&offset=0')).body.instances.map(
        (i: { instance_id: string }) => i.instance_id,
      ),
    ).toContain('item-1');

    const none = await undo(alice, 'item-1');
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('instance_id: you have no step to undo');

    // submitting again is an ordinary step, itself undoable
    expect((await step(alice, 'item-1', 'negative')).body.undo).toBe('item-1');
    expect((await stored(alice, 'item-1')).annotations).toEqual({ 'sentiment:negative': 'true' });
  });

  it('is kept across a restart, and refuses a step whose answers were changed since, dropping it', async () => {
    let t = await startServer({ items: sampleItems(4) });
    let bob = await t.client().login('bob');
    await step(bob, 'item-1', 'positive');
    await step(bob, 'item-2', 'positive');
    await bob.post('/updateinstance', { instance_id: 'item-2', annotations: { 'sentiment:neutral': 'true' } });
    t = await t.restart();
    bob = await t.client().login('bob');
    expect((await bob.get('/api/annotate/step')).body.undo).toBe('item-2');
    const changed = await undo(bob, 'item-2');
    expect(changed.status).toBe(409);
    expect(changed.body.error).toMatch(/were changed after that step/);
    expect((await stored(bob, 'item-2')).annotations).toEqual({ 'sentiment:neutral': 'true' });
    // the step before it is next
    expect((await undo(bob, 'item-1')).body.current.stored.annotations).toEqual({});
  });

  it(`keeps the last ${UNDO_DEPTH} steps and checks its body`, async () => {
    const t = await startServer({ items: sampleItems(UNDO_DEPTH + 3) });
    const carol = await t.client().login('carol');
    for (let i = 1; i <= UNDO_DEPTH + 2; i++) await step(carol, `item-${i}`, 'positive');
    for (let i = UNDO_DEPTH + 2; i > 2; i--) expect((await undo(carol, `item-${i}`)).status).toBe(200);
    expect((await undo(carol, 'item-2')).status).toBe(409);
    expect(t.server.services.store.size('undo_steps')).toBe(0);
    const bad = await carol.post('/api/annotate/undo', { instance: 'item-1' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/instance_id/);
  });
});
