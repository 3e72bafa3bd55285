/** Potato's `server:` section and top-level `host`/`port`, through the real config loader. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';

const load = (config: Record<string, unknown>) => {
  const loaded = loadConfig(writeProject({ config }), {});
  return { ...loaded, warnings: loaded.warnings.map((w) => w.slice(w.indexOf('config.yaml: ') + 13)) };
};

const refusal = (config: Record<string, unknown>): string => {
  try {
    loadConfig(writeProject({ config }), {});
  } catch (e) {
    if (e instanceof ConfigError) return e.message.slice(e.message.indexOf('config.yaml: ') + 13);
    throw e;
  }
  return 'loaded';
};

describe("Potato's server section", () => {
  it('reads port, require_password and persist_sessions from it as from the top level, in their spellings', () => {
    const loaded = load({ server: { port: '8123', require_password: 'False', persist_sessions: 'no', debug: false } });
    expect(loaded.warnings).toEqual([]);
    expect(loaded.port).toBe(8123);
    expect(loaded.requirePassword).toBe(false);
    expect(loaded.persistSessions).toBe(false);
    expect(load({ port: 8000 })).toMatchObject({ port: 8000, warnings: [] });
    expect(load({}).port).toBeUndefined();
  });

  it('keeps the top-level key when both say something different, and says so', () => {
    const loaded = load({ port: 9000, persist_sessions: true, server: { port: 8000, persist_sessions: false } });
    expect(loaded.port).toBe(9000);
    expect(loaded.persistSessions).toBe(true);
    expect(loaded.warnings).toEqual([
      'server.port is not acted on: the top-level port (9000) is used',
      'server.persist_sessions is not acted on: the top-level persist_sessions (true) is used',
    ]);
    expect(load({ port: 8000, server: { port: 8000 } }).warnings).toEqual([]);
  });

  it('compares the two as read, so the same value in two spellings is no conflict', () => {
    const loaded = load({
      port: '8000',
      require_password: 'False',
      persist_sessions: 'yes',
      server: { port: 8000, require_password: false, persist_sessions: 'True' },
    });
    expect(loaded.warnings).toEqual([]);
    expect(loaded).toMatchObject({ port: 8000, requirePassword: false, persistSessions: true });
    expect(load({ require_password: 'no', server: { require_password: 'yes' } }).warnings).toEqual([
      'server.require_password is not acted on: the top-level require_password ("no") is used',
    ]);
  });

  it('warns about a host that would open the project to the network, and about Flask debug, acting on neither', () => {
    const open = load({ host: '0.0.0.0', server: { host: '0.0.0.0', debug: 'True' } });
    expect(open.debug).toBe(false);
    expect(open.warnings).toEqual([
      expect.stringMatching(
        /^host \("0\.0\.0\.0"\) is not acted on: the server listens on 127\.0\.0\.1 unless its command line says otherwise \(npm start -- --host 0\.0\.0\.0/,
      ),
      expect.stringMatching(/^server\.host \("0\.0\.0\.0"\) is not acted on: the server listens on 127\.0\.0\.1/),
      expect.stringMatching(/^server\.debug \(the web framework's debug mode\) is not acted on/),
    ]);
    expect(load({ host: 'localhost', server: { host: '127.0.0.1' } }).warnings).toEqual([]);
  });

  it('names an unknown key inside it', () => {
    expect(load({ server: { url: 'http://localhost:8000' } }).warnings).toEqual([
      'unknown key "server.url" is ignored',
    ]);
  });

  it('refuses values of the wrong type, naming the key', () => {
    expect(refusal({ server: 8000 })).toBe(
      'server: expected a mapping ({port, host, require_password, persist_sessions, debug}), not 8000',
    );
    expect(refusal({ server: { port: 'http' } })).toBe('server.port: expected a port number (0 to 65535), not "http"');
    expect(refusal({ server: { port: 70000 } })).toMatch(/^server\.port: expected a port number/);
    expect(refusal({ server: { persist_sessions: 'sometimes' } })).toBe(
      'server.persist_sessions: expected true or false, not "sometimes"',
    );
    expect(refusal({ host: 7 })).toBe('host: expected a host name or address, not 7');
    expect(refusal({ port: 'eighty' })).toMatch(/^port: /);
  });
});
