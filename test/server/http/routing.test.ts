/**
 * Exact paths are dispatched from a Map before the router (server/http/app.ts); every other spelling of a path
 * still goes through the router, and both must answer alike.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

describe('route dispatch', () => {
  it('answers an exact path, HEAD, a trailing slash and other letter case the same way, and 405 for other methods', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    const me = {
      username: 'alice',
      is_admin: false,
      is_adjudicator: false,
      task_name: 'Test task',
      progress_page: false,
    };
    for (const path of ['/api/me', '/api/me/', '/API/ME']) {
      const r = await alice.get(path);
      expect(r.status, path).toBe(200);
      expect(r.body, path).toEqual(me);
      expect(r.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      expect(r.headers.get('cache-control'), path).toBe(path === '/API/ME' ? null : 'no-store');
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    const head = await alice.request('HEAD', '/api/me');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    for (const [method, path, allow] of [
      ['POST', '/api/me', 'HEAD, GET'],
      ['GET', '/updateinstance', 'POST'],
      ['DELETE', '/api/current_instance', 'HEAD, GET'],
    ]) {
      const r = await alice.request(method, path);
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.get('allow')).toBe(allow);
      expect(r.body.error).toBe(`${method} is not allowed on ${path}; use ${allow}`);
    }
    expect((await alice.get('/api/no_such_thing')).status).toBe(404);
  });

  it('passes path parameters to routes that have them', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    const r = await alice.get('/api/spans/item-1');
    expect(r.status).toBe(200);
    expect(r.body.instance_id).toBe('item-1');
  });
});
