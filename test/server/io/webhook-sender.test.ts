/** The webhook HTTP client against real sockets on 127.0.0.1. */
import { describe, expect, it } from 'vitest';
import { createServer as createNetServer, type Socket } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookSender } from '../../../server/io/webhook-sender.js';
import { startReceiver } from '../../helpers/webhook-receiver.js';

const post = (url: string, timeoutMs = 5000) => ({
  url,
  body: '{"a":1}',
  headers: { 'content-type': 'application/json', 'webhook-id': 'msg_x' },
  timeoutMs,
});

describe('webhook sender', () => {
  it('reports status, redirects as failures, timeouts and refused connections, each with a duration', async () => {
    const receiver = await startReceiver((r) =>
      r.path === '/slow'
        ? { status: 200, delayMs: 2000 }
        : r.path === '/moved'
          ? { status: 301, headers: { location: '/ok' } }
          : { status: 202 },
    );
    const sender = createWebhookSender();
    expect(await sender.send(post(`${receiver.url}/ok`))).toMatchObject({
      status: 202,
      duration_ms: expect.any(Number),
    });
    expect(await sender.send(post(`${receiver.url}/moved`))).toMatchObject({
      status: 301,
      error: 'redirect not followed',
    });
    const slow = await sender.send(post(`${receiver.url}/slow`, 300));
    expect(slow).toMatchObject({ error: 'timeout: no response within 0.3 s' });
    expect(slow.status).toBeUndefined();
    expect(slow.duration_ms).toBeGreaterThanOrEqual(250);
    // a port nobody listens on (the receiver's, once closed)
    const gone = await startReceiver();
    await gone.close();
    const refused = await sender.send(post(`${gone.url}/`));
    expect(refused).toMatchObject({ error: 'ECONNREFUSED: could not deliver' });
    expect(refused.error).not.toContain('127.0.0.1');
    expect(receiver.requests.map((r) => r.path)).toEqual(['/ok', '/moved', '/slow']);
    expect(receiver.requests[0].raw).toBe('{"a":1}');
    sender.close();
  });

  it('sends again on a fresh connection when a reused keep-alive connection turns out closed', async () => {
    // a raw receiver: answers the first request of each connection with keep-alive, then drops the connection
    // when a second request arrives on it, as a server whose idle timeout just expired does
    const connections: Socket[] = [];
    let answered = 0;
    const server = createNetServer((socket) => {
      connections.push(socket);
      let requests = 0;
      let buffer = '';
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        if (!buffer.includes('{"a":1}')) return;
        buffer = '';
        if (++requests > 1) return socket.destroy();
        answered++;
        socket.write(
          'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\nok',
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const sender = createWebhookSender();
    expect(await sender.send(post(url))).toMatchObject({ status: 200 });
    expect(await sender.send(post(url))).toMatchObject({ status: 200 });
    expect(answered).toBe(2);
    expect(connections).toHaveLength(2);
    // several idle connections all gone stale at once (a burst, then a quiet spell longer than the receiver's
    // idle timeout): the second try must not take another stale one from the pool
    const burst = await Promise.all([1, 2, 3].map(() => sender.send(post(url))));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await sender.send(post(url))).toMatchObject({ status: 200 });
    sender.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('stops reading an endless answer once it knows the status', async () => {
    const server = createHttpServer((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 120);
      const more = () => {
        while (res.write(chunk));
        res.once('drain', more);
      };
      more();
      res.on('close', () => res.removeAllListeners('drain'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const sender = createWebhookSender();
    expect(await sender.send(post(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`))).toMatchObject({
      status: 200,
    });
    sender.close();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('close() aborts what is in flight, reported as aborted', async () => {
    const receiver = await startReceiver((r) => (r.path === '/hang' ? 'hang' : { status: 200 }));
    const sender = createWebhookSender();
    const pending = sender.send(post(`${receiver.url}/hang`, 30_000));
    await receiver.waitFor((r) => r.length === 1);
    sender.close();
    expect(await pending).toMatchObject({ aborted: true, error: 'aborted: the server is shutting down' });
    expect(await sender.send(post(`${receiver.url}/ok`))).toMatchObject({ aborted: true });
  });
});
