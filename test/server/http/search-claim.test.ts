/**
 * Search-and-claim (search.annotator_claim) over real HTTP: annotators search the whole task and pull items into their
 * lists.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';
import { startServer } from '../../helpers/server.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] },
  { annotation_type: 'text', name: 'why' },
];
const ITEMS = [
  { id: 'i1', text: 'a common opening line' },
  { id: 'i2', text: 'a pale swan seen at dusk' },
  { id: 'i3', text: 'another common line' },
  { id: 'i4', text: 'a second rare swan example' },
];
const CLAIM = { annotation_schemes: SCHEMES, max_annotations_per_user: 1, search: { annotator_claim: true } };
const ids = (r: { body: { results: { instance_id: string }[] } }) => r.body.results.map((h) => h.instance_id);

describe('search-and-claim', () => {
  it('searches every item, claims one into the list once, and keeps it across a restart', async () => {
    let t = await startServer({ config: CLAIM, items: ITEMS });
    const bob = await t.client().login('bob', 'pw-123456');
    await bob.post('/updateinstance', { instance_id: 'i1', annotations: { 'why:text': 'reminds me of a swan' } });
    const alice = await t.client().login('alice', 'pw-123456');
    expect((await alice.get('/api/current_instance')).body).toMatchObject({ instance_id: 'i1', total_instances: 1 });
    // the whole task, not only her list; bob's answer on i1 is his, so it does not make i1 a hit for her
    expect(ids(await alice.get('/api/search?q=swan'))).toEqual(['i2', 'i4']);
    expect((await alice.post('/updateinstance', { instance_id: 'i2', annotations: {} })).status).toBe(403);

    const claimed = await alice.post('/api/search/claim', { instance_id: 'i2' });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual({ claimed: 'i2', already_assigned: false, position: 1 });
    const again = await alice.post('/api/search/claim', { instance_id: 'i2' });
    expect(again.body).toEqual({ claimed: 'i2', already_assigned: true, position: 1 });
    const first = await alice.post('/api/search/claim', { instance_id: 'i1' });
    expect(first.body).toEqual({ claimed: 'i1', already_assigned: true, position: 0 });

    // the claimed item is hers to annotate, and counts in what she is expected to do
    expect(
      (await alice.post('/updateinstance', { instance_id: 'i2', annotations: { 'sentiment:positive': 'true' } }))
        .status,
    ).toBe(200);
    expect((await alice.post('/go_to', { go_to: 'i2' })).body).toMatchObject({
      instance_id: 'i2',
      current_index: 1,
      total_instances: 2,
      progress: { done: 1, expected: 2 },
    });
    // other annotators' lists are untouched
    expect((await bob.get('/api/current_instance')).body.total_instances).toBe(1);

    t = await t.restart();
    const back = await t.client().login('alice', 'pw-123456');
    expect((await back.get('/api/current_instance')).body).toMatchObject({ total_instances: 2 });
    expect((await back.post('/api/search/claim', { instance_id: 'i2' })).body.already_assigned).toBe(true);
    await t.close();
  });

  it('refuses bad claims by field: no id (400), an unknown item (404), no session (401)', async () => {
    const t = await startServer({ config: CLAIM, items: ITEMS });
    const alice = await t.client().login('alice', 'pw-123456');
    const none = await alice.post('/api/search/claim', {});
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/^instance_id: /);
    const unknown = await alice.post('/api/search/claim', { instance_id: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('instance_id: no item with id "nope"');
    expect((await t.client().post('/api/search/claim', { instance_id: 'i2' })).status).toBe(401);
    expect((await t.client().get('/api/search?q=swan')).status).toBe(401);
    await t.close();
  });

  it('closes claiming once an admin switches to a design that chooses items for the annotator (409)', async () => {
    const t = await startServer({ config: CLAIM, items: ITEMS });
    const alice = await t.client().login('alice', 'pw-123456');
    expect((await t.admin().post('/admin/api/config', { assignment_strategy: 'random' })).status).toBe(200);
    const r = await alice.post('/api/search/claim', { instance_id: 'i2' });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe(
      'claiming is closed while the project uses assignment_strategy "random" (the server\'s order would be bypassed)',
    );
    expect((await alice.get('/api/current_instance')).body.total_instances).toBe(1);
    await t.close();
  });

  it('without search.annotator_claim, claiming is refused (403) and an annotator searches only their own list', async () => {
    const t = await startServer({ config: { annotation_schemes: SCHEMES, max_annotations_per_user: 1 }, items: ITEMS });
    const alice = await t.client().login('alice', 'pw-123456');
    const r = await alice.post('/api/search/claim', { instance_id: 'i2' });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/annotator search-and-claim is not enabled.*search\.annotator_claim: true/);
    expect(ids(await alice.get('/api/search?q=swan'))).toEqual([]);
    expect(ids(await alice.get('/api/search?q=common'))).toEqual(['i1']);
    await t.close();
  });

  it('is refused at start-up together with a design where the server must choose the items', () => {
    const load = (config: Record<string, unknown>) => () =>
      loadConfig(writeProject({ items: ITEMS, config: { annotation_schemes: SCHEMES, ...config } }));
    const claim = { search: { annotator_claim: true } };
    expect(load({ ...claim, num_annotators_per_item: 2 })).toThrow(
      /search\.annotator_claim: annotators choosing their own items cannot be used with num_annotators_per_item 2/,
    );
    expect(load({ ...claim, max_annotations_per_item: 3 })).toThrow(/num_annotators_per_item 3/);
    expect(load({ ...claim, assignment_strategy: 'least_annotated' })).toThrow(/assignment_strategy "least_annotated"/);
    expect(load({ ...claim, login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' } })).toThrow(
      /a crowd platform login/,
    );
    expect(load({ ...claim, adjudication: { enabled: true } })).toThrow(/adjudication \(its queue/);
    expect(load({ search: { annotator_claim: true, enabled: false } })).toThrow(
      /search\.annotator_claim: needs search, which search\.enabled: false turns off/,
    );
    expect(
      loadConfig(writeProject({ items: ITEMS, config: { ...claim, num_annotators_per_item: 1 } })).warnings,
    ).toEqual([]);
  });
});
