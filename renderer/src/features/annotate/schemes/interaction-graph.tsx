/**
 * agent_interaction_graph: the run's graph as cards the keyboard moves through: a card per agent (node), then a
 * card per transition between agents (edge, "A → B", found as the server finds them). On a node `1` puts it on the
 * critical path or takes it off; on an edge `1` normal, `2` critical, `3` problematic. A line under the cards
 * lists what is marked, so nothing is said by colour alone.
 */
import type { Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { Options } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { StepList, setAnswer, stepKeys, storedAnswer, traceSteps, type TraceStep } from './trace-steps.js';

type Graph = { critical_nodes: string[]; edges: Record<string, string> };
type Card = TraceStep & { node?: string; edge?: string };

const EMPTY: Graph = { critical_nodes: [], edges: {} };
const graphOf = (a: Answers, scheme: Scheme) => ({ ...EMPTY, ...storedAnswer<Partial<Graph>>(a, scheme, EMPTY) });
const MARKS = ['normal', 'critical', 'problematic'];

function cardsOf(steps: TraceStep[] | null): Card[] | null {
  if (!steps) return null;
  const agents = [...new Set(steps.map((s) => s.agent).filter(Boolean))];
  const edges = new Set<string>();
  for (let i = 1; i < steps.length; i++) {
    const from = steps[i - 1].agent;
    const to = steps[i].agent;
    if (from && to && from !== to) edges.add(`${from}->${to}`);
  }
  return [
    ...agents.map((node) => ({ node, agent: node, text: 'agent' })),
    ...[...edges].map((edge) => ({ edge, agent: edge.replace('->', ' → '), text: 'handoff' })),
  ].map((c, index) => ({ ...c, index, raw: null }));
}

function withMark(g: Graph, card: Card, mark: string): Graph | null {
  const next: Graph = { critical_nodes: [...g.critical_nodes], edges: { ...g.edges } };
  if (card.node) {
    next.critical_nodes = next.critical_nodes.filter((n) => n !== card.node);
    if (mark === 'critical') next.critical_nodes = [...next.critical_nodes, card.node].sort();
  } else if (card.edge) {
    delete next.edges[card.edge];
    if (mark !== 'normal') next.edges[card.edge] = mark;
  }
  return next.critical_nodes.length || Object.keys(next.edges).length ? next : null;
}

function GraphField({ scheme, answers, update, instance }: FieldProps) {
  const cards = cardsOf(traceSteps(scheme, instance));
  const g = graphOf(answers, scheme);
  const markOf = (c: Card) =>
    c.node ? (g.critical_nodes.includes(c.node) ? 'critical' : 'normal') : (g.edges[c.edge!] ?? 'normal');
  const set = (card: Card, mark: string) =>
    update((a) => setAnswer(a, scheme, withMark(graphOf(a, scheme), card, mark)));
  const flagged = Object.entries(g.edges).map(([e, m]) => `${e.replace('->', ' → ')} ${m}`);
  return (
    <StepList
      scheme={scheme}
      steps={cards}
      unit="Graph"
      className="scheme-agent_interaction_graph"
      stepClass={(s) => (cards && markOf(cards[s.index]) !== 'normal' ? 'tagged' : '')}
      onDigit={(s, n) => {
        const card = cards![s.index];
        if (card.node) {
          if (n !== 0) return false;
          set(card, markOf(card) === 'critical' ? 'normal' : 'critical');
          return true;
        }
        if (n > 2) return false;
        set(card, MARKS[n]);
        return true;
      }}
      onClear={(s) => set(cards![s.index], 'normal')}
      foot={
        <p className="trace-hint" aria-live="polite" data-testid={`${scheme.name}-summary`}>
          Critical path: {g.critical_nodes.join(', ') || 'none'}. Flagged edges: {flagged.join('; ') || 'none'}.
        </p>
      }
    >
      {(s) => {
        const card = cards![s.index];
        const options = card.node
          ? [
              { value: 'normal', text: 'not critical' },
              { value: 'critical', text: 'on the critical path', binding: '1' },
            ]
          : MARKS.map((m, i) => ({ value: m, text: m, binding: String(i + 1) }));
        return (
          <Options
            name={`scheme-${scheme.name}-${s.index}`}
            label={`${card.node ? 'Agent' : 'Edge'} ${card.agent}`}
            chosen={markOf(card)}
            options={options}
            keyOf={(b) => b}
            onPick={(m) => set(card, m || 'normal')}
          />
        );
      }}
    </StepList>
  );
}

export const agentInteractionGraph: SchemeUi = {
  kind: 'value',
  Field: GraphField,
  fieldKeys: (s) =>
    stepKeys(
      s.name,
      'on an agent 1 puts it on the critical path or takes it off; on an edge 1 normal, 2 critical, 3 problematic',
    ),
  applyAnswer: (a, scheme, value) =>
    setAnswer(a, scheme, value && typeof value === 'object' && !Array.isArray(value) ? value : null),
};
