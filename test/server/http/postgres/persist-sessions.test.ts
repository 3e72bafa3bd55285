/**
 * persist_sessions: false with a database shared by several servers: one server's start would sign out the users
 * of the others, so sessions are kept and the start-up log says so.
 */
import { describe, expect, inject, it } from 'vitest';
import { Client } from '../../../helpers/client.js';
import { quietLogger, startServer } from '../../../helpers/server.js';

describe('persist_sessions: false on PostgreSQL', () => {
  it('keeps sessions across a restart and warns that the key is not acted on', async () => {
    const database = { url: inject('postgresUrl'), from: 'the test database' };
    let t = await startServer({ config: { persist_sessions: false }, options: { database } });
    const alice = await t.client().login('alice', 'alice-pass');
    quietLogger.lines.length = 0;
    t = await t.restart();
    expect(quietLogger.lines.filter((l) => l.startsWith('persist_sessions'))).toEqual([
      'persist_sessions: false is not acted on with a shared database: sessions outlive a restart (ending them would sign out the users of every server sharing it) until they expire after session_lifetime_days or the user logs out',
    ]);
    const resumed = new Client(t.url);
    resumed.setCookie('marginalia.sid', alice.cookie('marginalia.sid')!);
    resumed.setCookie('marginalia.sid.sig', alice.cookie('marginalia.sid.sig')!);
    const me = await resumed.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('alice');
  });
});
