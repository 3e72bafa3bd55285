/**
 * What a failed save answers over real HTTP: a storage failure and a write that kept colliding with another server
 * process's are both 503 JSON, each saying what happened.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../../server/http/errors.js';
import { ConflictError, StorageError } from '../../../server/storage/tables.js';
import { quietLogger } from '../../helpers/server.js';

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

async function answerTo(error: Error): Promise<{ status: number; body: { error: string } }> {
  const app = new Koa();
  app.use(errorHandler(quietLogger));
  app.use(() => {
    throw error;
  });
  const server = createServer(app.callback());
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/updateinstance`, {
    method: 'POST',
  });
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: res.status, body: await res.json() };
}

describe('errors of saving', () => {
  it('answers a storage failure with 503 and nothing lost', async () => {
    const { status, body } = await answerTo(new StorageError('could not save to PostgreSQL: connection refused'));
    expect(status).toBe(503);
    expect(body.error).toMatch(/could not save your change .*out of reach.*nothing was lost/);
  });

  it('answers a write that kept colliding with 503 saying the change was not saved', async () => {
    const { status, body } = await answerTo(new ConflictError('another server process changed the same data'));
    expect(status).toBe(503);
    expect(body.error).toMatch(/changed the same data at the same moment.*not saved, please retry/);
  });
});
