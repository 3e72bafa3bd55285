/** POST/GET /api/annotate/step: save and move in one request, with the next instance handed out ready to show. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';

describe('/api/annotate/step', () => {
  let t: TestServer;
  let alice: Client;
  beforeAll(async () => {
    t = await startServer({
      config: { keyword_highlights_file: 'kw.tsv' },
      files: { 'kw.tsv': 'Word\tLabel\tSchema\nslow\tnegative\tsentiment\n' },
    });
    alice = await t.client().login('alice');
  });

  it('GET gives the current instance and the next, each with display, stored answers and highlights', async () => {
    const r = await alice.get('/api/annotate/step');
    expect(r.status).toBe(200);
    expect(r.body.result).toBeNull();
    expect(r.body.current).toMatchObject({
      instance_id: 'item-1',
      current_index: 0,
      annotated: false,
      stored: { annotations: {}, span_annotations: [] },
    });
    expect(r.body.current.keywords).toEqual([expect.objectContaining({ label: 'negative', text: 'slow' })]);
    expect(r.body.current.display.blocks[0]).toMatchObject({ type: 'surface' });
    expect(r.body.next).toMatchObject({
      instance_id: 'item-2',
      current_index: 1,
      text: expect.stringContaining('Item 2'),
    });
    expect(r.body.next.predictions).toEqual([]);
  });

  it('POST saves the answers to `from`, moves after it, and sending it again does not skip an instance', async () => {
    const body = { from: 'item-1', annotations: { 'sentiment:positive': 'true' } };
    const r = await alice.post('/api/annotate/step', body);
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ status: 'success' });
    expect(r.body.current).toMatchObject({ instance_id: 'item-2', annotated_count: 1 });
    expect(r.body.next.instance_id).toBe('item-3');
    const again = await alice.post('/api/annotate/step', body);
    expect(again.body.current.instance_id).toBe('item-2');
    expect((await alice.get('/get_annotations?instance_id=item-1')).body.annotations).toEqual({
      'sentiment:positive': 'true',
    });
    expect((await alice.get('/api/current_instance')).body.instance_id).toBe('item-2');
  });

  it('POST without answers only moves; the stored answers come with the instance moved to', async () => {
    await alice.post('/updateinstance', { instance_id: 'item-3', annotations: { 'sentiment:negative': 'true' } });
    const r = await alice.post('/api/annotate/step', { from: 'item-2' });
    expect(r.body.result).toBeNull();
    expect(r.body.current).toMatchObject({
      instance_id: 'item-3',
      annotated: true,
      stored: { annotations: { 'sentiment:negative': 'true' } },
    });
  });

  it('stays on the last instance and says there is no next one', async () => {
    const r = await alice.post('/api/annotate/step', { from: 'item-10' });
    expect(r.body.current.instance_id).toBe('item-10');
    expect(r.body.next).toBeNull();
  });

  it('with to: previous saves `from` and moves to the instance before it; that save is undone like any step', async () => {
    const bob = await t.client().login('bob');
    await bob.post('/api/annotate/step', { from: 'item-1', annotations: { 'sentiment:positive': 'true' } });
    await bob.post('/api/annotate/step', { from: 'item-2', annotations: { 'sentiment:positive': 'true' } });
    const back = await bob.post('/api/annotate/step', {
      from: 'item-3',
      to: 'previous',
      annotations: { 'sentiment:negative': 'true' },
    });
    expect(back.status).toBe(200);
    expect(back.body.current).toMatchObject({ instance_id: 'item-2', current_index: 1 });
    expect(back.body.next).toMatchObject({
      instance_id: 'item-3',
      stored: { annotations: { 'sentiment:negative': 'true' } },
    });
    expect(back.body.undo).toBe('item-3');
    expect((await bob.get('/api/current_instance')).body.instance_id).toBe('item-2');
    // at the first instance it stays there
    expect((await bob.post('/api/annotate/step', { from: 'item-1', to: 'previous' })).body.current.instance_id).toBe(
      'item-1',
    );
    const undone = await bob.post('/api/annotate/undo', { instance_id: 'item-3' });
    expect(undone.body.current.instance_id).toBe('item-3');
    expect((await bob.get('/get_annotations?instance_id=item-3')).body.annotations).toEqual({});
    expect((await bob.post('/api/annotate/step', { from: 'item-3', to: 'back' })).body.error).toMatch(/^to/);
  });

  it('refuses bad input naming the field, and answers that are invalid are not stored', async () => {
    expect((await alice.post('/api/annotate/step', {})).body.error).toMatch(/^from/);
    expect((await alice.post('/api/annotate/step', { from: 'nope' })).status).toBe(404);
    const bad = await alice.post('/api/annotate/step', { from: 'item-4', annotations: { 'nosuch:x': 'true' } });
    expect(bad.status).toBe(400);
    expect((await alice.get('/get_annotations?instance_id=item-4')).body.annotations).toEqual({});
  });

  it('needs a session', async () => {
    expect((await t.client().post('/api/annotate/step', { from: 'item-1' })).status).toBe(401);
  });
});
