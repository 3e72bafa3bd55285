/**
 * Potato's live model features, wired beside compose.ts: the chat sidebar (chat_support) and the interactive
 * agent (agent_proxy), and the web agent's recorder and its proxy. Each model is reached through the AI layer's
 * clients, over its own section's endpoint.
 */
import type { ComposeInput } from './services.js';
import { ChatService } from './domain/chat/chat-service.js';
import { AgentChatService } from './domain/agent-chat/agent-chat-service.js';
import { createLlmClient } from './io/llm-clients.js';
import { WebAgentRecordings } from './domain/web-agent/recordings.js';
import { WebProxy } from './domain/web-agent/web-proxy.js';
import { proxyFetch } from './io/web-proxy-fetch.js';
import { randomBytes } from 'node:crypto';

export function composeAgents({ config, store, clock }: Pick<ComposeInput, 'config' | 'store' | 'clock'>) {
  const { chat, agentProxy, task, raw } = config;
  const labels = task.schemes
    .map((s) => `${s.name}${s.labels.length ? ` (${s.labels.map((l) => l.name).join(', ')})` : ''}`)
    .join('; ');
  return {
    chat: new ChatService(
      store,
      clock,
      chat.settings,
      chat.llm && createLlmClient(chat.llm, 'chat_support.ai_config.timeout'),
      {
        taskName: raw.annotation_task_name ?? '',
        taskDescription: (raw as { annotation_task_description?: string }).annotation_task_description ?? '',
        labels,
      },
    ),
    agentChat: new AgentChatService(
      store,
      clock,
      agentProxy?.settings,
      agentProxy?.llm && createLlmClient(agentProxy.llm, 'agent_proxy.sandbox.request_timeout_seconds'),
    ),
    webAgent: new WebAgentRecordings(store, clock, () => randomBytes(12).toString('base64url')),
    webProxy: new WebProxy(config.webProxy, proxyFetch),
  };
}
