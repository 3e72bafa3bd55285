/**
 * Webhook throughput: a project whose config sends every event to a receiver on 127.0.0.1, annotators
 * submitting at full speed, and the receiver counting deliveries. The rate is deliveries over the time from the
 * first submission to the last delivery, so a backlog that drains slowly counts against it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drive } from './load.js';
import { login } from './measure.js';
import { SENTIMENTS, type BenchProject } from './projects.js';
import { startProcess } from './server-process.js';

export interface Receiver {
  url: string;
  received(): number;
  lastAt(): number;
  close(): Promise<void>;
}

export function startReceiver(): Promise<Receiver> {
  let count = 0;
  let last = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST') {
        count++;
        last = performance.now();
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        received: () => count,
        lastAt: () => last,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

export const webhookConfig = (url: string) => ({
  webhooks: { enabled: true, endpoints: [{ name: 'bench', url, secret: 'bench-webhook-secret', events: ['*'], active: true, timeout: 10 }] },
});

export type WebhookRun = { deliveries_per_s: number; delivered: number; submissions: number; submit_rps: number; seconds: number } | { na: string };

export async function measureWebhooks(
  project: BenchProject,
  receiver: Receiver,
  o: { serverArgs: string[]; root: string; connections: number; duration?: number; amount?: number },
): Promise<WebhookRun> {
  const server = await startProcess([...o.serverArgs, '--config', project.configFile, '--port', '0', '--data-dir', project.dataDir], { cwd: o.root });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < o.connections; i++) cookies.push(await login(server.url, `hook-${i + 1}`));
    const before = receiver.received();
    const started = performance.now();
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
          return JSON.stringify({ instance_id: project.ids[k % project.ids.length], annotations: { [`sentiment:${SENTIMENTS[pass % 3]}`]: 'true' } });
        },
      };
    });
    const load = await drive(server.url, plans, { duration: o.duration, amount: o.amount });
    // wait for the backlog: until every submission's event arrived, or nothing arrived for 3 s
    let seen = receiver.received();
    let quietSince = performance.now();
    while (receiver.received() - before < load.requests && performance.now() - quietSince < 3000) {
      await new Promise((r) => setTimeout(r, 50));
      if (receiver.received() !== seen) [seen, quietSince] = [receiver.received(), performance.now()];
    }
    const delivered = receiver.received() - before;
    if (!delivered) return { na: 'n/a (not implemented)' };
    const seconds = (receiver.lastAt() - started) / 1000;
    return { deliveries_per_s: delivered / seconds, delivered, submissions: load.requests, submit_rps: load.rps, seconds };
  } finally {
    await server.stop();
  }
}
