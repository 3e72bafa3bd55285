/** The command line (`npm start -- …`), run as a child process the way users run it. */
import { readFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '../helpers/client.js';
import { writeProject } from '../helpers/project.js';
import { spawnServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';

/** The output of a CLI run that must stop before listening (spawnServer rejects with it). */
async function failedStart(args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const error = await spawnServer(args, env).then(
    async (s) => {
      await s.kill();
      throw new Error(`expected the server to refuse to start, but it listens on ${s.url}`);
    },
    (e: Error) => e.message,
  );
  return error;
}

describe('cli', () => {
  it('with --port 0 prints "listening on http://…" on a free loopback port, and where things are', async () => {
    const config = writeProject({ config: { colour_scheme: 'dark' } });
    const server = await spawnServer(['--config', config]);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(Number(new URL(server.url).port)).toBeGreaterThan(0);
      const out = server.output();
      // no --data-dir: the config's output_annotation_dir, relative to the config file
      const dataDir = join(dirname(config), 'out');
      expect(out).toContain(`data folder: ${dataDir}`);
      expect(out).toContain(`admin API key: ${join(dataDir, 'admin-api-key')}`);
      expect(out).toMatch(/warning: .*unknown key "colour_scheme" is ignored/);
      // the key's location is printed, never the key
      const key = readFileSync(join(dataDir, 'admin-api-key'), 'utf8').trim();
      expect(out).not.toContain(key);
      const alice = await new Client(server.url).login('alice');
      expect((await alice.get('/api/current_instance')).status).toBe(200);
    } finally {
      await server.kill();
    }
  });

  it('with no --config serves the bundled example project', async () => {
    const server = await spawnServer(['--data-dir', tempDir()]);
    try {
      const [, count] =
        /project: Product review sentiment \((\d+) instances\) from .*examples\/product-reviews\/config\.yaml/.exec(
          server.output(),
        )!;
      expect(Number(count)).toBeGreaterThanOrEqual(200); // "a few hundred items"

      const alice = await new Client(server.url).login('alice');
      const current = await alice.get('/api/current_instance');
      expect(current.status).toBe(200);
      expect(current.body.total_instances).toBeGreaterThan(0);
      expect(Object.keys((await alice.get('/api/schemas')).body)).toEqual(
        expect.arrayContaining(['sentiment', 'topics', 'helpfulness', 'product_type', 'stars', 'confidence', 'note']),
      );
    } finally {
      await server.kill();
    }
  });

  it('stops on a config error with the file, the key and the reason, exiting non-zero', async () => {
    const config = writeProject({
      config: { annotation_schemes: [{ annotation_type: 'radio', name: 'x', labels: ['a', 'a'] }] },
    });
    const out = await failedStart(['--config', config]);
    expect(out).toMatch(/server exited with 1/);
    expect(out).toContain(`config error: ${config}: annotation_schemes[0] (x).labels: duplicate label "a"`);
    expect(out).not.toMatch(/listening on/);
    expect(out).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('names a missing environment variable and a missing config file', async () => {
    const config = writeProject({ config: { admin_api_key: '${MARGINALIA_TEST_UNSET_KEY}' } });
    expect(await failedStart(['--config', config], { MARGINALIA_TEST_UNSET_KEY: undefined })).toMatch(
      /config error: .*admin_api_key: environment variable MARGINALIA_TEST_UNSET_KEY is not set/,
    );
    const missing = join(tempDir(), 'nope.yaml');
    expect(await failedStart(['--config', missing])).toContain(`config error: ${missing}: config file not found`);
  });

  it('refuses debug mode with a non-loopback --host, from the flag or the config', async () => {
    const config = writeProject();
    for (const args of [
      ['--config', config, '--debug', '--host', '0.0.0.0'],
      ['--config', writeProject({ config: { debug: true } }), '--host', '0.0.0.0'],
    ]) {
      const out = await failedStart(args);
      expect(out).toMatch(/server exited with 1/);
      expect(out).toMatch(/error: debug mode .* refused with a non-loopback --host/);
    }
  });

  it("listens on the config's port (or server.port) without --port, and --port wins over it", async () => {
    const free = async () => {
      const probe = createNetServer();
      await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
      const { port } = probe.address() as AddressInfo;
      await new Promise((r) => probe.close(r));
      return port;
    };
    const [top, nested] = [await free(), await free()];
    for (const [config, port] of [
      [{ port: top }, top],
      [{ server: { port: nested, host: '127.0.0.1' } }, nested],
    ] as const) {
      const server = await spawnServer(
        ['--config', writeProject({ config }), '--data-dir', tempDir()],
        {},
        {
          freePort: false,
        },
      );
      try {
        expect(server.url).toBe(`http://127.0.0.1:${port}`);
        expect((await new Client(server.url).get('/api/me')).status).toBe(401);
      } finally {
        await server.kill();
      }
    }
    const flag = await spawnServer(['--config', writeProject({ config: { port: top } }), '--data-dir', tempDir()]);
    try {
      expect(Number(new URL(flag.url).port)).not.toBe(top);
    } finally {
      await flag.kill();
    }
  }, 60_000); // three servers start one after another

  it('refuses a bad --port', async () => {
    expect(await failedStart(['--config', writeProject(), '--port', 'http'])).toMatch(
      /error: --port: "http" is not a port number/,
    );
  });

  it('serves debug mode on loopback, letting any name in', async () => {
    const server = await spawnServer(['--config', writeProject(), '--data-dir', tempDir(), '--debug']);
    try {
      expect(server.output()).toMatch(/debug mode: any username logs in with any password/);
      const r = await new Client(server.url).postForm('/auth', { username: 'anyone', password: 'anything' });
      expect(r.status).toBe(200);
    } finally {
      await server.kill();
    }
  });

  it('on SIGTERM finishes in-flight requests, flushes storage and exits 0; every acknowledged write is kept', async () => {
    const config = writeProject();
    const dataDir = tempDir();
    const server = await spawnServer(['--config', config, '--data-dir', dataDir]);
    const alice = await new Client(server.url).login('alice', 'alice-pass');
    const submit = (id: string) =>
      alice.post('/updateinstance', { instance_id: id, annotations: { 'note:text': `note for ${id}` } });
    expect((await submit('item-1')).status).toBe(200);
    // a burst in flight when the signal comes: each is answered 200 (and then kept) or refused, never half-done
    const burst = Array.from({ length: 9 }, (_, i) => `item-${i + 2}`).map((id) =>
      submit(id).then(
        (r) => (r.status === 200 ? id : undefined),
        () => undefined, // refused after the server stopped accepting: never acknowledged
      ),
    );
    const code = await server.kill('SIGTERM');
    const acknowledged = ['item-1', ...((await Promise.all(burst)).filter(Boolean) as string[])];
    expect(code).toBe(0);
    expect(server.output()).toMatch(/SIGTERM: finishing requests and saving/);

    const again = await spawnServer(['--config', config, '--data-dir', dataDir]);
    try {
      const back = await new Client(again.url).login('alice', 'alice-pass');
      for (const id of acknowledged) {
        expect((await back.get(`/get_annotations?instance_id=${id}`)).body.annotations).toEqual({
          'note:text': `note for ${id}`,
        });
      }
    } finally {
      await again.kill();
    }
  });
});
