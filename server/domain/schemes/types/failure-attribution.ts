/**
 * failure_attribution: for a multi-agent trace that failed, which agent is responsible, which step was the
 * decisive error, and why. The agents to choose from are the config's `agents`, else those the trace's steps
 * name. Stored as Potato stores it: `"<scheme>:<scheme>"` → JSON {"responsible_agent", "decisive_step", "reason"}.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { isRecord } from '../answer-fields.js';
import { pastTrace, stepAgent, stepIndex, traceKeys, traceOf, traceType } from '../trace-steps.js';

const config = z.looseObject({
  ...traceKeys.shape,
  agents: z.array(z.union([z.string().min(1), z.number().transform(String)])).optional(),
});

type Attribution = { responsible_agent: string; decisive_step: number | null; reason: string };

const agentsOf = (scheme: Scheme) => (scheme.extra as { agents: string[] }).agents;

function parse(_scheme: Scheme, value: unknown): Attribution | AnswerError | null {
  if (!isRecord(value))
    return new AnswerError('a failure attribution is {"responsible_agent", "decisive_step", "reason"}');
  const agent = value.responsible_agent ?? '';
  if (typeof agent !== 'string') return new AnswerError('responsible_agent must be text (an agent of the trace)');
  const step = value.decisive_step ?? null;
  if (step !== null && !stepIndex(step)) return new AnswerError('decisive_step must be a whole number from 0, or null');
  const reason = value.reason ?? '';
  if (typeof reason !== 'string') return new AnswerError('reason must be text');
  // Potato's page clears the value when all three are empty
  if (!agent && step === null && !reason.trim()) return null;
  return { responsible_agent: agent, decisive_step: step, reason };
}

function checkSteps(scheme: Scheme, a: Attribution, steps: readonly unknown[]): AnswerError | null {
  if (a.decisive_step !== null && a.decisive_step >= steps.length)
    return pastTrace('decisive_step', a.decisive_step, steps.length);
  if (!a.responsible_agent) return null;
  const configured = agentsOf(scheme);
  const agentKey = traceOf(scheme).agent_key;
  const known = configured.length ? configured : [...new Set(steps.map((s) => stepAgent(s, agentKey)).filter(Boolean))];
  // a trace whose steps name no agents leaves the name to the annotator
  if (known.length && !known.includes(a.responsible_agent))
    return new AnswerError(
      `responsible_agent: "${a.responsible_agent.slice(0, 60)}" is not an agent of this trace (${known.join(', ')})`,
    );
  return null;
}

export const failureAttribution = traceType({
  type: 'failure_attribution',
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, parsed) {
    scheme.extra.agents = (parsed as z.infer<typeof config>).agents ?? [];
  },
  parse,
  checkSteps: (scheme, stored, steps) => checkSteps(scheme, stored as unknown as Attribution, steps),
  perStep: (_scheme, stored) => {
    const a = stored as unknown as Attribution;
    return { responsible_agent: a.responsible_agent, decisive_step: a.decisive_step };
  },
  stored: '"<scheme>:<scheme>" → JSON text of {"responsible_agent", "decisive_step", "reason"}',
  answerShape: z.object({
    responsible_agent: z.string().describe('the agent responsible, as the trace names it ("" when not chosen)'),
    decisive_step: z.number().int().nullable().describe('the decisive step, numbered from 0'),
    reason: z.string(),
  }),
  example: () => ({ responsible_agent: '', decisive_step: 0, reason: 'the first step went wrong' }),
});
