/**
 * Rooms over real HTTP, as Potato's paths have them: a norming session by three annotators (blind votes hidden
 * from the others until the host reveals, changes logged with the majority they met, agreement before and after),
 * the final votes written as answers, huddles over the items the team disagrees on, shadow rooms with observers
 * and presence, the event cursor, who may do what, bad input, and a room that outlives a restart.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';

const items = Array.from({ length: 6 }, (_, i) => ({ id: `r${i + 1}`, text: `Room item ${i + 1}.` }));
const sarcasm = { annotation_type: 'radio', name: 'sarcasm', description: 'Sarcastic?', labels: ['yes', 'no'] };
const note = { annotation_type: 'text', name: 'why', description: 'Why?' };
const config = { annotation_schemes: [note, sarcasm], rooms: { enabled: true, max_members: 3 } };

describe('rooms', () => {
  it('run a norming session: blind votes, the reveal, a change toward the majority, and final votes as answers', async () => {
    const t = await startServer({ items, config });
    const host = await t.client().login('hana');
    const bob = await t.client().login('bob');
    const cara = await t.client().login('cara');
    // cara's earlier answer to another scheme stays when her room vote is written
    await cara.post('/updateinstance', { instance_id: 'r1', annotations: { 'why:text': 'unsure' } });

    const made = await host.post('/rooms/api/create', { item_ids: ['r1', 'r2'] });
    expect(made.status).toBe(200);
    const id: string = made.body.room_id;
    expect(id).toMatch(/^[A-Z2-9]{6}$/);
    const base = `/rooms/api/${id}`;
    expect((await bob.post(`${base}/join`)).body).toMatchObject({ success: true, role: 'member' });
    expect((await cara.post(`${base}/join`)).body.role).toBe('member');
    expect((await bob.post(`${base}/join`)).body.role).toBe('member'); // again: nothing changes
    const list = (await host.get('/rooms/api/list')).body.rooms;
    expect(list.find((r: { room_id: string }) => r.room_id === id)).toMatchObject({ n_members: 3, status: 'open' });

    let state = (await bob.get(`${base}/state`)).body;
    expect(state).toMatchObject({
      phase: 'voting',
      current_instance_id: 'r1',
      item_text: 'Room item 1.',
      my_role: 'member',
    });
    expect(state.current_item.n_voted).toBe(0);

    for (const [who, label] of [
      [host, 'yes'],
      [bob, 'yes'],
      [cara, 'no'],
    ] as const)
      expect((await who.post(`${base}/vote`, { label })).body.success).toBe(true);

    // blind: bob sees who voted and, in the state, his own vote; never a label in the log before the reveal
    const events = (await bob.get(`${base}/events?since=0`)).body.events;
    const votes = events.filter((e: { type: string }) => e.type === 'vote_cast');
    expect(votes.map((e: { user: string; data: object }) => [e.user, 'label' in e.data])).toEqual([
      ['hana', false],
      ['bob', false],
      ['cara', false],
    ]);
    state = (await bob.get(`${base}/state`)).body;
    expect(state.all_voted).toBe(true);
    expect(state.current_item).toEqual({
      instance_id: 'r1',
      n_voted: 3,
      voters: ['hana', 'bob', 'cara'],
      my_vote: 'yes',
    });

    const notHost = await bob.post(`${base}/reveal`);
    expect(notHost.status).toBe(400);
    expect(notHost.body.error).toMatch(/host/);
    expect((await host.post(`${base}/reveal`)).body.success).toBe(true);
    state = (await cara.get(`${base}/state`)).body;
    expect(state.phase).toBe('revealed');
    expect(state.current_item.initial_votes).toEqual({ hana: 'yes', bob: 'yes', cara: 'no' });
    // once revealed, the log shows every label to everyone
    expect(
      (await cara.get(`${base}/events?since=0`)).body.events
        .filter((e: { type: string }) => e.type === 'vote_cast')
        .every((e: { data: object }) => 'label' in e.data),
    ).toBe(true);

    expect((await cara.post(`${base}/message`, { text: ' reading again, it is ' })).body.success).toBe(true);
    expect((await cara.post(`${base}/vote`, { label: 'yes' })).body.success).toBe(true);
    const item = (await host.get(`${base}/state`)).body.current_item;
    expect(item.current_votes.cara).toBe('yes');
    expect(item.initial_votes.cara).toBe('no');
    expect(item.changes).toMatchObject([{ user: 'cara', from: 'no', to: 'yes', majority_at_time: 'yes' }]);

    expect((await host.post(`${base}/advance`)).body.success).toBe(true);
    for (const who of [host, bob, cara]) await who.post(`${base}/vote`, { label: 'no' });
    await host.post(`${base}/reveal`);
    expect((await host.post(`${base}/advance`)).body).toMatchObject({ success: true, status: 'closed' });

    state = (await host.get(`${base}/state`)).body;
    expect(state.status).toBe('closed');
    expect(state.metrics).toMatchObject({ n_revealed: 2, total_changes: 1, toward_majority: 1, final_alpha: 1 });
    expect(state.metrics.blind_alpha).toBeLessThan(1);
    expect((await bob.post(`${base}/vote`, { label: 'yes' })).body.error).toBe('the room is closed');

    // the final votes are the members' answers now, cara's other answer kept
    expect((await cara.get('/get_annotations?instance_id=r1')).body.annotations).toEqual({
      'why:text': 'unsure',
      'sarcasm:yes': 'true',
    });
    expect((await bob.get('/get_annotations?instance_id=r2')).body.annotations).toEqual({ 'sarcasm:no': 'true' });

    // the export keeps every label; the room and its log outlive a restart
    const exported = (await host.get(`${base}/export`)).body;
    expect(exported.events.map((e: { type: string }) => e.type)).toContain('vote_changed');
    expect(exported.events.at(-1)).toMatchObject({ type: 'room_closed', data: { persisted: 6 } });
    const again = await t.restart();
    const hostAgain = await again.client().login('hana');
    expect((await hostAgain.get(`${base}/export`)).body).toEqual(exported);
  });

  it('keep rooms to their members: 401 without a session, 403 to read as a stranger, 400 to act as one', async () => {
    const t = await startServer({ items, config });
    const host = await t.client().login('acl_host');
    const id = (await host.post('/rooms/api/create', { item_ids: ['r3'] })).body.room_id;
    const base = `/rooms/api/${id}`;
    expect((await t.client().get(`${base}/state`)).status).toBe(401);
    expect((await t.client().post('/rooms/api/create', {})).status).toBe(401);
    const stranger = await t.client().login('acl_stranger');
    expect((await stranger.get(`${base}/state`)).status).toBe(403);
    expect((await stranger.get(`${base}/events`)).status).toBe(403);
    const vote = await stranger.post(`${base}/vote`, { label: 'yes' });
    expect(vote.status).toBe(400);
    expect(vote.body.error).toMatch(/not a member/);
    await stranger.post(`${base}/join`);
    expect((await stranger.get(`${base}/export`)).status).toBe(403);
    expect((await host.get(`${base}/export`)).body.room.room_id).toBe(id);
    expect((await t.admin().get(`${base}/export`)).status).toBe(401); // the key alone is no session
    expect((await host.get('/rooms/api/ZZZZ99/state')).status).toBe(404);
    // max_members: 3
    await (await t.client().login('acl_third')).post(`${base}/join`);
    const full = await (await t.client().login('acl_fourth')).post(`${base}/join`);
    expect(full.status).toBe(400);
    expect(full.body.error).toMatch(/full/);
    expect((await host.post(`${base}/leave`)).status).toBe(400);
    expect((await stranger.post(`${base}/leave`)).body.role).toBe(null);
  });

  it('refuse bad input with a 400 naming the field', async () => {
    const t = await startServer({ items, config });
    const host = await t.client().login('bad_host');
    const cases: [string, object, RegExp][] = [
      ['/rooms/api/create', { room_type: 'party' }, /^room_type: /],
      ['/rooms/api/create', { item_ids: ['r1', 'nope'] }, /^item_ids\[1\]: no instance with id "nope"/],
      ['/rooms/api/create', { item_ids: [] }, /^item_ids: /],
      ['/rooms/api/create', { count: 0 }, /^count: /],
    ];
    for (const [path, body, error] of cases) {
      const reply = await host.post(path, body);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(error);
    }
    const base = `/rooms/api/${(await host.post('/rooms/api/create', { count: 2 })).body.room_id}`;
    expect((await host.get(`${base}/state`)).body.item_ids).toEqual(['r1', 'r2']);
    expect((await host.post(`${base}/vote`, { label: 'maybe' })).body.error).toBe('label: must be one of "yes", "no"');
    expect((await host.post(`${base}/vote`, {})).body.error).toMatch(/^label: /);
    expect((await host.post(`${base}/message`, { text: '  ' })).body.error).toMatch(/^text: /);
    expect((await host.post(`${base}/reveal`)).body.error).toBe('nobody has voted on this item yet');
    expect((await host.get(`${base}/events?since=x`)).body.error).toMatch(/^since: /);
    const big = await host.post(`${base}/presence`, { data: { s: 'x'.repeat(3000) } });
    expect(big.status).toBe(400);
    expect(big.body.error).toMatch(/^data: /);
  });

  it('resume the event log from a cursor, and show a shadow host to observers with presence', async () => {
    const t = await startServer({ items, config });
    const expert = await t.client().login('expert');
    const trainee = await t.client().login('trainee');
    const base = `/rooms/api/${(await expert.post('/rooms/api/create', { room_type: 'shadow', item_ids: ['r4'] })).body.room_id}`;
    const first = (await expert.get(`${base}/events?since=0`)).body;
    expect(first.events.map((e: { type: string }) => e.type)).toEqual(['room_created', 'member_joined']);
    expect((await expert.get(`${base}/events?since=${first.cursor}`)).body).toEqual({
      events: [],
      cursor: first.cursor,
      presence: [],
    });

    expect((await trainee.post(`${base}/join`)).body.role).toBe('observer');
    expect((await trainee.post(`${base}/vote`, { label: 'no' })).status).toBe(400);
    await expert.post(`${base}/vote`, { label: 'yes' });
    await expert.post(`${base}/presence`, { data: { kind: 'selection', start: 3, end: 9 } });
    const seen = (await trainee.get(`${base}/events?since=${first.cursor}&presence=0`)).body;
    expect(seen.events.map((e: { type: string }) => e.type)).toEqual(['member_joined', 'vote_cast']);
    expect(seen.events[1].data).toEqual({ instance_id: 'r4', label: 'yes' }); // nothing is blind in a shadow room
    expect(seen.presence).toMatchObject([{ user: 'expert', data: { kind: 'selection', start: 3, end: 9 } }]);
    expect((await trainee.get(`${base}/state`)).body.current_item.current_votes).toEqual({ expert: 'yes' });
  });

  it('huddle over the items whose stored answers disagree, with those answers as context', async () => {
    const t = await startServer({ items, config });
    const host = await t.client().login('h_host');
    const other = await t.client().login('h_other');
    await host.post('/updateinstance', { instance_id: 'r5', annotations: { 'sarcasm:yes': 'true' } });
    await other.post('/updateinstance', { instance_id: 'r5', annotations: { 'sarcasm:no': 'true' } });
    await host.post('/updateinstance', { instance_id: 'r6', annotations: { 'sarcasm:no': 'true' } });
    await other.post('/updateinstance', { instance_id: 'r6', annotations: { 'sarcasm:no': 'true' } });

    const rows = (await host.get('/rooms/api/disagreements')).body.disagreements;
    expect(rows).toEqual([
      {
        instance_id: 'r5',
        text: 'Room item 5.',
        annotations: { h_host: 'yes', h_other: 'no' },
        n_annotators: 2,
        label_counts: { yes: 1, no: 1 },
      },
    ]);
    const none = await host.post('/rooms/api/create', { room_type: 'huddle', item_ids: ['r6'] });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/no disagreements/);
    const huddle = (await host.post('/rooms/api/create', { room_type: 'huddle' })).body.room_id;
    const state = (await host.get(`/rooms/api/${huddle}/state`)).body;
    expect(state).toMatchObject({
      room_type: 'huddle',
      item_ids: ['r5'],
      seed_votes: { h_host: 'yes', h_other: 'no' },
    });
  });

  it('answer 503 while off, and let only admins create with who_can_create: admin', async () => {
    const off = await startServer({ items, config: { annotation_schemes: [sarcasm] } });
    const user = await off.client().login('off_user');
    expect((await user.get('/rooms/api/list')).status).toBe(503);
    expect((await user.post('/rooms/api/create', {})).body.error).toMatch(/rooms: \{enabled: true\}/);

    const t = await startServer({
      items,
      config: { ...config, admin_users: ['boss'], rooms: { enabled: true, who_can_create: 'admin' } },
    });
    expect((await (await t.client().login('plain')).post('/rooms/api/create', {})).status).toBe(403);
    const boss = await t.loginAdmin('boss');
    expect((await boss.post('/rooms/api/create', {})).status).toBe(200);
  });

  it('read their config: the scheme voted on must be radio or likert, and misspelt keys are warned about', () => {
    const load = (rooms: object) =>
      loadConfig(writeProject({ config: { annotation_schemes: [note, sarcasm], rooms } }), {});
    expect(() => load({ enabled: true, schema: 'why' })).toThrow(/rooms\.schema: "why" is text/);
    expect(() => load({ enabled: true, schema: 'nope' })).toThrow(/rooms\.schema: no annotation scheme/);
    expect(() => load({ enabled: true, max_members: 1 })).toThrow(/rooms\.max_members/);
    const loaded = load({ enabled: true, persist_vote: false });
    expect(loaded.rooms.schema).toEqual({ name: 'sarcasm', labels: ['yes', 'no'] });
    expect(loaded.warnings.filter((w) => w.includes('rooms.persist_vote'))).toHaveLength(1);
  });
});
