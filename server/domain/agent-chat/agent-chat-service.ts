/**
 * Potato's interactive agent chat: on an item whose display has an `interactive_chat` field, the annotator talks
 * with the configured agent, then finishes the conversation and judges it. One conversation per annotator and
 * item, kept in the store: each step (the annotator's message and the agent's reply) is written whole once the
 * reply is there, so an agent that fails leaves the conversation as it was. Finishing keeps the conversation as
 * the item's dialogue for that annotator (Potato writes it into the item itself, which every annotator shares).
 */
import { DomainError, conflict, invalid, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import type { Instance } from '../task.js';
import type { LlmClient } from '../ai/llm.js';
import { RateWindow } from './rate-window.js';

export interface AgentSettings {
  type: string;
  /** echo: the replies, in turn */
  responses: string[];
  systemPrompt: string;
  maxSteps: number;
  maxSessionMs: number;
  ratePerMinute: number;
}

interface AgentMessage {
  role: 'user' | 'agent';
  content: string;
  /** seconds since the epoch */
  timestamp: number;
}

export interface AgentChat {
  username: string;
  instance_id: string;
  /** ms since the epoch of the first message */
  started_at: number;
  messages: AgentMessage[];
  step_count: number;
  /** set by finish: the conversation as the item's dialogue, turn by turn */
  finished_at?: number;
  conversation?: { speaker: 'User' | 'Agent'; text: string }[];
}

declare module '../ports.js' {
  interface Tables {
    /** `<username>\u0001<instance id>` → the annotator's conversation with the agent on that item */
    agent_chats: AgentChat;
  }
}

const chatKey = (username: string, instanceId: string) => `${username}\u0001${instanceId}`;
const NOT_CONFIGURED =
  'no agent is configured in this project: the project owner adds agent_proxy: {type: echo | openai, …} to the config';

export class AgentChatService {
  private readonly busy = new Set<string>();
  private readonly rate: RateWindow;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    readonly settings: AgentSettings | undefined,
    private readonly llm: LlmClient | undefined,
  ) {
    this.rate = new RateWindow(60_000, settings?.ratePerMinute ?? 1);
  }

  private chat(username: string, instanceId: string): AgentChat | undefined {
    return this.store.get('agent_chats', chatKey(username, instanceId));
  }

  status(username: string, instanceId: string) {
    const chat = this.chat(username, instanceId);
    return {
      instance_id: instanceId,
      active: !!chat && chat.finished_at === undefined,
      finished: chat?.finished_at !== undefined,
      messages: chat?.messages ?? [],
      step_count: chat?.step_count ?? 0,
      max_steps: this.settings?.maxSteps ?? 0,
      ...(chat?.conversation && { conversation: chat.conversation }),
    };
  }

  async send(username: string, instance: Instance, message: string) {
    const settings = this.settings;
    if (!settings) throw unavailable(NOT_CONFIGURED);
    const key = chatKey(username, instance.id);
    const chat = this.chat(username, instance.id);
    const now = this.clock.now();
    if (chat?.finished_at !== undefined)
      throw invalid('this chat is finished: the conversation is kept for annotation and takes no more messages');
    if ((chat?.step_count ?? 0) >= settings.maxSteps)
      throw invalid(
        `Step limit reached: ${settings.maxSteps} steps (agent_proxy.sandbox.max_steps); finish the chat to annotate it`,
      );
    if (chat && now - chat.started_at > settings.maxSessionMs)
      throw invalid(
        `Session time limit reached: ${settings.maxSessionMs / 1000} s (agent_proxy.sandbox.max_session_seconds); finish the chat to annotate it`,
      );
    if (this.busy.has(key)) throw conflict('message: the agent is still answering the previous message');
    if (!this.rate.take(username, now))
      throw new DomainError(
        'too_many',
        `more than ${settings.ratePerMinute} messages a minute (agent_proxy.sandbox.rate_limit_per_minute); wait a moment`,
      );
    this.busy.add(key);
    try {
      const earlier = chat?.messages ?? [];
      const steps = chat?.step_count ?? 0;
      const reply =
        settings.type === 'echo' || !this.llm
          ? settings.responses[steps % settings.responses.length]
          : await this.llm.complete({
              system: settings.systemPrompt || `You are an assistant helping with this task: ${instance.text}`,
              history: earlier.map((m) => ({ role: m.role === 'agent' ? 'assistant' : 'user', content: m.content })),
              user: message,
              freeText: true,
            });
      const answered = this.clock.now();
      const next: AgentChat = {
        username,
        instance_id: instance.id,
        started_at: chat?.started_at ?? now,
        messages: [
          ...earlier,
          { role: 'user', content: message, timestamp: now / 1000 },
          { role: 'agent', content: reply, timestamp: answered / 1000 },
        ],
        step_count: steps + 1,
      };
      await this.store.write([{ table: 'agent_chats', key, value: next }]);
      return { content: reply, role: 'agent' as const, step_count: next.step_count, max_steps: settings.maxSteps };
    } finally {
      this.busy.delete(key);
    }
  }

  async finish(username: string, instanceId: string) {
    if (!this.settings) throw unavailable(NOT_CONFIGURED);
    const chat = this.chat(username, instanceId);
    if (!chat?.messages.length) throw invalid('No active chat session: send the agent a message first');
    if (chat.finished_at !== undefined) throw invalid('Chat session already finished');
    const conversation = chat.messages.map((m) => ({
      speaker: m.role === 'user' ? ('User' as const) : ('Agent' as const),
      text: m.content,
    }));
    await this.store.write([
      {
        table: 'agent_chats',
        key: chatKey(username, instanceId),
        value: { ...chat, finished_at: this.clock.now(), conversation },
      },
    ]);
    return { success: true as const, message_count: conversation.length };
  }
}
