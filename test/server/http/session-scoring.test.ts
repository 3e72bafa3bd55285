/**
 * Session-level scoring over real HTTP, at Potato's paths: sessions found from the items' keys (top level or in
 * metadata), answers per annotator with everyone's figures, clearing, refusals naming the field, the per-item
 * task without the session-level schemes, the admin's export, and answers that outlive a restart.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';

const items = [
  { id: 't1', text: 'first trace of A', session_id: 'A' },
  { id: 't2', text: 'second trace of A', session_id: 'A' },
  { id: 't3', text: 'the only trace of B', metadata: { session_id: 'B' } },
  { id: 't4', text: 'no session' },
];
const quality = {
  annotation_type: 'likert',
  name: 'quality',
  description: 'Session quality',
  size: 5,
  session_level: true,
};
const issues = {
  annotation_type: 'multiselect',
  name: 'issues',
  description: 'Issues',
  labels: ['lost', 'wrong'],
  session_level: true,
};
const ok = { annotation_type: 'radio', name: 'ok', description: 'Trace ok?', labels: ['yes', 'no'] };
const config = { annotation_schemes: [quality, issues, ok], sessions: { enabled: true } };

describe('session-level scoring', () => {
  it('finds the sessions, keeps each annotator’s answers, figures them together and keeps them over a restart', async () => {
    const t = await startServer({ items, config });
    expect((await t.client().get('/api/sessions')).status).toBe(401);
    const alice = await t.client().login('alice');
    const bob = await t.client().login('bob');
    const queue = (await alice.get('/api/sessions')).body;
    expect(queue.sessions.map((x: { name: string; n_traces: number }) => [x.name, x.n_traces])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
    expect(queue.schemes.map((x: { name: string }) => x.name)).toEqual(['quality', 'issues']);
    // the page learns which questions live on the Sessions screen
    expect((await alice.get('/api/study')).body.sessions).toEqual({ schemes: ['quality', 'issues'] });
    const a = queue.sessions[0].case_id;
    expect(a).toMatch(/^s-[\w-]+$/);

    const detail = (await alice.get(`/api/sessions/${a}`)).body;
    expect(detail.members).toEqual([
      { instance_id: 't1', preview: 'first trace of A' },
      { instance_id: 't2', preview: 'second trace of A' },
    ]);
    expect((await alice.post(`/api/sessions/${a}/annotate`, { schema: 'quality', value: { value: 4 } })).status).toBe(
      200,
    );
    await bob.post(`/api/sessions/${a}/annotate`, { schema: 'quality', value: { value: 2 } });
    const saved = await alice.post(`/api/sessions/${a}/annotate`, { schema: 'issues', value: { values: ['lost'] } });
    expect(saved.body).toEqual({
      success: true,
      my_annotations: { quality: { value: 4 }, issues: { values: ['lost'] } },
      aggregates: { quality: { n_annotators: 2, mean: 3 }, issues: { n_annotators: 1, value_counts: { lost: 1 } } },
    });
    expect((await bob.get('/api/sessions')).body.sessions[0].my_schemas_done).toEqual(['quality']);

    // the per-item task asks only the per-item scheme, and refuses a session-level answer
    expect(Object.keys((await alice.get('/api/schemas')).body)).toEqual(['ok']);
    expect(
      (await alice.post('/updateinstance', { instance_id: 't1', annotations: { 'quality:4': 'true' } })).status,
    ).toBe(400);

    const exported = (await t.admin().get('/api/sessions/export')).body.rows;
    expect(exported).toHaveLength(3);
    expect(exported[0]).toMatchObject({
      session: 'A',
      annotator: 'alice',
      schema: 'issues',
      instance_ids: ['t1', 't2'],
    });
    expect((await alice.get('/api/sessions/export')).status).toBe(403);

    const again = await t.restart();
    const back = await again.client().login('alice');
    expect((await back.get(`/api/sessions/${a}`)).body.my_annotations).toEqual({
      quality: { value: 4 },
      issues: { values: ['lost'] },
    });
    expect(
      (await back.post(`/api/sessions/${a}/annotate`, { schema: 'quality', value: null })).body.my_annotations,
    ).toEqual({
      issues: { values: ['lost'] },
    });
  });

  it('refuses what is not a session answer with a 400 naming the field, and an unknown session with a 404', async () => {
    const t = await startServer({ items, config });
    const alice = await t.client().login('bad_alice');
    const a = (await alice.get('/api/sessions')).body.sessions[0].case_id;
    const post = (body: object, id = a) => alice.post(`/api/sessions/${id}/annotate`, body);
    const cases: [object, RegExp][] = [
      [{ schema: 'ok', value: { value: 'yes' } }, /^schema: "ok" is not asked per session/],
      [{ schema: 'quality', value: [1, 2] }, /^value: must be/],
      [{ schema: 'quality', value: { bogus: 1 } }, /^value: must be/],
      [{ schema: 'quality', value: { value: 9 } }, /^value\.value: "quality" is a scale of 5 points/],
      [{ schema: 'quality', value: { values: ['1'] } }, /^value: "quality" takes one answer/],
      [{ schema: 'issues', value: { values: ['lost', 'nope'] } }, /^value\.values: "issues" has no label "nope"/],
      [{ value: { value: 1 } }, /^schema: /],
    ];
    for (const [body, error] of cases) {
      const reply = await post(body);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(error);
    }
    expect((await post({ schema: 'quality', value: { value: 1 } }, 'bogus')).status).toBe(404);
    expect((await alice.get('/api/sessions/bogus')).status).toBe(404);
  });

  it('is off (503) unless sessions are enabled, and says so at start-up when schemes are marked', async () => {
    const off = writeProject({ config: { annotation_schemes: [quality, ok] } });
    expect(loadConfig(off, {}).warnings.join('\n')).toMatch(
      /session_level is not acted on .* "quality" asked on every item/,
    );
    const t = await startServer({ items, configFile: off });
    const user = await t.client().login('off');
    expect((await user.get('/api/sessions')).status).toBe(503);
    expect((await user.get('/api/study')).body.sessions).toBeNull();
    const keyed = loadConfig(
      writeProject({ config: { ...config, sessions: { enabled: true, key: 'thread', color: 1 } } }),
      {},
    );
    expect(keyed.sessions.keys).toEqual(['thread']);
    expect(keyed.warnings.join('\n')).toMatch(/unknown key "sessions\.color"/);
    const bad = { ...quality, annotation_type: 'span', labels: ['x'], size: undefined };
    expect(() => loadConfig(writeProject({ config: { ...config, annotation_schemes: [bad, ok] } }), {})).toThrow(
      /session_level: a span scheme is not asked per session/,
    );
  });
});
