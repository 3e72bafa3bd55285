/**
 * Two multi-agent runs, the same in the scheme tests and the browser tests: three steps between two agents (so
 * the interaction graph has both edges) and tool calls forming two contention regions.
 */
const steps = [
  { agent: 'Planner', content: 'Plan the booking' },
  { agent: 'Searcher', content: 'Cheapest is $520' },
  { agent: 'Planner', content: 'Book it anyway' },
];

// db (calls 0 and 2 overlap; call 3 starts as they end, so it is outside) and then lock (calls 4 and 5); smtp
// overlaps them in time but no other call uses it
const calls = [
  { agent: 'A', tool: 'read', resource: 'db', start: 0, end: 2 },
  { agent: 'B', tool: 'send', resource: 'smtp', start: 1, end: 3 },
  { agent: 'B', tool: 'write', resource: 'db', start: 1.5, end: 2.5 },
  { agent: 'A', tool: 'write', resource: 'db', start: 2.5, end: 4 },
  { agent: 'A', tool: 'acquire', resource: 'lock', start: 5, end: 9 },
  { agent: 'B', tool: 'acquire', resource: 'lock', start: 6, end: 7 },
];

export const AGENT_RUNS = [1, 2].map((n) => ({ id: `run${n}`, text: `Run ${n}`, steps, calls }));

export const SCORECARD = {
  annotation_type: 'agent_scorecard',
  name: 'card',
  scale: 4,
  agent_dimensions: ['role fidelity', 'contribution'],
  team_dimensions: ['coordination'],
  milestones: ['plan produced', 'result verified'],
};
