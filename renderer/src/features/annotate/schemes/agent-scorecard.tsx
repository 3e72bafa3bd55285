/**
 * agent_scorecard: the scorecard as a list of rows the keyboard moves through: each agent of the trace on each
 * agent dimension, then the team on each team dimension, then each milestone. The number row scores the focused
 * row (1 to scale; a milestone: 1 reached, 2 not reached) and moves on; Delete clears it.
 */
import type { Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { Options, extraOf } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { StepList, setAnswer, stepKeys, storedAnswer, traceSteps, type TraceStep } from './trace-steps.js';

interface ScorecardKeys {
  scale: number;
  agent_dimensions: string[];
  team_dimensions: string[];
  milestones: string[];
}

interface Scorecard {
  agents: Record<string, Record<string, number>>;
  team: Record<string, number>;
  milestones: Record<string, boolean>;
}

/** A row of the scorecard: whose score (an agent, the team) or which milestone. */
type Row = TraceStep & { who: string | null; item: string; milestone: boolean };

const EMPTY: Scorecard = { agents: {}, team: {}, milestones: {} };
const cardOf = (a: Answers, scheme: Scheme) => ({ ...EMPTY, ...storedAnswer<Partial<Scorecard>>(a, scheme, EMPTY) });
const humanize = (s: string) => s.replace(/_/g, ' ');
const REACHED = [
  { value: 'true', text: 'reached', binding: '1' },
  { value: 'false', text: 'not reached', binding: '2' },
];

function rowsOf(k: ScorecardKeys, steps: TraceStep[] | null): Row[] {
  const agents = [...new Set((steps ?? []).map((s) => s.agent).filter(Boolean))];
  const specs = [
    ...agents.flatMap((a) => k.agent_dimensions.map((d) => ({ who: a, item: d, milestone: false }))),
    ...k.team_dimensions.map((d) => ({ who: null, item: d, milestone: false })),
    ...k.milestones.map((m) => ({ who: null, item: m, milestone: true })),
  ];
  return specs.map((r, index) => ({
    ...r,
    index,
    agent: r.milestone ? 'Milestone' : (r.who ?? 'Team'),
    text: humanize(r.item),
    raw: null,
  }));
}

/** The row's value in the card: a score, true/false for a milestone, or undefined. */
function valueAt(card: Scorecard, row: Row): number | boolean | undefined {
  if (row.milestone) return card.milestones[row.item];
  return row.who ? card.agents[row.who]?.[row.item] : card.team[row.item];
}

function withValue(card: Scorecard, row: Row, value: number | boolean | undefined): Scorecard | null {
  const drop = <T,>(rec: Record<string, T>, key: string, v: T | undefined) => {
    const out = { ...rec };
    if (v === undefined) delete out[key];
    else out[key] = v;
    return out;
  };
  const next: Scorecard = { agents: { ...card.agents }, team: card.team, milestones: card.milestones };
  if (row.milestone) next.milestones = drop(card.milestones, row.item, value as boolean | undefined);
  else if (!row.who) next.team = drop(card.team, row.item, value as number | undefined);
  else {
    const scores = drop(card.agents[row.who] ?? {}, row.item, value as number | undefined);
    if (Object.keys(scores).length) next.agents[row.who] = scores;
    else delete next.agents[row.who];
  }
  const empty = ![next.agents, next.team, next.milestones].some((r) => Object.keys(r).length);
  return empty ? null : next;
}

function ScorecardField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<ScorecardKeys>(scheme);
  const steps = traceSteps(scheme, instance);
  const rows = steps ? rowsOf(k, steps) : null;
  const card = cardOf(answers, scheme);
  const set = (row: Row, value: number | boolean | undefined) =>
    update((a) => setAnswer(a, scheme, withValue(cardOf(a, scheme), row, value)));
  const scale = Array.from({ length: k.scale }, (_, i) => String(i + 1));
  return (
    <StepList
      scheme={scheme}
      steps={rows}
      unit="Row"
      className="scheme-agent_scorecard"
      stepClass={(s) => (rows && valueAt(card, rows[s.index]) !== undefined ? 'tagged' : '')}
      onDigit={(s, n) => {
        const row = rows![s.index];
        if (row.milestone) {
          if (n > 1) return false;
          set(row, valueAt(card, row) === (n === 0) ? undefined : n === 0);
          return true;
        }
        if (n >= k.scale) return false;
        set(row, valueAt(card, row) === n + 1 ? undefined : n + 1);
        return true;
      }}
      onClear={(s) => set(rows![s.index], undefined)}
    >
      {(s) => {
        const row = rows![s.index];
        const value = valueAt(card, row);
        const label = `${row.agent}: ${row.text}`;
        return row.milestone ? (
          <Options
            name={`scheme-${scheme.name}-${s.index}`}
            label={label}
            chosen={value === undefined ? '' : String(value)}
            options={REACHED}
            keyOf={(b) => b}
            onPick={(v) => set(row, v ? v === 'true' : undefined)}
          />
        ) : (
          <Options
            name={`scheme-${scheme.name}-${s.index}`}
            label={label}
            chosen={value === undefined ? '' : String(value)}
            options={scale.map((q) => ({ value: q, text: q, binding: Number(q) <= 10 ? q.slice(-1) : undefined }))}
            keyOf={(b) => b}
            onPick={(v) => set(row, v ? Number(v) : undefined)}
          />
        );
      }}
    </StepList>
  );
}

export const agentScorecard: SchemeUi = {
  kind: 'value',
  Field: ScorecardField,
  fieldKeys: (s) => {
    const k = extraOf<ScorecardKeys>(s);
    return stepKeys(
      s.name,
      `score the focused row (1–${k.scale})${k.milestones.length ? '; a milestone: 1 reached, 2 not reached' : ''}`,
    );
  },
  applyAnswer: (a, scheme, value) =>
    setAnswer(a, scheme, value && typeof value === 'object' && !Array.isArray(value) ? value : null),
};
