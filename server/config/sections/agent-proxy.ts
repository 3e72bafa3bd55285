/**
 * Potato's `agent_proxy`: the agent an annotator chats with on an `interactive_chat` item before judging the
 * conversation. `echo` answers with its `responses` in turn (for trying a project out); `openai` talks to any
 * OpenAI-compatible server through the AI layer's client. Potato's `http` (a POST to any URL the config names,
 * with the annotator's messages) and `coding` (runs model-written code in Docker) are refused at start-up by name:
 * neither is run by this server. `sandbox` bounds each conversation: steps, its length in time, the wait for a
 * reply and messages per minute.
 */
import { z } from 'zod';
import { aiSettingsFrom, type AiSettings } from './ai.js';
import type { AgentSettings } from '../../domain/agent-chat/agent-chat-service.js';

const seconds = z.number().positive().max(86_400);

export const agentProxySchema = z.lazy(() =>
  z.looseObject({
    type: z.string().min(1),
    responses: z.array(z.string().max(20_000)).min(1).max(1000).optional(),
    model: z.string().min(1).optional(),
    api_key: z.string().optional(),
    base_url: z
      .string()
      .refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'must be an http:// or https:// URL')
      .optional(),
    system_prompt: z.string().max(20_000).optional(),
    temperature: z.number().min(0).max(2).optional(),
    max_tokens: z.number().int().min(1).max(100_000).optional(),
    sandbox: z
      .looseObject({
        max_steps: z.number().int().min(1).max(1000).optional(),
        max_session_seconds: seconds.optional(),
        request_timeout_seconds: seconds.optional(),
        rate_limit_per_minute: z.number().int().min(1).max(10_000).optional(),
      })
      .optional(),
  }),
);

type RawAgentProxy = z.infer<typeof agentProxySchema>;

const REFUSED: Record<string, string> = {
  http: "is not run here (it posts the annotators' messages to a URL of the config's choosing); use type: openai with an OpenAI-compatible base_url",
  coding: "is not run here (it runs model-written code); the steps an item's data holds are reviewed instead",
};

/** The agent's settings, and the model endpoint of an `openai` agent; undefined without the section. */
export function readAgentProxy(
  raw: RawAgentProxy | undefined,
  refuse: (m: string) => never,
): { settings: AgentSettings; llm?: AiSettings } | undefined {
  if (!raw) return undefined;
  const type = raw.type.trim().toLowerCase();
  if (REFUSED[type]) refuse(`agent_proxy.type: "${type}" ${REFUSED[type]}`);
  if (type !== 'echo' && type !== 'openai')
    refuse(
      `agent_proxy.type: must be echo or openai (Potato's http and coding agents are not run here), not "${type}"`,
    );
  const sandbox = raw.sandbox ?? {};
  const settings: AgentSettings = {
    type,
    responses: raw.responses ?? ['This is an echo response.'],
    systemPrompt: raw.system_prompt ?? '',
    maxSteps: sandbox.max_steps ?? 20,
    maxSessionMs: (sandbox.max_session_seconds ?? 600) * 1000,
    ratePerMinute: sandbox.rate_limit_per_minute ?? 10,
  };
  if (type === 'echo') return { settings };
  const timeout = sandbox.request_timeout_seconds ?? 60;
  const llm = aiSettingsFrom({
    endpoint_type: 'openai',
    ai_config: { model: raw.model ?? 'gpt-4o', api_key: raw.api_key, base_url: raw.base_url, timeout },
  });
  return { settings, llm: { ...llm, temperature: raw.temperature ?? 0.7, maxTokens: raw.max_tokens ?? 1024 } };
}
