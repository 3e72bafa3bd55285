import { describe, expect, it } from 'vitest';
import { jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const DEFAULTS = { annotation_type: 'consensus_tracking', name: 'acts' };
const DEBATE = {
  annotation_type: 'consensus_tracking',
  name: 'moves',
  turns_key: 'debate',
  acts: ['claim', 'rebuttal', 'ruling'],
  linked_acts: ['rebuttal'],
};
const conversation = [
  { speaker: 'planner', text: 'Let us cache with Redis', agent_id: 'planner' },
  { speaker: 'critic', text: 'Redis adds an operational burden', agent_id: 'critic' },
  { speaker: 'planner', text: 'Fair, an in-process cache then', agent_id: 'planner' },
];
const ITEMS = [{ id: 'd1', text: 'Caching decision', conversation, debate: conversation }];

describe('consensus_tracking', () => {
  it("loads Potato's default acts, and refuses acts that do not add up", () => {
    expect(loadScheme(DEFAULTS).extra).toMatchObject({
      steps_key: 'conversation',
      acts: ['proposal', 'agreement', 'disagreement', 'decision', 'concession'],
      linked_acts: ['agreement', 'disagreement', 'concession'],
    });
    expect(loadScheme(DEBATE).extra).toMatchObject({ steps_key: 'debate', linked_acts: ['rebuttal'] });
    expect(refusal({ ...DEBATE, linked_acts: ['concession'] })).toMatch(
      /\(moves\)\.linked_acts: "concession" is not one of the acts \(claim, rebuttal, ruling\)/,
    );
    expect(refusal({ ...DEBATE, acts: ['claim', 'claim'] })).toMatch(/\.acts: an act is named twice/);
  });

  it('stores one act per turn with its reference, refuses bad tags, and round-trips its exports', async () => {
    const schemes = [DEFAULTS, DEBATE];
    const t = await serve(schemes, ITEMS);
    const tags = [
      { turn: 2, act: 'concession', ref: 1, agent_id: 'planner' },
      { turn: 0, act: 'proposal', agent_id: 'planner' },
      { turn: 1, act: 'disagreement', ref: 0, agent_id: 'critic' },
    ];
    const read = await submitAndRead(t, 'ann', 'd1', { 'acts:acts': JSON.stringify(tags) });
    expect(JSON.parse(read.annotations['acts:acts'])).toEqual([tags[1], tags[2], tags[0]]);

    const refused = (value: unknown) => refusedAnswer(t, 'd1', { 'moves:moves': JSON.stringify(value) });
    expect(await refused([{ turn: 0, act: 'proposal' }])).toBe(
      'annotations["moves:moves"]: tags[0].act: "proposal" is not one of the acts (claim, rebuttal, ruling)',
    );
    expect(await refused([{ turn: 0, act: 'claim', ref: 1 }])).toMatch(
      /tags\[0\]\.ref: "claim" does not refer to another turn/,
    );
    expect(await refused([{ turn: 1, act: 'rebuttal', ref: 1 }])).toMatch(/a turn cannot refer to itself/);
    expect(await refused([{ turn: 3, act: 'claim' }])).toMatch(/step 3 is past the trace \(the item has 3 steps/);
    expect(await refused([{ turn: 1, act: 'rebuttal', ref: 7 }])).toMatch(/\(turn 1\)\.ref: step 7 is past the trace/);
    expect(
      await refused([
        { turn: 0, act: 'claim' },
        { turn: 0, act: 'ruling' },
      ]),
    ).toMatch(/turn 0 is answered twice/);
    expect(await refused({ turn: 0, act: 'claim' })).toMatch(/tags must be a list/);

    await submitAndRead(t, 'other', 'd1', {
      'acts:acts': JSON.stringify([{ turn: 0, act: 'proposal', agent_id: 'planner' }]),
    });
    const lines = await jsonlRoundTrip(t, schemes, ITEMS);
    expect(lines.find((l) => l.annotator === 'other').labels).toEqual({
      acts: [{ turn: 0, act: 'proposal', agent_id: 'planner' }],
    });
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.acts).toMatchObject({
      level: 'per_node',
      items_evaluated: 1,
    });
    await t.close();
  });
});
