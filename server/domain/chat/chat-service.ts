/**
 * Potato's chat support: per annotator and item, a conversation with a model about the item. Each exchange is
 * stored whole: the annotator's message and the model's reply are written together once the reply is there, so a
 * model that fails or times out leaves the conversation as it was (the error goes back to the annotator, who may
 * send again). The model's reply is text; nothing in it is ever read as markup.
 */
import { conflict, invalid, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import type { Instance } from '../task.js';
import type { LlmClient } from '../ai/llm.js';
import { fillTemplate } from './system-prompt.js';

export interface ChatSettings {
  enabled: boolean;
  title: string;
  placeholder: string;
  sidebarWidth: number;
  /** messages kept per annotator and item (both sides); a conversation that is full refuses more */
  maxHistory: number;
  template: string;
}

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  /** seconds since the epoch, as Potato stores it */
  timestamp: number;
  instance_id: string;
  /** assistant messages: how long the model took */
  response_time_ms?: number;
}

interface ChatLog {
  username: string;
  instance_id: string;
  messages: ChatMessage[];
}

declare module '../ports.js' {
  interface Tables {
    /** `<username>\u0001<instance id>` → the annotator's chat about that item */
    chat_logs: ChatLog;
  }
}

const chatKey = (username: string, instanceId: string) => `${username}\u0001${instanceId}`;

/** What the prompt says about the task, fixed at start-up. */
export interface ChatContext {
  taskName: string;
  taskDescription: string;
  labels: string;
}

export class ChatService {
  /** conversations with a model call under way: a second message waits for the first reply */
  private readonly busy = new Set<string>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    readonly settings: ChatSettings,
    private readonly llm: LlmClient | undefined,
    private readonly context: ChatContext,
  ) {}

  config() {
    const s = this.settings;
    return {
      enabled: s.enabled,
      title: s.title,
      placeholder: s.placeholder,
      sidebar_width: s.sidebarWidth,
      max_history_per_instance: s.maxHistory,
      ...(this.llm && { provider: this.llm.name, model: this.llm.model }),
    };
  }

  history(username: string, instanceId: string): ChatMessage[] {
    return this.store.get('chat_logs', chatKey(username, instanceId))?.messages ?? [];
  }

  async send(username: string, instance: Instance, message: string) {
    if (!this.settings.enabled || !this.llm)
      throw unavailable(
        'chat is not enabled in this project: the project owner turns it on with chat_support: {enabled: true, endpoint_type, ai_config: {model}}',
      );
    const key = chatKey(username, instance.id);
    const earlier = this.history(username, instance.id);
    if (earlier.length + 2 > this.settings.maxHistory)
      throw invalid(
        `message: this conversation has reached its ${this.settings.maxHistory} messages (chat_support.ui.max_history_per_instance)`,
      );
    if (this.busy.has(key)) throw conflict('message: the previous message in this chat is still being answered');
    this.busy.add(key);
    try {
      const sent = this.clock.now();
      const reply = await this.llm.complete({
        system: fillTemplate(this.settings.template, {
          task_name: this.context.taskName,
          task_description: this.context.taskDescription,
          annotation_labels: this.context.labels,
          instance_text: instance.text,
          instance_id: instance.id,
        }),
        history: earlier.map((m) => ({ role: m.role, content: m.content })),
        user: message,
        freeText: true,
      });
      const answered = this.clock.now();
      const responseTime = Math.max(1, Math.round(answered - sent));
      const mine: ChatMessage = { role: 'user', content: message, timestamp: sent / 1000, instance_id: instance.id };
      const theirs: ChatMessage = {
        role: 'assistant',
        content: reply,
        timestamp: answered / 1000,
        instance_id: instance.id,
        response_time_ms: responseTime,
      };
      await this.store.write([
        {
          table: 'chat_logs',
          key,
          value: { username, instance_id: instance.id, messages: [...earlier, mine, theirs] },
        },
      ]);
      return { content: reply, response_time_ms: responseTime, instance_id: instance.id };
    } finally {
      this.busy.delete(key);
    }
  }
}
