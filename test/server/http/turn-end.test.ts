import { describe, expect, it } from 'vitest';
import type { Context } from 'koa';
import { endOfTurn, respondAtTurnEnd } from '../../../server/http/turn-end.js';
import { startServer } from '../../helpers/server.js';

const ctx = {} as Context;
const microtasks = async (n: number) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe('endOfTurn', () => {
  it('is one promise for every caller in a turn, and a new one in the next', async () => {
    const first = endOfTurn();
    expect(endOfTurn()).toBe(first);
    await first;
    const next = endOfTurn();
    expect(next).not.toBe(first);
    await next;
  });

  it('resolves only after the microtasks of the turn have run', async () => {
    const seen: string[] = [];
    const turn = endOfTurn().then(() => seen.push('turn ended'));
    void microtasks(50).then(() => seen.push('late microtask'));
    await turn;
    expect(seen).toEqual(['late microtask', 'turn ended']);
  });
});

describe('respondAtTurnEnd', () => {
  it('lets no answer of a turn go before every handler of that turn has finished', async () => {
    const log: string[] = [];
    // handlers that finish at different moments of one turn, as requests read in one poll phase do
    const requests = [3, 0, 7].map((delay, i) =>
      respondAtTurnEnd(ctx, async () => {
        await microtasks(delay);
        log.push(`handled ${i}`);
      }).then(() => log.push(`answered ${i}`)),
    );
    await Promise.all(requests);
    expect(log.slice(0, 3).sort()).toEqual(['handled 0', 'handled 1', 'handled 2']);
    expect(log.slice(3).sort()).toEqual(['answered 0', 'answered 1', 'answered 2']);
  });

  it('answers a handler that finishes in a later turn at the end of that turn', async () => {
    const log: string[] = [];
    await respondAtTurnEnd(ctx, async () => {
      await new Promise((r) => setTimeout(r, 5));
      // queued in the handler's own turn, before the answer waits: the answer must come after it
      setImmediate(() => log.push('check phase of that turn'));
      log.push('handled');
    });
    log.push('answered');
    expect(log).toEqual(['handled', 'check phase of that turn', 'answered']);
  });

  it('passes errors through to the error handler inside it unchanged', async () => {
    await expect(respondAtTurnEnd(ctx, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});

describe('a server answering many connections at once', () => {
  it('answers every request of a burst, each with its own body', async () => {
    const server = await startServer();
    try {
      const clients = await Promise.all(Array.from({ length: 12 }, (_, i) => server.client().login(`burst-${i}`)));
      const answers = await Promise.all(clients.map((c) => c.get('/api/current_instance')));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(typeof (answer.body as { instance_id?: unknown }).instance_id).toBe('string');
      }
      const missing = await Promise.all(clients.map((c, i) => c.get(`/api/spans/no-such-${i}`)));
      missing.forEach((answer, i) => {
        expect(answer.status).toBe(404);
        expect((answer.body as { error: string }).error).toContain(`no-such-${i}`);
      });
    } finally {
      await server.close();
    }
  });
});
