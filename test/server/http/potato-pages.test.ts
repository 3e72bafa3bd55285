/** Potato's public paths that deploy scripts and bookmarks use, over real HTTP. */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

describe("Potato's public paths", () => {
  it('GET /go_to (where Potato leaves the browser after a jump) leads to the UI, the current instance unmoved', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    expect((await alice.post('/go_to', { go_to: 'item-3' })).status).toBe(200);
    const r = await alice.get('/go_to?go_to=0', { accept: 'text/html' });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/');
    // Potato's GET only shows the page; a jump is a POST
    expect((await alice.get('/api/current_instance')).body.instance_id).toBe('item-3');
  });

  it('GET /health answers {"status": "ok"} without a session, for container health checks, and says nothing more', async () => {
    const t = await startServer();
    const r = await t.client().get('/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
});
