/**
 * A TCP proxy on 127.0.0.1 in front of a server that can be cut: while cut it closes every connection it holds and
 * each new one at once, as a dropped network or a server gone away does to a page, and when joined again it passes
 * bytes through as before. The test file's end closes it.
 */
import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterFile } from './after-file.js';

export interface CuttingProxy {
  url: string;
  cut(): void;
  join(): void;
  close(): Promise<void>;
}

export async function startCuttingProxy(target: string): Promise<CuttingProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let cut = false;
  const hold = (s: Socket) => {
    open.add(s);
    s.on('close', () => open.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = createServer((client) => {
    if (cut) return void client.destroy();
    const upstream = connect(Number(port), hostname);
    hold(client);
    hold(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of open) s.destroy();
      server.close(() => resolve());
    });
  afterFile(close);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut() {
      cut = true;
      for (const s of open) s.destroy();
    },
    join() {
      cut = false;
    },
    close,
  };
}
