/**
 * The cross-document event registry over real HTTP, under Potato's paths: events created, their slots filled and
 * evidence cited from several documents, listed by document, kept over a restart; a stale write is a 409 naming
 * the version; bad input is a 400 naming the field; seeded events and allow_annotator_create: false; off is 503.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { loadConfig } from '../../../server/index.js';

const items = [
  { id: 'd1', text: 'Floods hit Ayutthaya in October.' },
  { id: 'd2', text: 'Ayutthaya factories closed for weeks.' },
  { id: 'd3', text: 'Unrelated sports news.' },
];
const slots = [
  { name: 'event_type', description: 'kind', type: 'text' },
  { name: 'where', description: 'location', type: 'text' },
];
const scheme = { annotation_type: 'multi_document_event', name: 'events', slots };
const on = { annotation_schemes: [scheme], event_template: { enabled: true, name: 'disaster_event', slots } };

describe('event registry', () => {
  it('creates events, fills slots, cites evidence across documents, refuses stale writes and keeps them', async () => {
    const t = await startServer({ items, config: on });
    expect((await t.client().get('/corpus/api/events?doc_id=d1')).status).toBe(401);
    expect((await t.client().post('/corpus/api/event', { title: 'x' })).status).toBe(401);

    const alice = await t.client().login('alice');
    const template = await alice.get('/corpus/api/event_template');
    expect(template.body).toEqual({ template_name: 'disaster_event', slots, allow_annotator_create: true });

    const created = await alice.post('/corpus/api/event', { title: 'Thai floods', doc_id: 'd1' });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    expect(created.body).toMatchObject({
      member_doc_ids: ['d1'],
      version: 1,
      created_by: 'alice',
      provenance: 'annotator',
    });

    const bob = await t.client().login('bob');
    const filled = await bob.post(`/corpus/api/event/${id}/slot`, {
      slot: 'event_type',
      value: 'flood',
      expected_version: 1,
    });
    expect(filled.status).toBe(200);
    expect(filled.body).toMatchObject({ slot_values: { event_type: 'flood' }, version: 2 });

    // alice still holds version 1: her write is refused with the event as it is now
    const stale = await alice.post(`/corpus/api/event/${id}/slot`, {
      slot: 'event_type',
      value: 'storm',
      expected_version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: 'stale_write',
      current_version: 2,
      current: { slot_values: { event_type: 'flood' } },
    });
    expect(stale.body.message).toMatch(/version 2/);
    // Potato's stamp works the same way
    const staleStamp = await alice.post(`/corpus/api/event/${id}/slot`, {
      slot: 'event_type',
      value: 'storm',
      expected_updated_at: created.body.updated_at,
    });
    expect(staleStamp.status).toBe(409);

    const cited = await bob.post(`/corpus/api/event/${id}/evidence`, {
      slot: 'where',
      doc_id: 'd2',
      start: 0,
      end: 9,
      text: 'Ayutthaya',
    });
    expect(cited.status).toBe(200);
    expect(cited.body.member_doc_ids).toEqual(['d1', 'd2']);
    expect(cited.body.evidence).toEqual([
      expect.objectContaining({
        slot_name: 'where',
        doc_id: 'd2',
        span_start: 0,
        span_end: 9,
        quoted_text: 'Ayutthaya',
        created_by: 'bob',
      }),
    ]);
    expect((await alice.get('/corpus/api/events?doc_id=d2')).body.events.map((e: { id: string }) => e.id)).toEqual([
      id,
    ]);
    expect((await alice.get('/corpus/api/events?doc_id=d3')).body.events).toEqual([]);

    // removing a citation by index carries the version it was read at: over a newer change it is a 409
    const extra = (
      await bob.post(`/corpus/api/event/${id}/evidence`, { slot: 'where', doc_id: 'd1', start: 11, end: 20 })
    ).body;
    const staleRemoval = await bob.request(
      'DELETE',
      `/corpus/api/event/${id}/evidence/${extra.evidence.length - 1}?expected_version=${extra.version - 1}`,
    );
    expect(staleRemoval.status).toBe(409);
    expect(staleRemoval.body).toMatchObject({ error: 'stale_write', current_version: extra.version });
    const removed = await bob.request(
      'DELETE',
      `/corpus/api/event/${id}/evidence/${extra.evidence.length - 1}?expected_version=${extra.version}`,
    );
    expect(removed.body.evidence).toEqual(extra.evidence.slice(0, -1));
    const badVersion = await bob.request('DELETE', `/corpus/api/event/${id}/evidence/0?expected_version=first`);
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.error).toMatch(/expected_version/);

    // bad input names the field, and changes nothing
    const badSlot = await bob.post(`/corpus/api/event/${id}/slot`, { slot: 'when', value: 'x' });
    expect(badSlot.status).toBe(400);
    expect(badSlot.body.error).toMatch(/^slot: "when" is not a slot/);
    const badDoc = await bob.post(`/corpus/api/event/${id}/member`, { doc_id: 'nope' });
    expect(badDoc.body.error).toMatch(/^doc_id: no document/);
    const badQuote = await bob.post(`/corpus/api/event/${id}/evidence`, {
      slot: 'where',
      doc_id: 'd1',
      start: 0,
      end: 6,
      text: 'Rivers',
    });
    expect(badQuote.status).toBe(400);
    expect(badQuote.body.error).toMatch(/^text: "Rivers" is not the text at 0\.\.6/);
    const badRange = await bob.post(`/corpus/api/event/${id}/evidence`, {
      slot: 'where',
      doc_id: 'd3',
      start: 5,
      end: 500,
    });
    expect(badRange.body.error).toMatch(/^end: /);
    expect((await bob.post(`/corpus/api/event/${id}/slot`, { value: 'x' })).body.error).toMatch(/^slot: /);
    expect((await bob.post('/corpus/api/event/evt_none/slot', { slot: 'where', value: 'x' })).status).toBe(404);
    const foreign = await bob.post('/corpus/api/event', { title: 'x' }, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    const now = (await bob.get(`/corpus/api/event/${id}`)).body;
    expect(now).toMatchObject({ version: 5, slot_values: { event_type: 'flood' }, member_doc_ids: ['d1', 'd2'] });

    // only the creator (or an admin) deletes; an admin reads the whole registry in Potato's file shape
    expect((await bob.request('DELETE', `/corpus/api/event/${id}`)).status).toBe(403);
    const other = (await bob.post('/corpus/api/event', { title: 'spare' })).body.id;
    expect((await bob.request('DELETE', `/corpus/api/event/${other}`)).body).toEqual({ success: true });
    expect((await t.client().get('/admin/api/event_registry')).status).toBe(401);
    expect((await t.client({ 'x-api-key': 'wrong' }).get('/admin/api/event_registry')).status).toBe(403);
    const file = (await t.admin().get('/admin/api/event_registry')).body;
    expect(file).toEqual({ version: 1, events: { [id]: now } });

    // Potato's export API writes the registry beside the annotations
    const out = tempDir('marginalia-export-');
    const exported = await t.admin().post('/admin/api/export', { format: 'jsonl', output: out });
    expect(exported.body.files_written).toEqual([join(out, 'event_registry.json')]);
    expect(JSON.parse(readFileSync(join(out, 'event_registry.json'), 'utf8'))).toEqual(file);

    const again = await t.restart();
    const back = await again.client().login('alice');
    expect((await back.get(`/corpus/api/event/${id}`)).body).toEqual(now);
    expect((await back.get('/corpus/api/events')).body.events).toHaveLength(1);
    await again.close();
  });

  it('puts seeded events in once, and lets only admins create them when annotators may not', async () => {
    const dir = tempDir('marginalia-seeds-');
    const seeds = join(dir, 'seed_events.json');
    writeFileSync(seeds, JSON.stringify({ events: { evt_thai: { title: 'Thai floods', member_doc_ids: ['d1'] } } }));
    const config = {
      annotation_schemes: [{ ...scheme, allow_annotator_create: false }],
      event_template: { enabled: true, slots, seed_events: seeds },
      admin_users: ['boss'],
    };
    const t = await startServer({ items, config });
    const alice = await t.client().login('alice');
    expect((await alice.get('/corpus/api/event_template')).body.allow_annotator_create).toBe(false);
    const seeded = (await alice.get('/corpus/api/events?doc_id=d1')).body.events;
    expect(seeded).toEqual([expect.objectContaining({ id: 'evt_thai', provenance: 'seeded', title: 'Thai floods' })]);
    const refused = await alice.post('/corpus/api/event', { title: 'mine' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/allow_annotator_create is false/);
    expect((await alice.post('/corpus/api/event/evt_thai/member', { doc_id: 'd2' })).body.member_doc_ids).toEqual([
      'd1',
      'd2',
    ]);

    const admin = await t.loginAdmin('boss');
    expect((await admin.post('/corpus/api/event', { title: 'by admin' })).status).toBe(201);
    expect((await admin.request('DELETE', '/corpus/api/event/evt_thai')).status).toBe(200);
    // a deleted seed stays deleted over a restart
    const again = await t.restart();
    const events = (await (await again.client().login('alice')).get('/corpus/api/events')).body.events;
    expect(events.map((e: { title: string }) => e.title)).toEqual(['by admin']);
    await again.close();
  });

  it('answers 503 while off, and refuses at start-up what it cannot do', async () => {
    const t = await startServer({ items, config: { annotation_schemes: [scheme] } });
    const alice = await t.client().login('alice');
    const off = await alice.get('/corpus/api/event_template');
    expect(off.status).toBe(503);
    expect(off.body.error).toMatch(/event_template: \{enabled: true/);
    await t.close();

    const noRegistry = writeProject({
      items,
      config: { annotation_schemes: [{ ...scheme, allow_annotator_create: false }] },
    });
    expect(() => loadConfig(noRegistry)).toThrow(/allow_annotator_create: false, which needs events seeded/);
    const dupe = writeProject({
      items,
      config: { ...on, event_template: { enabled: true, slots: [...slots, slots[0]] } },
    });
    expect(() => loadConfig(dupe)).toThrow(/event_template\.slots\[2\]\.name: duplicate slot "event_type"/);
    const badSeed = writeProject({
      items,
      config: { ...on, event_template: { enabled: true, slots, seed_events: [{ id: 'e', member_doc_ids: ['d9'] }] } },
    });
    expect(() => loadConfig(badSeed)).toThrow(/seed_events\[0\]\.member_doc_ids: no document has the id "d9"/);
    // the template's slots default to the scheme's
    expect(
      loadConfig(writeProject({ items, config: { annotation_schemes: [scheme], event_template: { enabled: true } } }))
        .eventTemplate.slots,
    ).toEqual(slots);
  });
});
