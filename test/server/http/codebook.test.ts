/**
 * Potato's codebook over real HTTP: seeded from a scheme's labels, changed as codebook_mode allows, its prose saved
 * per code with a version so concurrent editors get a 409 instead of overwriting each other, proposals an admin
 * decides, the admin rules, bad input named, and all of it kept across a restart.
 */
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';

const items = [
  { id: 'i1', text: 'the clinic was too far away' },
  { id: 'i2', text: 'I could not pay for it' },
];
const themes = {
  annotation_schemes: [
    {
      annotation_type: 'multiselect',
      name: 'themes',
      description: 'Themes',
      codebook: true,
      labels: ['access', 'cost'],
    },
  ],
};
const config = (mode: string, extra: Record<string, unknown> = {}) => ({ ...themes, codebook_mode: mode, ...extra });

async function addCode(t: TestServer, who: string, name: string): Promise<string> {
  const r = await (await t.client().login(who)).post('/api/codebook', { name });
  expect(r.status).toBe(200);
  return r.body.code.id;
}

describe('the codebook', () => {
  it('is seeded from the scheme, changed as the mode allows, and refuses bad input by name', async () => {
    const t = await startServer({ items, config: config('open') });
    expect((await t.client().get('/api/codebook')).status).toBe(401);
    const alice = await t.client().login('alice');
    const book = await alice.get('/api/codebook');
    expect(book.status).toBe(200);
    expect(book.body).toMatchObject({
      mode: 'open',
      labels: ['access', 'cost'],
      revision: 0,
      can_add: true,
      can_edit: true,
    });
    expect(book.body.schemes).toEqual(['themes']);

    const added = await alice.post('/api/codebook', { name: '  travel  time ', color: '#a0c4ff' });
    expect(added.body.code).toMatchObject({ name: 'travel time', color: '#a0c4ff', created_by: 'alice' });
    const id = added.body.code.id;
    expect((await alice.post('/api/codebook', { name: 'Travel Time' })).status).toBe(409);
    const child = await alice.post('/api/codebook', { name: 'bus routes', parent_id: id });
    expect((await alice.get('/api/codebook')).body.tree.find((n: { id: string }) => n.id === id).children).toEqual([
      expect.objectContaining({ name: 'bus routes' }),
    ]);
    const renamed = await alice.request('PATCH', `/api/codebook/${id}`, { json: { name: 'distance' } });
    expect(renamed.body.code.name).toBe('distance');
    // a code cannot move under its own child
    const loop = await alice.request('PATCH', `/api/codebook/${id}`, { json: { parent_id: child.body.code.id } });
    expect(loop.status).toBe(400);
    expect(loop.body.error).toMatch(/^parent_id: /);
    expect((await alice.get('/api/codebook/version')).body.revision).toBe(3);

    expect((await alice.post('/api/codebook', { name: '   ' })).body.error).toBe('name: must not be empty');
    expect((await alice.post('/api/codebook', { name: 'x', color: 'red; x' })).body.error).toMatch(/^color: /);
    expect((await alice.post('/api/codebook', { name: 'x', parent_id: 'ghost' })).status).toBe(404);
    expect((await alice.request('DELETE', '/api/codebook/ghost')).status).toBe(404);
    expect((await alice.get('/api/codebook/similar?name=costs')).body.matches).toEqual(['cost']);
    expect((await alice.get('/api/codebook/similar?name=telehealth')).body.matches).toEqual([]);

    const deleted = await alice.request('DELETE', `/api/codebook/${id}`);
    expect(deleted.body.deleted).toBe(2);
    expect((await alice.get('/api/codebook')).body.labels).toEqual(['access', 'cost']);
  });

  it('holds annotators to fixed and extensible, and lets admins edit under extensible', async () => {
    const fixed = await startServer({ items, config: config('fixed') });
    const bob = await fixed.client().login('bob');
    expect((await bob.get('/api/codebook')).body).toMatchObject({ mode: 'fixed', can_add: false, can_edit: false });
    const refused = await bob.post('/api/codebook', { name: 'new' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/codebook_mode is fixed/);

    const ext = await startServer({ items, config: config('extensible', { admin_users: ['lead'] }) });
    const carol = await ext.client().login('carol');
    const id = (await carol.post('/api/codebook', { name: 'waiting' })).body.code.id;
    expect((await carol.request('PATCH', `/api/codebook/${id}`, { json: { name: 'wait' } })).status).toBe(403);
    const lead = await ext.loginAdmin('lead');
    expect((await lead.get('/api/codebook')).body.can_edit).toBe(true);
    expect((await lead.request('PATCH', `/api/codebook/${id}`, { json: { name: 'wait' } })).body.code.name).toBe(
      'wait',
    );
  });

  it('saves prose from a version: of concurrent saves from the same version one lands, the rest get 409 with it', async () => {
    const t = await startServer({ items, config: config('open') });
    const id = await addCode(t, 'dana', 'distance');
    const writers = await Promise.all(['w1', 'w2', 'w3', 'w4', 'w5'].map((n) => t.client().login(n)));
    const replies = await Promise.all(
      writers.map((w, i) =>
        w.request('PUT', '/api/codebook/blocks', {
          json: { code_id: id, base_version: 0, blocks: [{ block_type: 'definition', body_md: `take ${i}` }] },
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = replies.find((r) => r.status === 200)!.body.blocks[0].body_md;
    const loser = replies.find((r) => r.status === 409)!.body;
    expect(loser).toMatchObject({ error: 'stale_content', current_version: 1 });
    expect(loser.current_blocks[0].body_md).toBe(winner);
    expect(loser.current_md).toContain(`### Definition\n\n${winner}`);
    const live = await writers[0].get(`/api/codebook/blocks?code_id=${id}`);
    expect(live.body).toMatchObject({ scope_version: 1, blocks: [{ body_md: winner }] });

    // the loser rebases onto version 1; a note beside an unchanged definition is not a change of meaning
    const rebased = await writers[1].request('PUT', '/api/codebook/blocks', {
      json: {
        code_id: id,
        base_version: 1,
        blocks: [
          { block_type: 'definition', body_md: winner },
          { block_type: 'notes', body_md: 'see the memo' },
        ],
      },
    });
    expect(rebased.body).toMatchObject({ scope_version: 2, semantic: false });
    const history = await writers[0].get(`/api/codebook/history?scope_kind=code&scope_id=${id}`);
    expect(history.body.history.map((h: { version: number }) => h.version)).toEqual([2, 1]);
    const restored = await writers[0].post('/api/codebook/restore', { snapshot_id: history.body.history[1].id });
    expect(restored.body).toMatchObject({ scope_version: 3, blocks: [{ body_md: winner }] });
    expect((await writers[0].get('/api/codebook/distilled')).body.distilled).toContain(
      `### distance\nDefinition: ${winner}`,
    );

    const bad = (json: unknown) => writers[0].request('PUT', '/api/codebook/blocks', { json });
    expect((await bad({ section: 'nope', base_version: 0, blocks: [] })).body.error).toMatch(
      /^section: must be one of preamble/,
    );
    expect(
      (await bad({ code_id: id, base_version: 3, blocks: [{ block_type: 'poem', body_md: 'x' }] })).body.error,
    ).toMatch(/^blocks\[0\]\.block_type: /);
    expect((await bad({ code_id: id, blocks: [] })).body.error).toMatch(/^base_version: /);
    expect((await bad({ code_id: 'ghost', base_version: 0, blocks: [] })).status).toBe(404);
  });

  it('reads pasted markdown into typed blocks and flags the headings it does not know', async () => {
    const t = await startServer({ items, config: config('open') });
    const erin = await t.client().login('erin');
    const r = await erin.post('/api/codebook/parse', {
      markdown: '## Exclusion criteria\nnot travel\n\n### Odd one\nhm',
    });
    expect(r.body.blocks).toEqual([
      { block_type: 'avoid_when', body_md: 'not travel', custom_label: null, classified: true },
      { block_type: 'custom', body_md: 'hm', custom_label: 'Odd one', classified: false },
    ]);
  });

  it('queues what a mode does not allow and model proposals for an admin, keeping the admin rules', async () => {
    const t = await startServer({ items, config: config('extensible') });
    const fay = await t.client().login('fay');
    const a = (await fay.post('/api/codebook', { name: 'costly' })).body.code.id;
    const b = (await fay.post('/api/codebook', { name: 'fees' })).body.code.id;
    const queued = await fay.request('PUT', '/api/codebook/blocks', {
      json: { code_id: a, base_version: 0, blocks: [{ block_type: 'definition', body_md: 'proposed' }] },
    });
    expect(queued.status).toBe(201);
    expect(queued.body).toMatchObject({ queued: true, proposal: { op: 'content', status: 'pending' } });
    expect((await fay.get(`/api/codebook/blocks?code_id=${a}`)).body.blocks).toEqual([]);

    const model = await fay.post('/api/codebook/proposals', {
      op: 'merge',
      payload: { src_id: a, dst_id: b },
      actor_kind: 'model',
    });
    expect(model.status).toBe(201);
    expect(model.body.proposal.summary).toBe('Merge «costly» into «fees»');
    expect((await fay.post('/api/codebook/proposals', { op: 'merge', payload: { src_id: a } })).body.error).toMatch(
      /^payload\.dst_id: /,
    );
    expect((await fay.post('/api/codebook/proposals', { op: 'teleport', payload: {} })).status).toBe(400);

    // the admin side: 401 without credentials, 403 for an annotator or a wrong key
    expect((await t.client().get('/api/codebook/admin/proposals')).status).toBe(401);
    expect((await fay.get('/api/codebook/admin/proposals')).status).toBe(403);
    expect((await fay.post('/api/codebook/admin/merge', { src_id: a, dst_id: b })).status).toBe(403);
    expect((await t.client({ 'x-api-key': 'wrong' }).get('/api/codebook/admin/changes')).status).toBe(403);
    expect((await t.admin().post('/api/codebook/admin/merge', { src_id: a })).body.error).toMatch(/^dst_id: /);

    const admin = t.admin();
    const pending = (await admin.get('/api/codebook/admin/proposals')).body.proposals;
    expect(pending.map((p: { op: string }) => p.op)).toEqual(['content', 'merge']);
    expect((await admin.post(`/api/codebook/admin/proposals/${pending[0].id}/confirm`)).status).toBe(200);
    expect((await fay.get(`/api/codebook/blocks?code_id=${a}`)).body.blocks[0].body_md).toBe('proposed');
    expect((await admin.post(`/api/codebook/admin/proposals/${pending[1].id}/reject`)).status).toBe(200);
    expect((await admin.post(`/api/codebook/admin/proposals/${pending[1].id}/confirm`)).status).toBe(409);
    expect((await fay.get('/api/codebook')).body.labels).toContain('costly');

    const again = await fay.post('/api/codebook/proposals', {
      op: 'merge',
      payload: { src_id: a, dst_id: b },
      actor_kind: 'model',
    });
    expect((await admin.post(`/api/codebook/admin/proposals/${again.body.proposal.id}/confirm`)).status).toBe(200);
    expect((await fay.get('/api/codebook')).body.labels).not.toContain('costly');
    const changes = (await admin.get('/api/codebook/admin/changes')).body.changes;
    expect(changes[0]).toMatchObject({
      op: 'merge',
      actor: 'fay',
      actor_kind: 'model',
      proposal_id: again.body.proposal.id,
    });
  });

  it('stamps answers with the revision and tells an annotator what changed since', async () => {
    const t = await startServer({ items, config: config('open') });
    const gil = await t.client().login('gil');
    expect((await gil.get('/api/codebook/provenance')).body.error).toMatch(/^instance_id: /);
    const saved = await gil.post('/updateinstance', { instance_id: 'i1', annotations: { 'themes:cost': 'true' } });
    expect(saved.status, saved.text).toBe(200);
    expect((await gil.get('/api/codebook/provenance?instance_id=i1')).body).toMatchObject({
      annotated_revision: 0,
      stale: false,
    });
    await gil.post('/api/codebook', { name: 'distance' });
    expect((await gil.get('/api/codebook/provenance?instance_id=i1')).body).toMatchObject({
      annotated_revision: 0,
      current_revision: 1,
      stale: true,
      codes_added_since: ['distance'],
    });
    expect((await gil.get('/api/codebook/stale')).body).toMatchObject({
      count: 1,
      stale: [{ instance_id: 'i1', nav_index: 0 }],
    });
    expect((await t.admin().get('/api/codebook/admin/stale')).body.stale).toEqual([
      { username: 'gil', instance_id: 'i1', annotated_revision: 0, nav_index: 0 },
    ]);
  });

  it('keeps codes, prose, versions and proposals across a restart without seeding twice', async () => {
    const t = await startServer({ items, config: config('open') });
    const id = await addCode(t, 'hal', 'distance');
    const hal = await t.client().login('hal');
    await hal.request('PUT', '/api/codebook/blocks', {
      json: {
        section: 'preamble',
        base_version: 0,
        blocks: [{ block_type: 'custom', custom_label: 'Read me', body_md: 'first' }],
      },
    });
    await hal.post('/api/codebook/proposals', { op: 'rename', payload: { code_id: id, name: 'far away' } });
    const again = await t.restart();
    const hal2 = await again.client().login('hal');
    const book = (await hal2.get('/api/codebook')).body;
    expect(book.labels).toEqual(['access', 'cost', 'distance']);
    expect(book.revision).toBe(1);
    const doc = (await hal2.get('/api/codebook/document')).body;
    expect(doc.doc_sections[0]).toMatchObject({
      section: 'preamble',
      scope_version: 1,
      blocks: [{ custom_label: 'Read me' }],
    });
    const stale = await hal2.request('PUT', '/api/codebook/blocks', {
      json: { section: 'preamble', base_version: 0, blocks: [] },
    });
    expect(stale.status).toBe(409);
    const [proposal] = (await again.admin().get('/api/codebook/admin/proposals')).body.proposals;
    expect(proposal.summary).toBe('Rename «distance» to «far away»');
  });

  it('reads cases from the items’ data, with their attributes, and is off (503) unless asked or under QDA mode', async () => {
    const people = [
      { id: 'a', text: 'one', participant_id: 'P1', condition: 'control' },
      { id: 'b', text: 'two', participant_id: 'P1', condition: 'other' },
      { id: 'c', text: 'three', participant_id: 'P2' },
      { id: 'd', text: 'four' },
    ];
    const t = await startServer({ items: people, config: { cases: { enabled: true, attributes: ['condition'] } } });
    expect((await t.client().get('/api/cases')).status).toBe(401);
    const kim = await t.client().login('kim');
    expect((await kim.get('/api/cases')).body).toEqual({
      key: 'participant_id',
      cases: [
        { name: 'P1', attributes: { condition: 'control' }, instance_ids: ['a', 'b'] },
        { name: 'P2', attributes: {}, instance_ids: ['c'] },
      ],
    });
    expect((await kim.get('/api/cases/instance/b')).body.case).toMatchObject({ name: 'P1' });
    expect((await kim.get('/api/cases/instance/d')).body).toEqual({ instance_id: 'd', case: null });
    expect((await kim.get('/api/cases/instance/zz')).status).toBe(404);
    const off = await startServer({ items: people });
    expect((await (await off.client().login('lee')).get('/api/cases')).status).toBe(503);
  });

  it('answers Potato’s QDA endpoints and reads its config keys, warning about what it does not do', async () => {
    const on = await startServer({
      items,
      config: { ...themes, qda_mode: { enabled: true, codebook: { mode: 'extensible' } } },
    });
    expect((await on.client().get('/qda/status')).body).toEqual({
      enabled: true,
      memos: { enabled: true, show_sidebar_by_default: false },
      codebook: { enabled: true, mode: 'extensible' },
    });
    expect((await on.client().get('/qda/codebook')).status).toBe(401);
    const view = await (await on.client().login('ida')).get('/qda/codebook');
    expect(view.body).toEqual({ tree: expect.any(Array), labels: ['access', 'cost'], cases: [] });

    const off = await startServer({ items });
    expect((await off.client().get('/qda/status')).body).toEqual({ enabled: false });
    const closed = await off.client().get('/qda/codebook');
    expect(closed.status).toBe(503);
    expect(closed.body.error).toMatch(/^QDA Mode not enabled/);
    expect((await (await off.client().login('jo')).get('/api/codebook')).body).toMatchObject({
      mode: 'fixed',
      labels: [],
    });

    const warnings = loadConfig(
      writeProject({ items, config: { ...themes, qda_mode: { enabled: true }, codebook_invivo_key: 'i' } }),
    ).warnings;
    expect(warnings.some((w) => w.includes('codebook: its labels seed the codebook'))).toBe(true);
    expect(warnings.some((w) => w.includes('codebook_invivo_key is not acted on'))).toBe(true);
    expect(() => loadConfig(writeProject({ items, config: { ...themes, codebook_mode: 'loose' } }))).toThrow(
      /codebook_mode/,
    );
  });
});
