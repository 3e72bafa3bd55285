/**
 * A reverse proxy on 127.0.0.1 handing each request to the next of several servers in turn, as a load balancer
 * in front of server processes does. A server that refuses the connection (it is gone) is passed over for the
 * next one, since the request never reached it; a request cut off after it was sent answers 502.
 */
import { createServer, request, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** requests each upstream answered, by its URL */
  served: Map<string, number>;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const served = new Map(upstreams.map((u) => [u, 0]));
  let turn = 0;
  /** upstream → when it last refused a connection: passed over for a while, as a load balancer's health check does */
  const down = new Map<string, number>();
  const next = () => {
    for (let i = 0; i < upstreams.length; i++) {
      const candidate = upstreams[turn++ % upstreams.length];
      if (Date.now() - (down.get(candidate) ?? -Infinity) > 2_000) return candidate;
    }
    return upstreams[turn++ % upstreams.length];
  };
  const forward = (req: IncomingMessage, body: Buffer, res: ServerResponse, tried: number) => {
    const target = next();
    const out = request(target + req.url, { method: req.method, headers: req.headers, agent }, (answer) => {
      served.set(target, served.get(target)! + 1);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNREFUSED') {
        down.set(target, Date.now());
        if (tried + 1 < upstreams.length) return forward(req, body, res, tried + 1);
      }
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `upstream ${target}: ${e.code ?? e.message}` }));
    });
    out.end(body);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
