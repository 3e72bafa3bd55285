/**
 * The server as the desktop shell starts it (electron/host.ts): the library entry, port 0 on loopback, a
 * userData-like temp folder, the one-time sign-in, LAN mode, and a graceful close that keeps pending webhook
 * deliveries. Everything real: HTTP on loopback, files on disk, a webhook receiver on 127.0.0.1.
 */
import { describe, expect, it, vi } from 'vitest';
import { createServer as createHttpServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { lanAddresses, ownerName, startHost, type Host, type HostOptions } from '../../electron/host.js';
import { RUN_TIME_V8_FLAGS } from '../../electron/v8-flags.js';
import { packageRoot } from '../../server/index.js';
import { Client } from '../helpers/client.js';
import { quietLogger } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';
import { writeProject } from '../helpers/project.js';

const EXAMPLE = join(packageRoot(), 'examples', 'product-reviews', 'config.yaml');

async function host(o: Partial<HostOptions> & { configFile: string }): Promise<Host> {
  return startHost({
    userDataDir: tempDir('marginalia-userdata-'),
    bundled: false,
    owner: 'ana',
    staticDir: null,
    logger: quietLogger,
    env: {},
    ...o,
  });
}

/** Follows the sign-in link as the app window does; returns the signed-in client. */
async function signIn(h: Host): Promise<Client> {
  const link = new URL(h.signInUrl());
  const window = new Client(h.url);
  const r = await window.get(link.pathname + link.search);
  expect(r.status).toBe(303);
  return window;
}

/** GET with any Host header (fetch cannot set one). */
function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host, accept: 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the desktop host', () => {
  it('serves a project on loopback with its data under userData, signs the owner in once, as admin', async () => {
    const userDataDir = tempDir('marginalia-userdata-');
    const configFile = writeProject({ config: { output_annotation_dir: undefined } });
    const h = await host({ configFile, userDataDir });
    try {
      expect(h.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(h.lan).toBe(false);
      expect(h.lanUrls).toEqual([]);
      expect(h.data.chosenBy).toBe('app');
      expect(h.data.dir.startsWith(join(userDataDir, 'projects'))).toBe(true);
      expect(h.server.services.dataDir).toBe(h.data.dir);

      const link = h.signInUrl();
      expect(link.startsWith(`${h.url}/auth/token?t=`)).toBe(true);
      const window = new Client(h.url);
      const path = new URL(link).pathname + new URL(link).search;
      expect((await window.get(path)).status).toBe(303);
      expect((await window.get('/api/me')).body).toMatchObject({ username: 'ana', is_admin: true });
      expect((await new Client(h.url).get(path)).status).toBe(401); // the link is spent
      expect(readdirSync(h.data.dir).length).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  });

  it('keeps a project’s own output_annotation_dir, as the CLI does', async () => {
    const configFile = writeProject({ config: { output_annotation_dir: 'my-output' } });
    const h = await host({ configFile });
    try {
      expect(h.data).toEqual({ dir: join(configFile, '..', 'my-output'), chosenBy: 'project' });
      expect(existsSync(join(configFile, '..', 'my-output'))).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('opens the bundled example with its data under userData, not inside the app', async () => {
    const userDataDir = tempDir('marginalia-userdata-');
    const h = await host({ configFile: EXAMPLE, bundled: true, userDataDir });
    try {
      expect(h.data.dir).toBe(join(userDataDir, 'projects', 'example'));
      const window = await signIn(h);
      expect((await window.get('/api/current_instance')).status).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('closes gracefully: what was saved is there after a restart, and the port is free', async () => {
    const userDataDir = tempDir('marginalia-userdata-');
    const configFile = writeProject({ config: { output_annotation_dir: undefined } });
    const first = await host({ configFile, userDataDir });
    const window = await signIn(first);
    const current = (await window.get('/api/current_instance')).body.instance_id as string;
    expect(
      (await window.post('/updateinstance', { instance_id: current, annotations: { 'sentiment:negative': 'true' } }))
        .status,
    ).toBe(200);
    await first.close();
    await expect(fetch(`${first.url}/api/me`)).rejects.toThrow();

    const second = await host({ configFile, userDataDir });
    try {
      expect(second.data.dir).toBe(first.data.dir);
      const again = await signIn(second);
      expect((await again.get(`/get_annotations?instance_id=${current}`)).body.annotations).toEqual({
        'sentiment:negative': 'true',
      });
    } finally {
      await second.close();
    }
  });

  it('closes with a webhook delivery in flight, and delivers it after the restart with the same webhook-id', async () => {
    // a receiver that holds the first request open (a slow endpoint), then answers 200
    const received: { id: string; type: string }[] = [];
    const held: ServerResponse[] = [];
    let hold = true;
    let gotFirst!: () => void;
    const firstArrived = new Promise<void>((r) => (gotFirst = r));
    let gotAfterRestart!: () => void;
    const deliveredAfterRestart = new Promise<void>((r) => (gotAfterRestart = r));
    const receiver = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ id: String(req.headers['webhook-id']), type: JSON.parse(body).event_type });
        if (hold) {
          held.push(res);
          gotFirst();
        } else {
          res.end('ok');
          gotAfterRestart();
        }
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as { port: number }).port;

    const userDataDir = tempDir('marginalia-userdata-');
    const configFile = writeProject({
      config: {
        output_annotation_dir: undefined,
        webhooks: {
          enabled: true,
          retry_schedule_seconds: [0, 1],
          endpoints: [
            { name: 'slow', url: `http://127.0.0.1:${port}/hook`, events: ['annotation.created'], timeout: 120 },
          ],
        },
      },
    });
    try {
      const first = await host({ configFile, userDataDir });
      const window = await signIn(first);
      const current = (await window.get('/api/current_instance')).body.instance_id as string;
      expect(
        (await window.post('/updateinstance', { instance_id: current, annotations: { 'sentiment:positive': 'true' } }))
          .status,
      ).toBe(200);
      await firstArrived;
      await first.close(); // must not wait for the receiver, must not lose the delivery
      expect(received).toHaveLength(1);

      hold = false;
      const second = await host({ configFile, userDataDir });
      try {
        await deliveredAfterRestart;
        expect(received.map((r) => r.type)).toEqual(['annotation.created', 'annotation.created']);
        expect(received[1].id).toBe(received[0].id);
      } finally {
        await second.close();
      }
    } finally {
      for (const res of held) res.destroy();
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
  });

  it('in LAN mode listens on every interface, answers to the machine’s name, and lists the addresses to share', async () => {
    const configFile = writeProject();
    const local = await host({ configFile: writeProject() });
    const h = await host({ configFile, lan: true, lanPort: 0 });
    try {
      expect(h.lan).toBe(true);
      const port = new URL(h.url).port;
      expect(h.lanUrls).toEqual(lanAddresses(networkInterfaces()).map((ip) => `http://${ip}:${port}`));
      // the machine's own name is accepted in LAN mode (a foreign name is still refused: DNS rebinding)
      expect(await getWithHost(`${h.url}/api/schemas`, `${hostname()}:${port}`)).toBe(401);
      expect(await getWithHost(`${h.url}/api/schemas`, `evil.example:${port}`)).toBe(421);
      expect(await getWithHost(`${local.url}/api/schemas`, `${hostname()}:${new URL(local.url).port}`)).toBe(
        hostname() === 'localhost' ? 401 : 421,
      );
      for (const ip of lanAddresses(networkInterfaces())) {
        expect(await getWithHost(`http://${ip}:${port}/api/schemas`, `${ip}:${port}`)).toBe(401);
      }
      const window = await signIn(h); // the owner's window still uses loopback
      expect((await window.get('/api/me')).body.is_admin).toBe(true);
    } finally {
      await h.close();
      await local.close();
    }
  });

  it("in LAN mode tries the config's port first when the app names none", async () => {
    const probe = createNetServer();
    await new Promise<void>((r) => probe.listen(0, '0.0.0.0', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    const h = await host({ configFile: writeProject({ config: { server: { port } } }), lan: true });
    try {
      expect(h.url).toBe(`http://127.0.0.1:${port}`);
      expect((await new Client(h.url).get('/api/me')).status).toBe(401);
    } finally {
      await h.close();
    }
  });

  it('in LAN mode takes another port when the preferred one is busy', async () => {
    const blocker = createNetServer();
    await new Promise<void>((r) => blocker.listen(0, '0.0.0.0', r));
    const busy = (blocker.address() as { port: number }).port;
    const h = await host({ configFile: writeProject(), lan: true, lanPort: busy });
    try {
      expect(Number(new URL(h.url).port)).not.toBe(busy);
      expect((await new Client(h.url).get('/api/me')).status).toBe(401);
    } finally {
      await h.close();
      await new Promise((r) => blocker.close(r));
    }
  });

  it('refuses LAN mode for a project in debug mode, where any name logs in', async () => {
    await expect(host({ configFile: writeProject({ config: { debug: true } }), lan: true })).rejects.toThrow(
      /debug mode/,
    );
  });

  it('refuses a project it cannot load, naming the problem, and leaves nothing running', async () => {
    await expect(host({ configFile: join(tempDir(), 'missing.yaml') })).rejects.toThrow(/config file not found/);
  });
});

describe("the server's V8 flags in the desktop app", () => {
  it('are set as the host starts the server: those of npm start that V8 reads after start-up', async () => {
    const set = vi.spyOn(v8, 'setFlagsFromString');
    try {
      const h = await host({ configFile: writeProject() });
      await h.close();
      expect(set.mock.calls.map(([flag]) => flag)).toEqual([...RUN_TIME_V8_FLAGS]);
    } finally {
      set.mockRestore();
    }
  });

  it('are flags npm start runs the server with, leaving out the semi-space size, which is fixed at heap set-up', () => {
    const start = (
      JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { scripts: { start: string } }
    ).scripts.start;
    for (const flag of RUN_TIME_V8_FLAGS) expect(start.split(/\s+/)).toContain(flag);
    expect(start).toContain('--max-semi-space-size=');
    expect(RUN_TIME_V8_FLAGS.join(' ')).not.toContain('semi-space');
  });
});

describe('lanAddresses', () => {
  it('lists IPv4 network addresses, not loopback, link-local or IPv6', () => {
    const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
      ({ address, family, internal, netmask: '', mac: '', cidr: null }) as never;
    expect(
      lanAddresses({
        lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
        eth0: [nic('192.168.1.20', 'IPv4'), nic('fe80::1', 'IPv6')],
        wlan0: [nic('169.254.3.4', 'IPv4'), nic('10.0.0.5', 'IPv4')],
        docker0: undefined,
        dup: [nic('10.0.0.5', 'IPv4')],
      }),
    ).toEqual(['192.168.1.20', '10.0.0.5']);
  });
});

describe('ownerName', () => {
  it('turns the OS account name into a valid username', () => {
    expect(ownerName('ana')).toBe('ana');
    expect(ownerName('Zoë Müller')).toBe('ZoeMuller');
    expect(ownerName('DOMAIN\\j.smith')).toBe('DOMAINj.smith');
    expect(ownerName('张伟')).toBe('me');
    expect(ownerName('..')).toBe('me');
    expect(ownerName('x'.repeat(100))).toHaveLength(64);
  });
});
