/** Potato's older POST /submit_annotation, JSON and form posts, over real HTTP: what it stores and what it refuses. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';

describe('POST /submit_annotation', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  const read = async (c: Client, id = 'item-1') => (await c.get(`/get_annotations?instance_id=${id}`)).body.annotations;

  it('stores each scheme named whole, keeping the schemes not named', async () => {
    const alice = await t.client().login('alice');
    const first = await alice.post('/submit_annotation', {
      instance_id: 'item-1',
      annotations: { sentiment: { positive: 'true' }, topics: { price: true, quality: true }, note: 'ships slowly' },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      status: 'success',
      message: 'Annotation saved successfully',
      annotations_processed: 4,
    });
    expect(await read(alice)).toEqual({
      'sentiment:positive': 'true',
      'topics:price': 'true',
      'topics:quality': 'true',
      'note:text': 'ships slowly',
    });
    // a scheme sent again replaces its labels (the price topic and the positive choice go); the note stays
    const second = await alice.post('/submit_annotation', {
      instance_id: 'item-1',
      annotations: { sentiment: { negative: 'true' }, topics: { quality: true, price: false } },
    });
    expect(second.status, second.text).toBe(200);
    expect(await read(alice)).toEqual({
      'sentiment:negative': 'true',
      'topics:quality': 'true',
      'note:text': 'ships slowly',
    });
  });

  it('takes a form post with the annotations as JSON text in annotation_data', async () => {
    const bob = await t.client().login('bob');
    const r = await bob.postForm('/submit_annotation', {
      instance_id: 'item-1',
      annotation_data: JSON.stringify({ sentiment: { negative: 'true' } }),
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.annotations_processed).toBe(1);
    expect(await read(bob)).toEqual({ 'sentiment:negative': 'true' });
    // a text box under Potato's own input name, as its pages post it
    const text = await bob.postForm('/submit_annotation', {
      instance_id: 'item-1',
      annotation_data: JSON.stringify({ note: { text_box: 'arrived late' } }),
    });
    expect(text.status, text.text).toBe(200);
    expect(await read(bob)).toEqual({ 'sentiment:negative': 'true', 'note:text': 'arrived late' });
  });

  it('refuses what it cannot store with a JSON 400 naming the field, and stores nothing of it', async () => {
    const carol = await t.client().login('carol');
    for (const [body, error] of [
      [{ annotations: { sentiment: { positive: 'true' } } }, /^instance_id: /],
      [{ instance_id: 'item-1', annotations: { sentiment: { delighted: 'true' } } }, /sentiment:delighted/],
      [{ instance_id: 'item-1', annotations: { mood: 'happy' } }, /^annotations\.mood: unknown scheme "mood"/],
      [{ instance_id: 'item-1', annotations: ['positive'] }, /^annotations: /],
    ] as const) {
      const r = await carol.post('/submit_annotation', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(error);
    }
    const form = await carol.postForm('/submit_annotation', { instance_id: 'item-1', annotation_data: '{not json' });
    expect(form.status).toBe(400);
    expect(form.body.error).toBe('annotation_data: not valid JSON text');
    expect(await read(carol)).toEqual({});
    expect((await t.client().post('/submit_annotation', { instance_id: 'item-1' })).status).toBe(401);
  });
});
