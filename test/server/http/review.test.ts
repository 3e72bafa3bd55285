/**
 * Potato's review workflow over real HTTP: the board starts where the routing rules put each item (by its data,
 * a named reviewer or dealt out in turn); admins move and assign items, each change kept with who made it, across a
 * restart; reviewers read their own open work; the admin rules and 503 while off; bad input named.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';

const items = [
  { id: 'ok-1', text: 'trace that succeeded', status: 'ok', metadata: { confidence: 0.9 } },
  { id: 'err-1', text: 'trace that failed', status: 'ERROR', metadata: { confidence: 0.8 } },
  { id: 'ok-2', text: 'another fine trace', status: 'ok', metadata: { confidence: '0.3' } },
  { id: 'low-1', text: 'unsure trace', status: 'ok', metadata: { confidence: 0.1 } },
  { id: 'err-2', text: 'second failure', status: 'error' },
];
const review = {
  review_workflow: {
    enabled: true,
    reviewers: ['alice', 'bob'],
    routing: [
      { when: [{ field: 'status', equals: 'error' }], state: 'in_review', round_robin: true, priority: 10 },
      { when: { field: 'metadata.confidence', lt: 0.5 }, state: 'needs_second', assign_to: 'carol', priority: 5 },
    ],
  },
};
type Item = { instance_id: string; state: string; assignee: string | null; priority: number; preview: string };
const ids = (list: Item[]) => list.map((i) => i.instance_id);

describe('the review workflow', () => {
  it('places each item by the first routing rule its data meets', async () => {
    const t = await startServer({ items, config: review });
    const r = await t.admin().get('/admin/api/review/board');
    expect(r.status).toBe(200);
    expect(r.body.states).toEqual(['pending', 'in_review', 'needs_second', 'adjudication', 'done']);
    expect(r.body.reviewers).toEqual(['alice', 'bob']);
    const { board } = r.body;
    expect(ids(board.pending)).toEqual(['ok-1']);
    // equals ignores case; the rule's items are dealt out to the reviewers in task order
    expect(board.in_review.map((i: Item) => [i.instance_id, i.assignee, i.priority])).toEqual([
      ['err-1', 'alice', 10],
      ['err-2', 'bob', 10],
    ]);
    // a number written as text compares as a number
    expect(board.needs_second.map((i: Item) => [i.instance_id, i.assignee])).toEqual([
      ['ok-2', 'carol'],
      ['low-1', 'carol'],
    ]);
    expect(board.adjudication).toEqual([]);
    expect(board.in_review[0]).toMatchObject({ preview: 'trace that failed', updated_at: null, transitions: [] });
  });

  it('moves and assigns items, keeps who did what across a restart, and gives reviewers their open work', async () => {
    const t = await startServer({ items, config: review });
    const admin = t.admin();
    const moved = await admin.post('/admin/api/review/move', { instance_id: 'ok-1', state: 'in_review', note: 'look' });
    expect(moved.status).toBe(200);
    expect(moved.body.item).toMatchObject({ instance_id: 'ok-1', state: 'in_review', note: 'look', assignee: null });
    const assigned = await admin.post('/admin/api/review/assign', {
      instance_id: 'ok-1',
      assignee: 'bob',
      priority: 3,
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.item).toMatchObject({ state: 'in_review', assignee: 'bob', priority: 3 });
    expect(
      assigned.body.item.transitions.map((x: { from: string; to: string; actor: string }) => [x.from, x.to, x.actor]),
    ).toEqual([
      ['pending', 'in_review', 'admin'],
      ['in_review', 'in_review', 'admin'],
    ]);
    await admin.post('/admin/api/review/move', { instance_id: 'err-2', state: 'done' });

    const bob = await t.client().login('bob');
    const queue = await bob.get('/api/review/my_queue');
    expect(queue.status).toBe(200);
    // err-2 is done, so no longer open; ok-1 (priority 3) is
    expect(ids(queue.body.queue)).toEqual(['ok-1']);
    expect(ids((await (await t.client().login('carol')).get('/api/review/my_queue')).body.queue)).toEqual([
      'ok-2',
      'low-1',
    ]);
    expect((await t.client().get('/api/review/my_queue')).status).toBe(401);

    const again = await t.restart();
    const board = (await again.admin().get('/admin/api/review/board')).body.board;
    expect(board.in_review.map((i: Item) => [i.instance_id, i.assignee, i.priority])).toEqual([
      ['err-1', 'alice', 10],
      ['ok-1', 'bob', 3],
    ]);
    expect(ids(board.done)).toEqual(['err-2']);
    expect(board.in_review[1].transitions).toHaveLength(2);
  });

  it('refuses bad input by name, keeps the admin rules, and answers 503 while off', async () => {
    const t = await startServer({ items, config: review });
    const admin = t.admin();
    const bad = await admin.post('/admin/api/review/move', { instance_id: 'ok-2', state: 'nonsense' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('state: must be one of pending, in_review, needs_second, adjudication, done');
    const ghost = await admin.post('/admin/api/review/move', { instance_id: 'ghost', state: 'done' });
    expect(ghost.status).toBe(404);
    expect(ghost.body.error).toMatch(/ghost/);
    expect((await admin.post('/admin/api/review/move', { state: 'done' })).body.error).toMatch(/^instance_id: /);
    const stranger = await admin.post('/admin/api/review/assign', { instance_id: 'ok-1', assignee: 'nobody' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toMatch(/^assignee: "nobody" is neither/);
    const unassigned = await admin.post('/admin/api/review/assign', { instance_id: 'err-1', assignee: null });
    expect(unassigned.body.item.assignee).toBeNull();

    expect((await t.client().get('/admin/api/review/board')).status).toBe(401);
    const annotator = await t.client().login('dave');
    expect((await annotator.get('/admin/api/review/board')).status).toBe(403);
    expect((await annotator.post('/admin/api/review/move', { instance_id: 'ok-1', state: 'done' })).status).toBe(403);
    expect((await t.client().get('/admin/api/review/board', { 'x-api-key': 'wrong' })).status).toBe(403);

    const off = await startServer({ items });
    const closed = await off.admin().get('/admin/api/review/board');
    expect(closed.status).toBe(503);
    expect(closed.body.error).toMatch(/review_workflow\.enabled: true/);
    expect((await (await off.client().login('eve')).get('/api/review/my_queue')).status).toBe(503);
  });

  it('stops start-up on a rule it cannot read, naming the key, and warns about what it does not act on', () => {
    const load = (config: Record<string, unknown>) => () => loadConfig(writeProject({ items, config }));
    expect(load({ review_workflow: { enabled: true, routing: [{ when: [{ field: 'status' }] }] } })).toThrow(
      /review_workflow\.routing\[0\]\.when.*give exactly one of equals, in, contains/,
    );
    expect(load({ review_workflow: { enabled: true, routing: [{ state: 'reviewing' }] } })).toThrow(
      /review_workflow\.routing\[0\]\.state/,
    );
    expect(load({ review_workflow: { enabled: true, routing: [{ assign_to: 'a', round_robin: true }] } })).toThrow(
      /give assign_to or round_robin: true, not both/,
    );
    const warned = load({
      review_workflow: { enabled: true, auto_enroll: false, routing: [{ round_robin: true, priorty: 2 }] },
    })().warnings;
    expect(warned.some((w) => w.includes('review_workflow.auto_enroll: false is not acted on'))).toBe(true);
    expect(warned.some((w) => w.includes('review_workflow.routing[0].round_robin is not acted on'))).toBe(true);
    expect(warned.some((w) => w.includes('unknown key "review_workflow.routing[0].priorty" is ignored'))).toBe(true);
  });
});
