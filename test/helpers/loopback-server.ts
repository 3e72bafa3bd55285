/**
 * Puts a test's fake server (a model, a speech-to-text server) on 127.0.0.1 at a free port. Its close also ends
 * the connections clients keep alive, so it never waits on them, and the test file's end closes it.
 */
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterFile } from './after-file.js';

export async function listenOnLoopback(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  afterFile(close);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close };
}
