/**
 * agent_interaction_graph: the run as a graph whose nodes are the trace's agents and whose edges are the
 * transitions between them (a step by another agent than the step before, "A->B"); the annotator marks the
 * agents on the critical path and flags edges as critical or problematic. Stored as Potato stores it:
 * `"<scheme>:<scheme>"` → JSON {"critical_nodes": [agent, …], "edges": {"A->B": "critical"|"problematic"}}.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { isRecord } from '../answer-fields.js';
import { stepAgent, stepsOf, traceAgents, traceKeys, traceOf, traceType } from '../trace-steps.js';

const config = z.looseObject({ ...traceKeys.shape });
const EDGE_MARKS = ['critical', 'problematic'];

type Graph = { critical_nodes: string[]; edges: Record<string, string> };

/** The trace's edges, each once, in the order they first happen. */
function traceEdges(steps: readonly unknown[], agentKey: string): string[] {
  const out = new Set<string>();
  for (let i = 1; i < steps.length; i++) {
    const from = stepAgent(steps[i - 1], agentKey);
    const to = stepAgent(steps[i], agentKey);
    if (from && to && from !== to) out.add(`${from}->${to}`);
  }
  return [...out];
}

function parse(_scheme: Scheme, value: unknown): Graph | AnswerError | null {
  if (!isRecord(value))
    return new AnswerError('an interaction graph answer is {"critical_nodes": [...], "edges": {...}}');
  for (const key of Object.keys(value))
    if (!['critical_nodes', 'edges'].includes(key))
      return new AnswerError(
        `${JSON.stringify(key)} is not part of an interaction graph answer (critical_nodes, edges)`,
      );
  const nodes = value.critical_nodes ?? [];
  if (!Array.isArray(nodes) || !nodes.every((n) => typeof n === 'string' && n))
    return new AnswerError('critical_nodes must be a list of agent names');
  if (new Set(nodes).size !== nodes.length) return new AnswerError('critical_nodes: an agent is given twice');
  const edges = value.edges ?? {};
  if (!isRecord(edges)) return new AnswerError('edges must be {"A->B": "critical" or "problematic"}');
  const out: Record<string, string> = {};
  for (const [edge, mark] of Object.entries(edges)) {
    if (!/^.+->.+$/.test(edge)) return new AnswerError(`edges: ${JSON.stringify(edge)} is not an edge ("A->B")`);
    if (mark === null || mark === '' || mark === 'normal') continue;
    if (typeof mark !== 'string' || !EDGE_MARKS.includes(mark))
      return new AnswerError(`edges.${edge}: ${JSON.stringify(mark)} is not one of normal, critical, problematic`);
    out[edge] = mark;
  }
  if (!nodes.length && !Object.keys(out).length) return null;
  const sorted = Object.keys(out).sort();
  return { critical_nodes: [...(nodes as string[])].sort(), edges: Object.fromEntries(sorted.map((e) => [e, out[e]])) };
}

export const agentInteractionGraph = traceType({
  type: 'agent_interaction_graph',
  config,
  keys: Object.keys(config.shape),
  normalize: () => {},
  parse,
  checkSteps(scheme, stored, steps) {
    const g = stored as unknown as Graph;
    const agents = traceAgents(steps, traceOf(scheme).agent_key);
    for (const n of g.critical_nodes)
      if (!agents.includes(n))
        return new AnswerError(
          `critical_nodes: ${JSON.stringify(n)} does not act in the trace (its agents are ${agents.join(', ') || 'none'})`,
        );
    const edges = traceEdges(steps, traceOf(scheme).agent_key);
    for (const e of Object.keys(g.edges))
      if (!edges.includes(e))
        return new AnswerError(
          `edges: ${JSON.stringify(e)} is not a transition of the trace (its edges are ${edges.join(', ') || 'none'})`,
        );
    return null;
  },
  // compared node by node (on the critical path or not, for the nodes either marked) and edge by edge
  perStep: (_scheme, stored) => {
    const g = stored as unknown as Graph;
    return { ...Object.fromEntries(g.critical_nodes.map((n) => [`node ${n}`, 'critical'])), ...g.edges };
  },
  stored:
    '"<scheme>:<scheme>" → JSON text of {"critical_nodes": [agent, …], "edges": {"A->B": "critical"|"problematic"}}',
  answerShape: z.object({
    critical_nodes: z.array(z.string()).describe('the agents on the critical path'),
    edges: z
      .record(z.string().describe('a transition of the trace, "A->B"'), z.enum(['critical', 'problematic']))
      .describe('the flagged edges; an edge left out is normal'),
  }),
  example(scheme, item) {
    const agents = traceAgents(stepsOf(item, traceOf(scheme).steps_key) ?? [], traceOf(scheme).agent_key);
    return { critical_nodes: agents.slice(0, 1), edges: {} };
  },
});
