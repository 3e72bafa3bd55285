/**
 * Potato's interactive agent chat at its paths (`/agent_chat/…`): a message to the agent, the conversation's
 * state, and finishing it for annotation. Without `instance_id` the caller's current item is meant, as in Potato.
 */
import { z } from 'zod';
import type { Services } from '../../services.js';
import { route, type RouteSpec } from '../route.js';
import { chatItem, chatMessageBody, instanceId } from './chat.js';

const message = z.lazy(() => z.object({ role: z.enum(['user', 'agent']), content: z.string(), timestamp: z.number() }));

export function agentChatRoutes(s: Services): RouteSpec[] {
  const instanceOf = (username: string, id: string | undefined) => chatItem(s, username, id);
  return [
    route({
      method: 'POST',
      path: '/agent_chat/send',
      summary:
        "Send the agent a message on an item (the caller's current one without instance_id); the message and the reply are kept together once the reply is there",
      access: 'user',
      body: chatMessageBody,
      response: z.lazy(() =>
        z.object({
          content: z.string(),
          role: z.literal('agent'),
          step_count: z.number().int(),
          max_steps: z.number().int(),
        }),
      ),
      async handle({ username, body }) {
        const id = await instanceOf(username, body.instance_id);
        return s.agentChat.send(username, s.task.instanceById.get(id)!, body.message);
      },
    }),
    route({
      method: 'GET',
      path: '/agent_chat/status',
      summary:
        "The caller's conversation with the agent on an item: active until finished, its messages and steps, and once finished the conversation as the item's dialogue",
      access: 'user',
      query: z.object({ instance_id: instanceId.optional() }),
      response: z.lazy(() =>
        z.object({
          instance_id: z.string(),
          active: z.boolean(),
          finished: z.boolean(),
          messages: z.array(message),
          step_count: z.number().int(),
          max_steps: z.number().int(),
          conversation: z.array(z.object({ speaker: z.enum(['User', 'Agent']), text: z.string() })).optional(),
        }),
      ),
      async handle({ username, query }) {
        return s.agentChat.status(username, await instanceOf(username, query.instance_id));
      },
    }),
    route({
      method: 'POST',
      path: '/agent_chat/finish',
      summary:
        'Finish the conversation on an item: it is kept as the dialogue the caller then annotates, and takes no more messages',
      access: 'user',
      body: z.object({ instance_id: instanceId.optional() }),
      response: z.lazy(() => z.object({ success: z.literal(true), message_count: z.number().int() })),
      async handle({ username, body }) {
        return s.agentChat.finish(username, await instanceOf(username, body.instance_id));
      },
    }),
  ];
}
