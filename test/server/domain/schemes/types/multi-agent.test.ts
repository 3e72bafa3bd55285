import { describe, expect, it } from 'vitest';
import { jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const CONTEXT = { annotation_type: 'context_attribution', name: 'ctx', turns_key: 'steps' };
const HANDOFF = { annotation_type: 'handoff_review', name: 'hand', quality_scale: 4 };
const EMERGENT = { annotation_type: 'emergent_behavior', name: 'emerge', behaviors: ['groupthink', 'collusion'] };
const steps = [
  { agent: 'Planner', content: 'We must stay under $400' },
  { agent: 'Planner', content: 'Hand the search over' },
  { agent: 'Searcher', content: 'Cheapest is $520' },
  { agent: 'Booker', content: 'Booked it, budget ignored' },
];
const ITEMS = [{ id: 'm1', text: 'Book a flight', steps }];

describe('context_attribution, handoff_review and emergent_behavior', () => {
  it("load Potato's defaults and refuse bad keys naming them", () => {
    expect(loadScheme({ annotation_type: 'context_attribution', name: 'c' }).extra).toMatchObject({
      steps_key: 'conversation',
      acts: ['used_context_correctly', 'hallucinated_context', 'ignored_context'],
      linked_acts: ['used_context_correctly', 'ignored_context'],
    });
    expect(loadScheme({ annotation_type: 'handoff_review', name: 'h' }).extra).toMatchObject({
      flags: ['info_loss', 'dropped_constraint', 'garbling', 'goal_drift'],
      quality_scale: 5,
    });
    expect(loadScheme({ annotation_type: 'emergent_behavior', name: 'e' }).extra).toMatchObject({
      behaviors: ['collusion', 'groupthink', 'cascading_error', 'role_drift'],
      allow_note: true,
    });
    expect(refusal({ ...HANDOFF, quality_scale: 1 })).toMatch(/annotation_schemes\[0\]\.quality_scale/);
    expect(refusal({ ...HANDOFF, flags: ['a', 'a'] })).toMatch(/\(hand\)\.flags: a flag is named twice/);
    expect(refusal({ ...EMERGENT, behaviors: ['x', 'x'] })).toMatch(/\(emerge\)\.behaviors: a behavior is named twice/);
    expect(refusal({ ...CONTEXT, linked_acts: ['agreement'] })).toMatch(/\(ctx\)\.linked_acts: "agreement" is not one/);
  });

  it('store answers checked against the trace, refuse bad ones, and round-trip their exports', async () => {
    const schemes = [CONTEXT, HANDOFF, EMERGENT];
    const t = await serve(schemes, ITEMS);
    const read = await submitAndRead(t, 'ann', 'm1', {
      'ctx:ctx': JSON.stringify([
        { turn: 3, act: 'ignored_context', ref: 0, agent_id: 'Booker' },
        { turn: 2, act: 'hallucinated_context', agent_id: 'Searcher' },
      ]),
      // handoffs are Planner → Searcher (step 2) and Searcher → Booker (step 3)
      'hand:hand': JSON.stringify([
        { index: 1, step: 3, from: 'Searcher', to: 'Booker', flags: ['goal_drift', 'info_loss'], quality: 1 },
        { index: 0, flags: [], quality: null },
      ]),
      'emerge:emerge': JSON.stringify({
        collusion: { turns: [], note: '' },
        groupthink: { turns: [3, 2], note: 'nobody checks the budget' },
      }),
    });
    expect(JSON.parse(read.annotations['ctx:ctx'])).toEqual([
      { turn: 2, act: 'hallucinated_context', agent_id: 'Searcher' },
      { turn: 3, act: 'ignored_context', ref: 0, agent_id: 'Booker' },
    ]);
    expect(JSON.parse(read.annotations['hand:hand'])).toEqual([
      { index: 1, step: 3, from: 'Searcher', to: 'Booker', flags: ['info_loss', 'goal_drift'], quality: 1 },
    ]);
    expect(JSON.parse(read.annotations['emerge:emerge'])).toEqual({
      groupthink: { turns: [2, 3], note: 'nobody checks the budget' },
    });

    const refused = (a: Record<string, unknown>) =>
      refusedAnswer(t, 'm1', Object.fromEntries(Object.entries(a).map(([k, v]) => [k, JSON.stringify(v)])));
    expect(await refused({ 'ctx:ctx': [{ turn: 2, act: 'hallucinated_context', ref: 0 }] })).toMatch(
      /ref: "hallucinated_context" does not refer to another turn/,
    );
    expect(await refused({ 'hand:hand': [{ index: 2, quality: 3 }] })).toMatch(
      /handoff 2 is past the trace's handoffs \(it has 2, numbered from 0\)/,
    );
    expect(await refused({ 'hand:hand': [{ index: 0, from: 'Booker', quality: 3 }] })).toMatch(
      /handoff 0 is Planner → Searcher at step 2/,
    );
    expect(await refused({ 'hand:hand': [{ index: 0, quality: 5 }] })).toMatch(
      /quality must be a whole number from 1 to 4/,
    );
    expect(await refused({ 'hand:hand': [{ index: 0, flags: ['rude'] }] })).toMatch(/"rude" is not one of info_loss/);
    expect(await refused({ 'emerge:emerge': { role_drift: { turns: [1] } } })).toMatch(
      /"role_drift" is not one of the behaviors \(groupthink, collusion\)/,
    );
    expect(await refused({ 'emerge:emerge': { collusion: { turns: [4] } } })).toMatch(
      /collusion\.turns: step 4 is past the trace \(the item has 4 steps/,
    );
    expect(await refused({ 'emerge:emerge': { collusion: { turns: [1, 1] } } })).toMatch(/a turn is given twice/);

    const lines = await jsonlRoundTrip(t, schemes, ITEMS);
    expect(lines[0].labels.emerge).toEqual({ groupthink: { turns: [2, 3], note: 'nobody checks the budget' } });
    const agreement = await t.admin().get('/admin/api/agreement');
    expect(agreement.status, agreement.text).toBe(200);
    await t.close();
  });
});
