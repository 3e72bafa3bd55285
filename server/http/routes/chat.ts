/**
 * Potato's chat support at its paths (`/api/chat/…`): the sidebar's settings, sending a message about an item and
 * reading the conversation back. Without `instance_id` the caller's current item is meant. A model that cannot be
 * reached is a 502 (504 when it does not answer in time) and the conversation stays as it was.
 */
import { z } from 'zod';
import type { Services } from '../../services.js';
import { route, type RouteSpec } from '../route.js';

export const instanceId = z.string().min(1).max(256);
/** A message to a model about an item (the caller's current one without instance_id): chat support and agent chat. */
export const chatMessageBody = z.lazy(() =>
  z.object({
    message: z.string().trim().min(1, 'must not be empty').max(4000),
    instance_id: instanceId.optional(),
  }),
);
const message = z.lazy(() =>
  z.object({
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    timestamp: z.number().describe('seconds since the epoch'),
    instance_id: z.string(),
    response_time_ms: z.number().int().optional(),
  }),
);

/** The item a chat call means: the one named (the caller's to see), else the caller's current item, as in Potato. */
export const chatItem = async (s: Services, username: string, id: string | undefined) =>
  id === undefined
    ? (await s.annotations.current(username)).instance_id
    : (await s.annotations.instanceFor(username, id)).id;

export function chatRoutes(s: Services): RouteSpec[] {
  const instanceOf = (username: string, id: string | undefined) => chatItem(s, username, id);
  return [
    route({
      method: 'GET',
      path: '/api/chat/config',
      summary: "The chat sidebar's settings; enabled: false when the project has no chat_support",
      access: 'user',
      response: z.lazy(() =>
        z.object({
          enabled: z.boolean(),
          title: z.string(),
          placeholder: z.string(),
          sidebar_width: z.number().int(),
          max_history_per_instance: z.number().int(),
          provider: z.string().optional(),
          model: z.string().optional(),
        }),
      ),
      handle: () => s.chat.config(),
    }),
    route({
      method: 'POST',
      path: '/api/chat/send',
      summary:
        "Send a message about an item (the caller's current one without instance_id) and get the model's reply; both are kept with the conversation only once the reply is there",
      access: 'user',
      body: chatMessageBody,
      response: z.lazy(() =>
        z.object({ content: z.string(), response_time_ms: z.number().int(), instance_id: z.string() }),
      ),
      async handle({ username, body }) {
        const id = await instanceOf(username, body.instance_id);
        return s.chat.send(username, s.task.instanceById.get(id)!, body.message);
      },
    }),
    route({
      method: 'GET',
      path: '/api/chat/history',
      summary: "The caller's conversation about an item, oldest message first (empty before the first message)",
      access: 'user',
      query: z.object({ instance_id: instanceId.optional() }),
      response: z.lazy(() => z.object({ instance_id: z.string(), messages: z.array(message) })),
      async handle({ username, query }) {
        const id = await instanceOf(username, query.instance_id);
        return { instance_id: id, messages: s.chat.history(username, id) };
      },
    }),
  ];
}
