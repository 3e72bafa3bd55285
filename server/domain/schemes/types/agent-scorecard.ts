/**
 * agent_scorecard: a multi-agent run scored on two levels, each agent of the trace on the agent dimensions and the
 * team on the team dimensions (1 to `scale`), with the milestones the run reached checked off. Stored as Potato
 * stores it: `"<scheme>:<scheme>"` → JSON {"agents": {agent: {dimension: score}}, "team": {dimension: score},
 * "milestones": {milestone: true|false}}, with only what was answered.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { isRecord } from '../answer-fields.js';
import { ownKeys, stepsOf, traceAgents, traceKeys, traceOf, traceType } from '../trace-steps.js';

const names = z.array(z.union([z.string().min(1), z.number().transform(String)]));
const config = z.looseObject({
  ...traceKeys.shape,
  scale: z.coerce.number().int().min(2).max(10).optional(),
  agent_dimensions: names.min(1).optional(),
  team_dimensions: names.optional(),
  milestones: names.optional(),
});

interface ScorecardKeys {
  scale: number;
  agent_dimensions: string[];
  team_dimensions: string[];
  milestones: string[];
}
const keysOf = (scheme: Scheme) => scheme.extra as unknown as ScorecardKeys;

type Scores = Record<string, number>;
type Scorecard = {
  agents: Record<string, Scores>;
  team: Scores;
  milestones: Record<string, boolean>;
};

/** Scores on the named dimensions, in the scheme's order; refuses an unknown dimension or a score off the scale. */
function scoresOf(value: unknown, dims: string[], scale: number, where: string): Scores | AnswerError {
  if (!isRecord(value)) return new AnswerError(`${where} must be {dimension: score}`);
  for (const [dim, score] of Object.entries(value)) {
    if (!dims.includes(dim))
      return new AnswerError(
        `${where}: ${JSON.stringify(dim)} is not one of the dimensions (${dims.join(', ') || 'none'})`,
      );
    if (score !== null && (!Number.isInteger(score) || (score as number) < 1 || (score as number) > scale))
      return new AnswerError(`${where}.${dim} must be a whole number from 1 to ${scale}, or null`);
  }
  return Object.fromEntries(dims.filter((d) => typeof value[d] === 'number').map((d) => [d, value[d] as number]));
}

function parse(scheme: Scheme, value: unknown): Scorecard | AnswerError | null {
  const k = keysOf(scheme);
  if (!isRecord(value))
    return new AnswerError('an agent scorecard answer is {"agents": {...}, "team": {...}, "milestones": {...}}');
  for (const key of Object.keys(value))
    if (!['agents', 'team', 'milestones'].includes(key))
      return new AnswerError(`${JSON.stringify(key)} is not part of a scorecard (agents, team, milestones)`);
  const agentsIn = value.agents ?? {};
  if (!isRecord(agentsIn)) return new AnswerError('agents must be {agent: {dimension: score}}');
  const agents: Scorecard['agents'] = {};
  for (const [agent, scores] of Object.entries(agentsIn)) {
    const s = scoresOf(scores, k.agent_dimensions, k.scale, `agents.${agent}`);
    if (s instanceof AnswerError) return s;
    if (Object.keys(s).length) agents[agent] = s;
  }
  const team = scoresOf(value.team ?? {}, k.team_dimensions, k.scale, 'team');
  if (team instanceof AnswerError) return team;
  const reached = value.milestones ?? {};
  if (!isRecord(reached)) return new AnswerError('milestones must be {milestone: true or false}');
  for (const [m, v] of Object.entries(reached)) {
    if (!k.milestones.includes(m))
      return new AnswerError(
        `milestones: ${JSON.stringify(m)} is not one of the milestones (${k.milestones.join(', ') || 'none'})`,
      );
    if (typeof v !== 'boolean' && v !== null) return new AnswerError(`milestones.${m} must be true or false`);
  }
  const milestones = Object.fromEntries(
    k.milestones.filter((m) => typeof reached[m] === 'boolean').map((m) => [m, reached[m] as boolean]),
  );
  if (!Object.keys(agents).length && !Object.keys(team).length && !Object.keys(milestones).length) return null;
  // agents in name order, so the same answer is stored the same however it was sent
  const sorted = Object.fromEntries(
    Object.keys(agents)
      .sort()
      .map((a) => [a, agents[a]]),
  );
  return { agents: sorted, team, milestones };
}

export const agentScorecard = traceType({
  type: 'agent_scorecard',
  config,
  keys: Object.keys(config.shape),
  normalize: (scheme, parsed, fail) =>
    ownKeys<ScorecardKeys>(
      scheme,
      parsed,
      {
        scale: 5,
        agent_dimensions: ['role_fidelity', 'contribution', 'coordination'],
        team_dimensions: ['coordination', 'communication', 'efficiency'],
        milestones: [],
      },
      fail,
      { agent_dimensions: 'dimension', team_dimensions: 'dimension', milestones: 'milestone' },
    ),
  parse,
  checkSteps(scheme, stored, steps) {
    const agents = traceAgents(steps, traceOf(scheme).agent_key);
    for (const agent of Object.keys((stored as unknown as Scorecard).agents))
      if (!agents.includes(agent))
        return new AnswerError(
          `agents: ${JSON.stringify(agent)} does not act in the trace (its agents are ${agents.join(', ') || 'none'})`,
        );
    return null;
  },
  // compared score by score: each agent's dimensions, the team's, and each milestone
  perStep(_scheme, stored) {
    const card = stored as unknown as Scorecard;
    return {
      ...Object.fromEntries(
        Object.entries(card.agents).flatMap(([a, s]) => Object.entries(s).map(([d, v]) => [`${a} · ${d}`, v])),
      ),
      ...Object.fromEntries(Object.entries(card.team).map(([d, v]) => [`team · ${d}`, v])),
      ...Object.fromEntries(Object.entries(card.milestones).map(([m, v]) => [`milestone · ${m}`, v])),
    };
  },
  stored:
    '"<scheme>:<scheme>" → JSON text of {"agents": {agent: {dimension: score}}, "team": {dimension: score}, "milestones": {milestone: true|false}}',
  answerShape: z.object({
    agents: z
      .record(z.string().describe('an agent acting in the trace'), z.record(z.string(), z.number().int()))
      .describe("each agent's score (1 to scale) per agent dimension"),
    team: z.record(z.string(), z.number().int()).describe("the team's score per team dimension"),
    milestones: z.record(z.string(), z.boolean()).describe('whether the run reached each milestone'),
  }),
  example(scheme, item) {
    const k = keysOf(scheme);
    const agent = traceAgents(stepsOf(item, traceOf(scheme).steps_key) ?? [], traceOf(scheme).agent_key)[0];
    if (agent) return { agents: { [agent]: { [k.agent_dimensions[0]]: 1 } }, team: {}, milestones: {} };
    if (k.team_dimensions.length) return { agents: {}, team: { [k.team_dimensions[0]]: 1 }, milestones: {} };
    return { agents: {}, team: {}, milestones: { [k.milestones[0]]: true } };
  },
});
