/**
 * Webhook throughput: a project whose config sends every event to a receiver on 127.0.0.1, annotators
 * submitting at full speed, and the receiver counting deliveries. The receiver holds its answers while the
 * submissions run, so a backlog builds up in the outbox; on release the rate at which the server drains it is
 * the delivery capacity, whatever the submission rate (which the machine's disk and CPU bound separately).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drive } from './load.js';
import { login } from './measure.js';
import { SENTIMENTS, type BenchProject } from './projects.js';
import { startProcess } from './server-process.js';

export interface Receiver {
  url: string;
  /** deliveries answered so far */
  received(): number;
  lastAt(): number;
  /** hold answers from now on (requests wait, unanswered) */
  hold(): void;
  /** answer what is held and everything after */
  release(): void;
  close(): Promise<void>;
}

export function startReceiver(): Promise<Receiver> {
  let count = 0;
  let last = 0;
  let held: (() => void)[] | null = null;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = () => {
        if (req.method === 'POST') {
          count++;
          last = performance.now();
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      };
      if (held) held.push(answer);
      else answer();
    });
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        received: () => count,
        lastAt: () => last,
        hold: () => (held ??= []),
        release: () => {
          const waiting = held ?? [];
          held = null;
          for (const answer of waiting) answer();
        },
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

export const webhookConfig = (url: string) => ({
  webhooks: {
    enabled: true,
    endpoints: [{ name: 'bench', url, secret: 'bench-webhook-secret', events: ['*'], active: true, timeout: 10 }],
  },
});

export type WebhookRun =
  | { deliveries_per_s: number; delivered: number; submissions: number; submit_rps: number; seconds: number }
  | { na: string };

/** Submissions run this long at most while the receiver holds its answers: below the endpoint's 10 s timeout. */
const HOLD_SECONDS = 4;

export async function measureWebhooks(
  project: BenchProject,
  receiver: Receiver,
  o: { serverArgs: string[]; root: string; connections: number; duration?: number; amount?: number },
): Promise<WebhookRun> {
  const server = await startProcess(
    [...o.serverArgs, '--config', project.configFile, '--port', '0', '--data-dir', project.dataDir],
    { cwd: o.root },
  );
  try {
    const cookies: string[] = [];
    for (let i = 0; i < o.connections; i++) cookies.push(await login(server.url, `hook-${i + 1}`));
    const before = receiver.received();
    receiver.hold();
    const plans = cookies.map((cookie, lane) => {
      let n = 0;
      return {
        method: 'POST' as const,
        path: () => '/updateinstance',
        headers: { cookie, 'content-type': 'application/json' },
        dynamic: true,
        body: () => {
          const k = n++;
          const pass = Math.floor(k / project.ids.length) + lane;
          return JSON.stringify({
            instance_id: project.ids[k % project.ids.length],
            annotations: { [`sentiment:${SENTIMENTS[pass % 3]}`]: 'true' },
          });
        },
      };
    });
    const load = await drive(
      server.url,
      plans,
      o.amount !== undefined ? { amount: o.amount } : { duration: Math.min(o.duration ?? HOLD_SECONDS, HOLD_SECONDS) },
    );
    const started = performance.now();
    receiver.release();
    // drain the backlog: until every submission's event arrived, or nothing arrived for 3 s
    let seen = receiver.received();
    let quietSince = performance.now();
    while (receiver.received() - before < load.requests && performance.now() - quietSince < 3000) {
      await new Promise((r) => setTimeout(r, 50));
      if (receiver.received() !== seen) [seen, quietSince] = [receiver.received(), performance.now()];
    }
    const delivered = receiver.received() - before;
    if (!delivered) return { na: 'n/a (not implemented)' };
    const seconds = (receiver.lastAt() - started) / 1000;
    return {
      deliveries_per_s: delivered / seconds,
      delivered,
      submissions: load.requests,
      submit_rps: load.rps,
      seconds,
    };
  } finally {
    await server.stop();
  }
}
