/**
 * A real webhook receiver on 127.0.0.1 for tests: records every request (headers, raw body, parsed JSON) and
 * answers with whatever `respond` says (a status, a delay, a redirect, or hanging until closed).
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterFile } from './after-file.js';
import { sign } from '../../server/domain/webhooks/sign.js';
import type { SignatureFormat } from '../../server/domain/webhooks/records.js';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
  body: any;
  /** the webhook-id header */
  id: string;
  /** epoch ms it arrived */
  receivedAt: number;
  /** the status it was answered with (undefined while hanging, or never answered) */
  answered?: number;
}

/** `hang` never answers (until close); `{status, delayMs, headers}` answers after the delay. */
export type Answer = 'hang' | { status: number; delayMs?: number; headers?: Record<string, string> };

export interface WebhookReceiver {
  url: string;
  requests: ReceivedRequest[];
  respond: (request: ReceivedRequest) => Answer;
  /** resolves once `predicate` holds for the recorded requests (checked on every arrival and answer) */
  waitFor(predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(
  respond: (request: ReceivedRequest) => Answer = () => ({ status: 200 }),
  port = 0,
): Promise<WebhookReceiver> {
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());
  const hanging = new Set<ServerResponse>();
  const receiver: WebhookReceiver = {
    url: '',
    requests: [],
    respond,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(receiver.requests)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(receiver.requests);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `receiver: condition not met within ${timeoutMs} ms (${receiver.requests.length} requests so far)`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw,
        body,
        id: String(req.headers['webhook-id'] ?? ''),
        receivedAt: Date.now(),
      };
      receiver.requests.push(request);
      const answer = receiver.respond(request);
      notify();
      if (answer === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const reply = () => {
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(JSON.stringify({ ok: answer.status < 300 }));
        request.answered = answer.status;
        notify();
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterFile(() => receiver.close());
  return receiver;
}

/**
 * A receiver's check of the `v1` signatures (also what docs/webhooks.md shows): constant-time comparison against any of
 * the space-separated signatures, and the 300-second timestamp tolerance.
 */
export function verify(
  secret: string,
  format: SignatureFormat,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(sign(secret, format, headers.id, timestamp, body));
  return headers.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
