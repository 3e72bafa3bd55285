/**
 * What one attempt sends and through what: the HTTP client's port, and the request a delivery makes, with the
 * headers the Standard Webhooks convention asks for (its id, its time, and a signature when the endpoint has a
 * secret), so the dispatcher itself only schedules.
 */
import type { AttemptRecord, DeliveryRecord, WebhookEndpoint } from './records.js';
import { sign } from './sign.js';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** The HTTP client, a port (server/io/webhook-sender.ts). `send` never throws. */
export interface WebhookSender {
  send(request: WebhookRequest): Promise<Omit<AttemptRecord, 'at'> & { aborted?: boolean }>;
  /** aborts what is in flight (those results come back `aborted`) and frees connections */
  close(): void;
}

/** The request an attempt of `record` to `endpoint` at clock time `at` makes. */
export function attemptRequest(
  endpoint: WebhookEndpoint,
  record: DeliveryRecord,
  at: number,
  userAgent: string,
): WebhookRequest {
  const timestamp = Math.floor(at / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': userAgent,
    'webhook-id': record.id,
    'webhook-timestamp': String(timestamp),
  };
  if (endpoint.secret)
    headers['webhook-signature'] = sign(endpoint.secret, endpoint.signatureFormat, record.id, timestamp, record.body);
  return { url: endpoint.url, body: record.body, headers, timeoutMs: endpoint.timeoutMs };
}
