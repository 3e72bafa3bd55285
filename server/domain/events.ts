/**
 * Domain events. Services raise them as values; the webhook outbox (server/domain/webhooks) turns them into
 * durable deliveries written in the same store write as the change that caused them.
 */
import type { StoreOp } from './ports.js';

export const EVENT_TYPES = [
  'annotation.created',
  'annotation.updated',
  'item.fully_annotated',
  'item.adjudicated',
  'task.completed',
  'user.phase_completed',
  'quality.attention_check_failed',
  'item.flagged',
  'webhook.test',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface DomainEvent {
  type: EventType;
  data: Record<string, unknown>;
  /** epoch ms when it happened */
  at: number;
}

/** What raising events needs from the webhook feature. */
export interface EventOutbox {
  /** Store ops that record the deliveries for these events; written together with the change. */
  plan(events: readonly DomainEvent[]): StoreOp[];
  /** Whether an event of this type would be delivered anywhere now: its data need not be built otherwise. */
  wants(type: EventType): boolean;
  /** Called once the ops are durable: start delivering. Never blocks. */
  dispatch(): void;
  /** deliveries waiting for a retry (for /admin/health) */
  pendingRetries(): number;
}
