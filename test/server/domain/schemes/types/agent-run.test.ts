import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';
import { AGENT_RUNS, SCORECARD } from '../../../../helpers/agent-run-items.js';

const CONTENTION = { annotation_type: 'tool_contention', name: 'lock', contention_labels: ['deadlock', 'benign'] };

describe('agent_scorecard, tool_contention and agent_interaction_graph', () => {
  it("load Potato's defaults and refuse bad keys naming them", () => {
    expect(loadScheme({ annotation_type: 'agent_scorecard', name: 'c' }).extra).toMatchObject({
      steps_key: 'steps',
      scale: 5,
      agent_dimensions: ['role_fidelity', 'contribution', 'coordination'],
      team_dimensions: ['coordination', 'communication', 'efficiency'],
      milestones: [],
    });
    expect(loadScheme({ annotation_type: 'tool_contention', name: 't' }).extra).toMatchObject({
      steps_key: 'calls',
      resource_key: 'resource',
      contention_labels: ['deadlock', 'circular_wait', 'race_condition', 'benign'],
    });
    expect(loadScheme({ ...CONTENTION, calls_key: 'usage' }).extra).toMatchObject({ steps_key: 'usage' });
    expect(refusal({ ...SCORECARD, scale: 1 })).toMatch(/annotation_schemes\[0\]\.scale/);
    expect(refusal({ ...SCORECARD, milestones: ['x', 'x'] })).toMatch(
      /\(card\)\.milestones: a milestone is named twice/,
    );
    expect(refusal({ ...SCORECARD, agent_dimensions: [] })).toMatch(/annotation_schemes\[0\]\.agent_dimensions/);
    expect(refusal({ ...CONTENTION, contention_labels: ['a', 'a'] })).toMatch(
      /\(lock\)\.contention_labels: a label is named twice/,
    );
  });

  it('store answers checked against the trace, refuse bad ones, and round-trip their exports', async () => {
    const schemes = [SCORECARD, CONTENTION];
    const t = await serve(schemes, AGENT_RUNS);
    const read = await submitAndRead(t, 'ann', 'run1', {
      'card:card': JSON.stringify({
        agents: { Searcher: { contribution: 2 }, Planner: { contribution: 4, 'role fidelity': 3 } },
        team: { coordination: null },
        milestones: { 'result verified': false, 'plan produced': true },
      }),
      'lock:lock': JSON.stringify({ contentions: { 1: 'deadlock', 0: 'benign' } }),
    });
    expect(JSON.parse(read.annotations['card:card'])).toEqual({
      agents: { Planner: { 'role fidelity': 3, contribution: 4 }, Searcher: { contribution: 2 } },
      team: {},
      milestones: { 'plan produced': true, 'result verified': false },
    });
    expect(JSON.parse(read.annotations['lock:lock'])).toEqual({ contentions: { 0: 'benign', 1: 'deadlock' } });

    const refused = (a: Record<string, unknown>) =>
      refusedAnswer(t, 'run1', Object.fromEntries(Object.entries(a).map(([k, v]) => [k, JSON.stringify(v)])));
    expect(await refused({ 'card:card': { agents: { Booker: { contribution: 1 } } } })).toMatch(
      /agents: "Booker" does not act in the trace \(its agents are Planner, Searcher\)/,
    );
    expect(await refused({ 'card:card': { agents: { Planner: { contribution: 5 } } } })).toMatch(
      /agents\.Planner\.contribution must be a whole number from 1 to 4/,
    );
    expect(await refused({ 'card:card': { team: { speed: 2 } } })).toMatch(
      /team: "speed" is not one of the dimensions \(coordination\)/,
    );
    expect(await refused({ 'card:card': { milestones: { 'plan produced': 'yes' } } })).toMatch(
      /milestones\.plan produced must be true or false/,
    );
    expect(await refused({ 'card:card': { score: 3 } })).toMatch(/"score" is not part of a scorecard/);
    expect(await refused({ 'lock:lock': { contentions: { 2: 'deadlock' } } })).toMatch(
      /region 2 is past the item's contention regions \(it has 2, numbered from 0\)/,
    );
    expect(await refused({ 'lock:lock': { contentions: { 0: 'livelock' } } })).toMatch(
      /contentions\.0: "livelock" is not one of deadlock, benign/,
    );
    expect(await refused({ 'lock:lock': { contentions: { first: 'benign' } } })).toMatch(
      /"first" is not a region number/,
    );

    await submitAndRead(t, 'bob', 'run1', {
      'card:card': JSON.stringify({ agents: { Planner: { contribution: 4 } }, team: {}, milestones: {} }),
      'lock:lock': JSON.stringify({ contentions: { 0: 'benign', 1: 'benign' } }),
    });
    const lines = await jsonlRoundTrip(t, schemes, AGENT_RUNS);
    expect(lines.find((l) => l.annotator === 'ann').labels.lock).toEqual({
      contentions: { 0: 'benign', 1: 'deadlock' },
    });
    expect(await csvOf(t)).toContain('""Searcher"":{""contribution"":2}');
    const agreement = (await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema;
    expect(agreement.card).toMatchObject({ level: 'per_node', items_evaluated: 1 });
    expect(agreement.lock).toMatchObject({ level: 'per_node', items_evaluated: 1 });
    await t.close();
  });

  it('agent_interaction_graph stores the critical path and flagged edges of the trace, and refuses others', async () => {
    const GRAPH = { annotation_type: 'agent_interaction_graph', name: 'graph' };
    expect(loadScheme(GRAPH).extra).toMatchObject({ steps_key: 'steps', agent_key: 'agent' });
    const t = await serve([GRAPH], AGENT_RUNS);
    const read = await submitAndRead(t, 'ann', 'run1', {
      'graph:graph': JSON.stringify({
        critical_nodes: ['Searcher', 'Planner'],
        edges: { 'Searcher->Planner': 'problematic', 'Planner->Searcher': 'normal' },
      }),
    });
    expect(JSON.parse(read.annotations['graph:graph'])).toEqual({
      critical_nodes: ['Planner', 'Searcher'],
      edges: { 'Searcher->Planner': 'problematic' },
    });
    const refused = (v: unknown) => refusedAnswer(t, 'run1', { 'graph:graph': JSON.stringify(v) });
    expect(await refused({ critical_nodes: ['Booker'] })).toMatch(/"Booker" does not act in the trace/);
    expect(await refused({ edges: { 'Planner->Booker': 'critical' } })).toMatch(
      /"Planner->Booker" is not a transition of the trace \(its edges are Planner->Searcher, Searcher->Planner\)/,
    );
    expect(await refused({ edges: { 'Planner->Searcher': 'slow' } })).toMatch(/"slow" is not one of normal, critical/);
    expect(await refused({ critical_nodes: ['Planner', 'Planner'] })).toMatch(/an agent is given twice/);
    const lines = await jsonlRoundTrip(t, [GRAPH], AGENT_RUNS);
    expect(lines[0].labels.graph).toEqual({
      critical_nodes: ['Planner', 'Searcher'],
      edges: { 'Searcher->Planner': 'problematic' },
    });
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).status).toBe(200);
    await t.close();
  });
});
