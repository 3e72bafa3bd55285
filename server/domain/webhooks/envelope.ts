/**
 * From a domain event to the deliveries it causes: the envelope docs/webhooks.md describes, who is subscribed, and one
 * delivery record per subscribed active endpoint (each with its own `webhook-id`, all sharing the `event_id`).
 */
import { randomBytes } from 'node:crypto';
import { isoTime } from '../ports.js';
import type { DomainEvent } from '../events.js';
import type { DeliveryRecord, WebhookEndpoint } from './records.js';

/**
 * `<prefix>_` + 48 bits of the time in ms + 80 random bits, in hex: unique, and sortable by creation so
 * listings and receivers' logs read in order.
 */
function newId(prefix: 'evt' | 'msg', now: number): string {
  return `${prefix}_${Math.floor(now).toString(16).padStart(12, '0')}${randomBytes(10).toString('hex')}`;
}

interface Envelope {
  event_id: string;
  event_type: string;
  timestamp: string;
  task_name: string;
  data: Record<string, unknown>;
}

function envelopeOf(event: DomainEvent, eventId: string, taskName: string): Envelope {
  return {
    event_id: eventId,
    event_type: event.type,
    timestamp: isoTime(event.at),
    task_name: taskName,
    data: event.data,
  };
}

export function subscribes(endpoint: WebhookEndpoint, type: string): boolean {
  return endpoint.active && (endpoint.events.includes('*') || endpoint.events.includes(type));
}

/** New pending deliveries of one event to the given endpoints, first attempt due after `firstDelayMs`. */
export function deliveriesOf(
  event: DomainEvent,
  endpoints: readonly WebhookEndpoint[],
  taskName: string,
  now: number,
  firstDelayMs: number,
): DeliveryRecord[] {
  if (!endpoints.length) return [];
  const eventId = newId('evt', now);
  const body = JSON.stringify(envelopeOf(event, eventId, taskName));
  return endpoints.map((endpoint) => ({
    id: newId('msg', now),
    endpoint: endpoint.name,
    event_id: eventId,
    event_type: event.type,
    body,
    state: 'pending',
    created_at: now,
    next_attempt_at: now + firstDelayMs,
    attempts: [],
  }));
}
