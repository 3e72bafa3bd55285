/**
 * Potato's `chat_support`: a sidebar where the annotator talks with a model about the item in front of them. The
 * model is reached through the same clients as the AI assistant (`endpoint_type` and `ai_config` spelled as in
 * `ai_support`), so a chat needs a model endpoint: the embedded learner cannot talk. Potato's defaults apply
 * (temperature 0.7, 500 tokens). A section that is off is read but not checked, so an old key does not stop a
 * project from starting.
 */
import { z } from 'zod';
import { looseBoolean } from '../loose-values.js';
import { aiConfigSchema, aiSettingsFrom, aiSupportSchema, type AiSettings } from './ai.js';
import type { ChatSettings } from '../../domain/chat/chat-service.js';
import { CHAT_OFF, DEFAULT_TEMPLATE } from '../../domain/chat/system-prompt.js';

export const chatSupportSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    endpoint_type: z.string().optional(),
    ai_config: aiConfigSchema.optional(),
    system_prompt: z.looseObject({ template: z.string().min(1).max(20_000).optional() }).optional(),
    ui: z
      .looseObject({
        title: z.string().max(200).optional(),
        placeholder: z.string().max(500).optional(),
        sidebar_width: z.number().int().min(200).max(800).optional(),
        max_history_per_instance: z.number().int().min(2).max(1000).optional(),
      })
      .optional(),
  }),
);

type RawChat = z.infer<typeof chatSupportSchema>;

/** The chat's settings and the model endpoint it talks to (undefined while the chat is off). */
export function readChatSupport(
  raw: RawChat | undefined,
  refuse: (m: string) => never,
): { settings: ChatSettings; llm?: AiSettings } {
  if (!raw || raw.enabled !== true) return { settings: CHAT_OFF };
  const endpoint = aiSupportSchema.safeParse({ endpoint_type: raw.endpoint_type, ai_config: raw.ai_config });
  if (!endpoint.success) {
    const issue = endpoint.error.issues[0];
    refuse(`chat_support.${issue.path.join('.')}: ${issue.message}`);
  }
  const llm = aiSettingsFrom(endpoint.data);
  if (llm.endpointType === 'embedded')
    refuse(
      'chat_support.endpoint_type: a chat needs a model endpoint (ollama, openai, anthropic, vllm, open_router); the embedded learner only suggests labels',
    );
  const c = raw.ai_config ?? {};
  const ui = raw.ui ?? {};
  return {
    settings: {
      enabled: true,
      title: ui.title ?? 'Ask AI',
      placeholder: ui.placeholder ?? 'Ask about this annotation...',
      sidebarWidth: ui.sidebar_width ?? 380,
      maxHistory: ui.max_history_per_instance ?? 50,
      template: raw.system_prompt?.template ?? DEFAULT_TEMPLATE,
    },
    llm: { ...llm, temperature: c.temperature ?? 0.7, maxTokens: c.max_tokens ?? 500 },
  };
}
