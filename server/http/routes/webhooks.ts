/** Admin webhook endpoints (docs/webhooks.md). */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import type { WebhookOutbox } from '../../domain/webhooks/outbox.js';

const testBody = z.object({
  endpoint_name: z
    .string({ message: 'endpoint_name is required (the name of a configured endpoint)' })
    .min(1, 'endpoint_name may not be empty'),
});

const deliveriesQuery = z.lazy(() =>
  z.object({
    endpoint: z.string().min(1).optional(),
    state: z
      .enum(['pending', 'delivered', 'failed'], { message: 'state must be one of pending, delivered, failed' })
      .optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit must be at least 1')
      .max(1000, 'limit may be at most 1000')
      .default(100),
  }),
);

const statsEntry = z.lazy(() =>
  z.object({
    name: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    active: z.boolean(),
    stats: z.object({
      total_emitted: z.number().int(),
      total_delivered: z.number().int(),
      total_failed: z.number().int(),
      pending_retries: z.number().int(),
      last_success: z.string().nullable(),
      last_failure: z.string().nullable(),
      last_error: z.string().nullable(),
    }),
  }),
);

const iso = z.string().describe('ISO 8601');
const deliveryView = z.lazy(() =>
  z.object({
    id: z.string(),
    endpoint: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    state: z.enum(['pending', 'delivered', 'failed']),
    created_at: iso,
    next_attempt_at: iso.nullable().describe('pending deliveries: when the next attempt is due'),
    finished_at: iso.nullable(),
    attempts: z.array(
      z.object({
        at: iso,
        status: z.number().int().nullable().describe("the receiver's HTTP status; null when none came"),
        error: z.string().nullable(),
        duration_ms: z.number(),
      }),
    ),
  }),
);

export function webhookRoutes(s: Services & { webhooks: WebhookOutbox }): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/api/webhooks',
      summary: 'Webhook endpoints with delivery statistics (no secrets)',
      access: 'admin',
      response: z.lazy(() => z.object({ enabled: z.boolean(), endpoints: z.array(statsEntry) })),
      handle: () => s.webhooks.endpointStats(),
    }),
    route({
      method: 'POST',
      path: '/admin/api/webhooks/test',
      summary: 'Fire a webhook.test event at the named endpoint now',
      access: 'admin',
      body: testBody,
      response: z.lazy(() => z.object({ status: z.literal('sent'), event_id: z.string() })),
      handle: ({ body }) => s.webhooks.fireTest(body.endpoint_name),
    }),
    route({
      method: 'GET',
      path: '/admin/api/webhooks/deliveries',
      summary: 'Recent webhook deliveries with their attempts, newest first',
      access: 'admin',
      query: deliveriesQuery,
      response: z.lazy(() => z.object({ total: z.number().int(), deliveries: z.array(deliveryView) })),
      handle: ({ query }) => s.webhooks.deliveries(query),
    }),
  ];
}
