/**
 * Potato's AI helps follow the caller's cohort schemes, over real HTTP with the embedded provider: suggestions
 * cover only the caller's schemes, the assistant refuses another cohort's scheme naming schema, and Potato's
 * annotationId counts positions in the caller's own list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['pos', 'neg'] },
  { annotation_type: 'radio', name: 'topic', labels: ['alpha', 'beta'] },
  { annotation_type: 'span', name: 'evidence', labels: ['cue'] },
];
const ITEMS = ['1', '2', '3'].map((id) => ({ id, text: `Item ${id}: a fine and sunny day.` }));

describe('AI helps under per-cohort schemes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({
      items: ITEMS,
      config: {
        annotation_schemes: SCHEMES,
        assignment_strategy: 'batch',
        batch_assignment: {
          groups: [
            { name: 'cohortA', annotators: ['alice'], instances: ['1', '2'], schemes: ['sentiment'] },
            { name: 'cohortB', annotators: ['bob'], instances: ['1', '2', '3'], schemes: ['topic', 'evidence'] },
          ],
        },
      },
    });
  });

  it("suggest for the caller's schemes only", async () => {
    const alice = await t.client().login('alice');
    const bob = await t.client().login('bob');
    const suggested = async (who: typeof alice) => {
      const r = await who.get('/get_ai_suggestion?instance_id=1');
      expect(r.status, r.text).toBe(200);
      return Object.keys(r.body.suggestions as object).sort();
    };
    expect(await suggested(alice)).toEqual(['sentiment']);
    expect(await suggested(bob)).toEqual(['evidence', 'topic']);
    const potato = await alice.get('/api/get_ai_suggestion?instance_id=1');
    expect(Object.keys(potato.body.suggestions as object)).toEqual(['sentiment']);
  });

  it("refuse help with another cohort's scheme, naming schema, and count annotationId in the caller's list", async () => {
    const alice = await t.client().login('alice');
    const bob = await t.client().login('bob');
    const foreign = await alice.get('/api/ai_assistant?instance_id=1&schema=topic');
    expect([foreign.status, foreign.body.error]).toEqual([
      400,
      'schema: scheme "topic" is not among the schemes of cohort "cohortA" (sentiment)',
    ]);
    const back = await bob.get('/api/ai_assistant?instance_id=1&schema=sentiment');
    expect([back.status, back.body.error]).toEqual([
      400,
      'schema: scheme "sentiment" is not among the schemes of cohort "cohortB" (topic, evidence)',
    ]);
    expect((await alice.get('/api/ai_assistant?instance_id=1&schema=sentiment')).body.schema).toBe('sentiment');

    const at = async (who: typeof alice, n: number) =>
      await who.get(`/api/ai_assistant?instance_id=1&annotationId=${n}`);
    expect((await at(alice, 0)).body.schema).toBe('sentiment');
    const past = await at(alice, 1);
    expect([past.status, past.body.error]).toEqual([400, 'annotationId: no scheme at position 1 (there are 1)']);
    expect((await at(bob, 0)).body.schema).toBe('topic');
    expect((await at(bob, 1)).body.schema).toBe('evidence');
  });
});
