/**
 * The webhook HTTP client: one POST per attempt over keep-alive connections (throughput: thousands per second to
 * a local receiver), a whole-attempt timeout, and no redirects followed (node:http never follows them; a 3xx is
 * reported as a failure). Never throws: every outcome is a status and/or an error text with the duration.
 * Error texts name what went wrong, never the URL (it may carry a token) or any header.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { LANE_CONCURRENCY, type WebhookRequest, type WebhookSender } from '../domain/webhooks/dispatcher.js';

/** Responses are read only this far: receivers answer briefly, and a huge answer must not fill memory. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export function createWebhookSender(): WebhookSender {
  // The dispatcher bounds requests per endpoint; the agent must not add a shared bound per host, or two endpoints
  // on one host (different paths) would queue behind each other's hanging requests.
  const agentOptions = {
    keepAlive: true,
    maxSockets: Infinity,
    maxFreeSockets: LANE_CONCURRENCY,
    scheduling: 'lifo' as const,
  };
  const httpAgent = new HttpAgent(agentOptions);
  const httpsAgent = new HttpsAgent(agentOptions);
  const inFlight = new Set<ClientRequest>();
  let closed = false;

  return {
    send(request: WebhookRequest) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      return new Promise((resolve) => {
        if (closed) return resolve({ error: 'aborted: the server is shutting down', duration_ms: 0, aborted: true });
        let url: URL;
        try {
          url = new URL(request.url);
        } catch {
          return resolve({ error: 'invalid URL', duration_ms: 0 });
        }
        const https = url.protocol === 'https:';
        const body = Buffer.from(request.body);
        let settled = false;
        let req: ClientRequest;
        const timer = setTimeout(() => {
          finish({ error: `timeout: no response within ${request.timeoutMs / 1000} s` });
          req.destroy();
        }, request.timeoutMs);
        function finish(outcome: { status?: number; error?: string; aborted?: boolean }) {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          inFlight.delete(req);
          resolve({ ...outcome, duration_ms: elapsed() });
        }
        const post = (resend: boolean) => {
          req = (https ? httpsRequest : httpRequest)(url, {
            method: 'POST',
            // the second try takes a connection of its own: the pool may hold more idle connections gone stale
            agent: resend ? false : https ? httpsAgent : httpAgent,
            headers: { ...request.headers, 'content-length': String(body.length) },
          });
          inFlight.add(req);
          req.on('response', (res) => {
            const status = res.statusCode ?? 0;
            let read = 0;
            res.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read > MAX_RESPONSE_BYTES) res.destroy(); // the status is known; the rest does not matter
            });
            const done = () =>
              finish(status >= 300 && status < 400 ? { status, error: 'redirect not followed' } : { status });
            res.on('end', done);
            res.on('close', done);
            res.on('error', done);
          });
          req.on('error', (e: NodeJS.ErrnoException) => {
            if (closed) return finish({ error: 'aborted: the server is shutting down', aborted: true });
            // the receiver closed an idle keep-alive connection as we reused it (it almost surely never read the
            // request; if it did, the same webhook-id lets it de-duplicate): send again at once on a new
            // connection, Node's documented pattern, rather than count a failed attempt
            if (!resend && !settled && req.reusedSocket && e.code === 'ECONNRESET') {
              inFlight.delete(req);
              return post(true);
            }
            finish({ error: e.code ? `${e.code}: could not deliver` : `could not deliver: ${e.message}` });
          });
          req.end(body);
        };
        post(false);
      });
    },
    close() {
      closed = true;
      for (const req of inFlight) req.destroy();
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}
