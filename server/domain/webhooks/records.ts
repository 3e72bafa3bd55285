/**
 * What the webhook feature stores and what it is configured with. One delivery is one event to one endpoint;
 * its record carries the exact body that is signed and sent on every attempt, and the attempts made so far.
 */
import type { EventType } from '../events.js';

export type SignatureFormat = 'v1_hex' | 'standard';

export interface WebhookEndpoint {
  name: string;
  url: string;
  /** the HMAC key; unsigned deliveries when absent */
  secret?: string;
  /** subscribed event types, or "*" */
  events: string[];
  active: boolean;
  timeoutMs: number;
  /** attempts in all (config `max_retries`) */
  maxAttempts: number;
  signatureFormat: SignatureFormat;
}

export interface WebhookSettings {
  endpoints: WebhookEndpoint[];
  /** delay before attempt n is entry n-1; past the end the last entry repeats */
  retryScheduleSeconds: number[];
  /** delivered and failed records older than this are pruned */
  retentionMs: number;
}

export interface AttemptRecord {
  /** epoch ms the attempt started */
  at: number;
  /** the HTTP status, when a response came */
  status?: number;
  /** why it failed, when it did (no secrets, no URL) */
  error?: string;
  duration_ms: number;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface DeliveryRecord {
  /** the `webhook-id` header: one per delivery, the same on every attempt */
  id: string;
  endpoint: string;
  event_id: string;
  event_type: EventType;
  /** the envelope as JSON text, byte for byte what is signed and sent */
  body: string;
  state: DeliveryState;
  created_at: number;
  /** epoch ms when the next attempt is due (pending only) */
  next_attempt_at: number;
  attempts: AttemptRecord[];
  /** epoch ms it was delivered or given up */
  finished_at?: number;
}

/** Per endpoint, what outlives pruned records: their counts, and the latest outcomes. */
export interface EndpointStatsRecord {
  pruned_emitted: number;
  pruned_delivered: number;
  pruned_failed: number;
  last_success: string | null;
  last_failure: string | null;
  last_error: string | null;
}

export const emptyStatsRecord = (): EndpointStatsRecord => ({
  pruned_emitted: 0,
  pruned_delivered: 0,
  pruned_failed: 0,
  last_success: null,
  last_failure: null,
  last_error: null,
});

declare module '../ports.js' {
  interface Tables {
    webhook_deliveries: DeliveryRecord;
    webhook_stats: EndpointStatsRecord;
  }
}
