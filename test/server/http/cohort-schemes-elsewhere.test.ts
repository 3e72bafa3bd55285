/**
 * Answers that reach the store other than by a submission follow the annotator's cohort schemes as the API does,
 * over real HTTP with real files: a Potato user state's answers to another cohort's scheme are left out and named
 * at start-up, the file's other answers taken in (for a named member and for one auto-assigned by their list);
 * a room's vote on a scheme outside the voter's cohort is a 400 naming label.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quietLogger, startServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['pos', 'neg'] },
  { annotation_type: 'radio', name: 'topic', labels: ['alpha', 'beta'] },
];
const ITEMS = ['1', '2', '3', '4'].map((id) => ({ id, text: `Item ${id}.` }));

function writeState(dir: string, user: string, list: string[], labels: Record<string, [string, string][]>): string {
  const file = join(dir, 'potato_out', user, 'user_state.json');
  mkdirSync(dirname(file), { recursive: true });
  const state = {
    user_id: user,
    instance_id_ordering: list,
    current_instance_index: 0,
    current_phase_and_page: ['annotation', 'annotation'],
    instance_id_to_label_to_value: Object.fromEntries(
      Object.entries(labels).map(([iid, pairs]) => [iid, pairs.map(([schema, name]) => [{ schema, name }, true])]),
    ),
  };
  writeFileSync(file, JSON.stringify(state));
  return file;
}

describe('cohort schemes for answers taken in other than by a submission', () => {
  it("leaves a user state's answers to another cohort's scheme out by name and takes the rest in", async () => {
    const dir = tempDir('marginalia-cohort-intake-');
    // alice is named in cohortA (sentiment only); pat is auto-assigned, read back in cohortA by her list
    const alice = writeState(dir, 'alice', ['1', '2'], {
      '1': [
        ['sentiment', 'pos'],
        ['topic', 'alpha'],
      ],
      '2': [['topic', 'beta']],
    });
    const pat = writeState(dir, 'pat', ['1', '2'], { '1': [['topic', 'beta']], '2': [['sentiment', 'neg']] });
    const bob = writeState(dir, 'bob', ['3'], { '3': [['topic', 'alpha']] });
    const from = quietLogger.lines.length;
    const t = await startServer({
      dir,
      items: ITEMS,
      config: {
        require_password: false,
        output_annotation_dir: 'potato_out',
        annotation_schemes: SCHEMES,
        assignment_strategy: 'batch',
        batch_assignment: {
          auto_assign_annotators: true,
          groups: [
            { name: 'cohortA', annotators: ['alice'], instances: ['1', '2'], schemes: ['sentiment'] },
            { name: 'cohortB', annotators: ['bob'], instances: ['3', '4'], schemes: ['sentiment', 'topic'] },
          ],
        },
      },
    });
    const log = quietLogger.lines.slice(from);
    const outside = (path: string, user: string, instance: string) =>
      `${path} (user "${user}"), instance "${instance}": the answers to "topic" were left out: not among the schemes of cohort "cohortA" (sentiment); the file's other answers were taken in`;
    expect(log.filter((l) => l.includes('were left out'))).toEqual([
      outside(alice, 'alice', '1'),
      outside(alice, 'alice', '2'),
      outside(pat, 'pat', '1'),
    ]);
    expect(log).toContainEqual(expect.stringMatching(/^took in 3 annotator\(s\) .*alice \(1 answers, 2 listed\)/));

    const answers = async (user: string, id: string) =>
      (await (await t.client().login(user, '')).get(`/get_annotations?instance_id=${id}`)).body.annotations;
    expect(await answers('alice', '1')).toEqual({ 'sentiment:pos': 'true' });
    expect(await answers('alice', '2')).toEqual({});
    expect(await answers('pat', '1')).toEqual({});
    expect(await answers('pat', '2')).toEqual({ 'sentiment:neg': 'true' });
    // bob's cohort has topic: his answer to it is taken in
    expect(await answers('bob', '3')).toEqual({ 'topic:alpha': 'true' });
    expect(log.some((l) => l.includes(bob) && l.includes('left out'))).toBe(false);
    expect(t.server.services.cohorts.cohortOf('pat')).toBe('cohortA');
    await t.close();
  }, 60_000);

  it("refuses a room vote on a scheme outside the voter's cohort, naming label", async () => {
    const t = await startServer({
      items: ITEMS,
      config: {
        annotation_schemes: SCHEMES,
        assignment_strategy: 'batch',
        rooms: { enabled: true, schema: 'topic' },
        batch_assignment: {
          groups: [
            { name: 'cohortA', annotators: ['alice'], instances: ['1', '2'], schemes: ['sentiment'] },
            { name: 'cohortB', annotators: ['bob'], instances: ['1', '2'], schemes: ['sentiment', 'topic'] },
          ],
        },
      },
    });
    const bob = await t.client().login('bob');
    const alice = await t.client().login('alice');
    const made = await bob.post('/rooms/api/create', { item_ids: ['1'] });
    expect(made.status, made.text).toBe(200);
    const base = `/rooms/api/${made.body.room_id}`;
    expect((await alice.post(`${base}/join`)).status).toBe(200);
    const refused = await alice.post(`${base}/vote`, { label: 'alpha' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('label: scheme "topic" is not among the schemes of cohort "cohortA" (sentiment)');
    expect((await bob.post(`${base}/vote`, { label: 'beta' })).status).toBe(200);
    expect((await bob.post(`${base}/reveal`)).status).toBe(200);
    expect((await bob.post(`${base}/close`)).status).toBe(200);
    const stored = (who: typeof bob) => who.get('/get_annotations?instance_id=1');
    expect((await stored(bob)).body.annotations).toEqual({ 'topic:beta': 'true' });
    expect((await stored(alice)).body.annotations).toEqual({});
  });
});
