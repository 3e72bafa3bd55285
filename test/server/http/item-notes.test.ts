/**
 * Notes and flags on items over real HTTP: stored per annotator, listed and filtered for admins, exported, and
 * item.flagged sent signed and retried.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { sampleItems } from '../../helpers/project.js';
import { startReceiver } from '../../helpers/webhook-receiver.js';
import { verify } from '../../helpers/webhook-receiver.js';
import { envelopeSchema } from '../../../server/http/webhook-events.js';

const SECRET = 'a note-flag secret';

describe('item notes and flags', () => {
  it('keeps each annotator their own note and flags, apart from answers, and removes an emptied one', async () => {
    const t = await startServer({ items: sampleItems(3) });
    const alice = await t.client().login('alice');
    const bob = await t.client().login('bob');
    expect((await alice.get('/api/item_note?instance_id=item-1')).body.note).toEqual({
      instance_id: 'item-1',
      annotator: 'alice',
      note: '',
      flags: [],
      updated_at: null,
    });

    const set = await alice.post('/api/item_note', {
      instance_id: 'item-1',
      note: '  sarcasm?  ',
      flags: ['discuss', 'unsure', 'unsure'],
    });
    expect(set.status).toBe(200);
    expect(set.body.note).toMatchObject({
      instance_id: 'item-1',
      annotator: 'alice',
      note: 'sarcasm?',
      flags: ['unsure', 'discuss'],
    });
    expect((await alice.get('/api/item_note?instance_id=item-1')).body.note).toMatchObject({
      note: 'sarcasm?',
      flags: ['unsure', 'discuss'],
    });
    expect((await bob.get('/api/item_note?instance_id=item-1')).body.note).toMatchObject({ note: '', flags: [] });

    // a field left out keeps its value
    expect((await alice.post('/api/item_note', { instance_id: 'item-1', flags: ['broken'] })).body.note).toMatchObject({
      note: 'sarcasm?',
      flags: ['broken'],
    });
    // nothing was answered: the note is no annotation
    expect((await alice.get('/api/current_instance')).body.annotated_count).toBe(0);

    await bob.post('/api/item_note', { instance_id: 'item-2', flags: ['unsure'] });
    expect((await t.admin().get('/admin/api/item_notes')).body).toMatchObject({
      count: 2,
      counts: { unsure: 1, broken: 1, discuss: 0 },
    });

    await alice.post('/api/item_note', { instance_id: 'item-1', note: '', flags: [] });
    const after = (await t.admin().get('/admin/api/item_notes')).body;
    expect(after.count).toBe(1);
    expect(after.notes[0]).toMatchObject({ annotator: 'bob', instance_id: 'item-2' });
  });

  it('refuses bad input naming the field, and items the caller may not see', async () => {
    const t = await startServer({ items: sampleItems(2) });
    const c = await t.client().login('ann');
    const bad = await c.post('/api/item_note', { instance_id: 'item-1', flags: ['wrong'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('flags[0]: unknown flag "wrong"; use unsure, broken, discuss');
    expect((await c.post('/api/item_note', { instance_id: 'item-1', note: 'x'.repeat(4001) })).body.error).toMatch(
      /^note:/,
    );
    expect((await c.post('/api/item_note', { note: 'hi' })).body.error).toMatch(/^instance_id:/);
    expect((await c.post('/api/item_note', { instance_id: 'nope', note: 'hi' })).status).toBe(404);
    expect((await c.get('/api/item_note')).status).toBe(400);
    expect((await t.admin().get('/admin/api/item_notes?flag=odd')).body.error).toMatch(/^flag:/);
    expect((await t.client().get('/api/item_note?instance_id=item-1')).status).toBe(401);
    expect((await c.get('/admin/api/item_notes')).status).toBe(403);
    expect((await t.admin().get('/admin/api/item_notes')).body.count).toBe(0);
  });

  it('filters the admin list by flag, annotator and instance, in task order', async () => {
    const t = await startServer({ items: sampleItems(3) });
    const alice = await t.client().login('alice');
    const bob = await t.client().login('bob');
    await bob.post('/api/item_note', { instance_id: 'item-3', flags: ['broken'], note: 'empty text' });
    await alice.post('/api/item_note', { instance_id: 'item-3', flags: ['broken', 'discuss'] });
    await alice.post('/api/item_note', { instance_id: 'item-1', note: 'just a note' });
    const admin = t.admin();
    const all = (await admin.get('/admin/api/item_notes')).body.notes.map(
      (n: { annotator: string; instance_id: string }) => `${n.instance_id}/${n.annotator}`,
    );
    expect(all).toEqual(['item-1/alice', 'item-3/alice', 'item-3/bob']);
    expect((await admin.get('/admin/api/item_notes?flag=broken')).body.count).toBe(2);
    expect((await admin.get('/admin/api/item_notes?flag=discuss')).body.notes).toMatchObject([
      { annotator: 'alice', instance_id: 'item-3' },
    ]);
    expect((await admin.get('/admin/api/item_notes?annotator=bob')).body.notes).toMatchObject([{ note: 'empty text' }]);
    expect((await admin.get('/admin/api/item_notes?instance_id=item-1')).body.count).toBe(1);
  });

  it("puts the note and flags on the annotator's rows of the JSONL export", async () => {
    const t = await startServer({ items: sampleItems(2) });
    const c = await t.client().login('ann');
    await c.post('/updateinstance', { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } });
    await c.post('/updateinstance', { instance_id: 'item-2', annotations: { 'sentiment:negative': 'true' } });
    await c.post('/api/item_note', { instance_id: 'item-2', note: 'typo in the text', flags: ['broken'] });
    const r = await t.admin().get('/admin/api/export?format=jsonl');
    const rows = String(r.text)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows[0].note).toBeUndefined();
    expect(rows[1]).toMatchObject({ instance_id: 'item-2', note: 'typo in the text', flags: ['broken'] });
  });

  it('sends item.flagged signed when a flag is added, retrying a failed attempt, and not for a note alone', async () => {
    let calls = 0;
    const receiver = await startReceiver(() => (++calls === 1 ? { status: 500 } : { status: 200 }));
    const t = await startServer({
      items: sampleItems(2),
      config: {
        webhooks: {
          retry_schedule_seconds: [0, 0.3],
          endpoints: [{ name: 'flags', url: receiver.url, secret: SECRET, events: ['item.flagged'] }],
        },
      },
    });
    const c = await t.client().login('ann');
    await c.post('/api/item_note', { instance_id: 'item-1', note: 'a note only' });
    await c.post('/api/item_note', { instance_id: 'item-1', flags: ['unsure'] });
    await c.post('/api/item_note', { instance_id: 'item-1', flags: ['unsure'], note: 'edited' }); // no new flag: nothing
    await c.post('/api/item_note', { instance_id: 'item-1', flags: ['unsure', 'discuss'] });
    const requests = await receiver.waitFor((r) => r.filter((x) => x.answered === 200).length === 2);
    // the retry of the first may arrive after the second event: compare in the order they fired
    const delivered = requests
      .filter((r) => r.answered === 200)
      .sort((a, b) => a.body.data.flags.length - b.body.data.flags.length);
    expect(requests[0].answered).toBe(500);
    // the failed delivery was tried again under the same webhook-id
    expect(requests.filter((r) => r.id === requests[0].id).map((r) => r.answered)).toEqual([500, 200]);
    expect(delivered.map((r) => r.body.data)).toMatchObject([
      { annotator_id: 'ann', instance_id: 'item-1', flags: ['unsure'], added: ['unsure'], note: 'a note only' },
      { annotator_id: 'ann', instance_id: 'item-1', flags: ['unsure', 'discuss'], added: ['discuss'], note: 'edited' },
    ]);
    for (const r of delivered) {
      expect(r.body.event_type).toBe('item.flagged');
      expect(envelopeSchema('item.flagged').safeParse(r.body).error).toBeUndefined(); // the body the OpenAPI description gives
      expect(
        verify(
          SECRET,
          'v1_hex',
          {
            id: r.id,
            timestamp: String(r.headers['webhook-timestamp']),
            signature: String(r.headers['webhook-signature']),
          },
          r.raw,
          Number(r.headers['webhook-timestamp']),
        ),
      ).toBe(true);
    }
    await new Promise((r) => setTimeout(r, 400));
    expect(receiver.requests).toHaveLength(3);
  });
});
