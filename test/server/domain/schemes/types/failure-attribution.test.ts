import { describe, expect, it } from 'vitest';
import { jsonlRoundTrip, loadScheme, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = { annotation_type: 'failure_attribution', name: 'blame' };
const FIXED = { annotation_type: 'failure_attribution', name: 'fixed', agents: ['Orchestrator', 'Worker'] };
const steps = [
  { agent: 'Planner', content: 'Reserve the cheapest quiet room' },
  { agent: 'Searcher', content: 'Found room 12, beside the lift' },
  { agent: 'Booker', content: 'Reserved room 12' },
];
const ITEMS = [{ id: 'f1', text: 'Reserve a quiet hotel room', steps }];

describe('failure_attribution', () => {
  it('loads with the agents read from the trace unless the config names them', () => {
    expect(loadScheme(SCHEME).extra).toMatchObject({ steps_key: 'steps', agent_key: 'agent', agents: [] });
    expect(loadScheme(FIXED).extra.agents).toEqual(['Orchestrator', 'Worker']);
  });

  it('stores the agent, step and reason, checks them against the trace, and round-trips its exports', async () => {
    const t = await serve([SCHEME, FIXED], ITEMS);
    const sent = { responsible_agent: 'Searcher', decisive_step: 1, reason: 'ignored the quiet constraint' };
    const read = await submitAndRead(t, 'ann', 'f1', {
      'blame:blame': JSON.stringify(sent),
      'fixed:fixed': JSON.stringify({ responsible_agent: 'Worker', decisive_step: null, reason: '' }),
    });
    expect(JSON.parse(read.annotations['blame:blame'])).toEqual(sent);
    expect(JSON.parse(read.annotations['fixed:fixed'])).toEqual({
      responsible_agent: 'Worker',
      decisive_step: null,
      reason: '',
    });

    expect(
      await refusedAnswer(t, 'f1', { 'blame:blame': JSON.stringify({ ...sent, responsible_agent: 'Pilot' }) }),
    ).toBe(
      'annotations["blame:blame"]: responsible_agent: "Pilot" is not an agent of this trace (Planner, Searcher, Booker)',
    );
    expect(await refusedAnswer(t, 'f1', { 'fixed:fixed': JSON.stringify({ responsible_agent: 'Searcher' }) })).toMatch(
      /"Searcher" is not an agent of this trace \(Orchestrator, Worker\)/,
    );
    expect(await refusedAnswer(t, 'f1', { 'blame:blame': JSON.stringify({ ...sent, decisive_step: 5 }) })).toMatch(
      /decisive_step: step 5 is past the trace \(the item has 3 steps/,
    );
    expect(await refusedAnswer(t, 'f1', { 'blame:blame': JSON.stringify({ ...sent, decisive_step: '1' }) })).toMatch(
      /decisive_step must be a whole number from 0, or null/,
    );
    // all three empty is no answer, as Potato's page clears it
    const cleared = await submitAndRead(t, 'ann', 'f1', {
      'blame:blame': JSON.stringify({ responsible_agent: '', decisive_step: null, reason: ' ' }),
    });
    expect(cleared.annotations['blame:blame']).toBeUndefined();

    await submitAndRead(t, 'other', 'f1', { 'blame:blame': JSON.stringify(sent) });
    const lines = await jsonlRoundTrip(t, [SCHEME, FIXED], ITEMS);
    expect(lines.find((l) => l.annotator === 'other').labels.blame).toEqual(sent);
    await t.close();
  });
});
