/**
 * Stopping the server while a browser's keep-alive connection is busy with a request: the request is answered,
 * and close() returns soon after instead of waiting out the connection's 65 s keep-alive.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

describe('closing the server', () => {
  it('answers the request in progress, then closes its keep-alive connection at once', async () => {
    const t = await startServer();
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // the headers now, the body later: the request is in progress while close() begins
    const body = JSON.stringify({ username: 'alice', password: 'alice-password' });
    socket.write(
      `POST /register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const closing = t.close();
    socket.write(body);
    await closing;
    expect(Date.now() - started).toBeLessThan(5_000);
    await ended;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
  });
});
