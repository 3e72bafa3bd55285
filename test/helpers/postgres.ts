/**
 * A throwaway PostgreSQL cluster for the tests: Debian's `postgresql` binaries, `initdb` into a temp folder (as
 * the `postgres` user when we are root, since PostgreSQL refuses to run as root), listening on 127.0.0.1 at a
 * free port with its unix socket in the same folder, and removed when stopped. `scripts/prepare-tests.mjs`
 * installs the package where it is missing.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the URL of the `postgres` test project's cluster (test/helpers/postgres-global.ts) */
    postgresUrl: string;
  }
}

export interface Postgres {
  /** postgres://… of the cluster's `postgres` database */
  url: string;
  /** the same database through the cluster's unix socket (how a client on the database's machine connects) */
  socketUrl: string;
  /** the URL with a fresh, unused schema: one project */
  freshSchemaUrl(): string;
  /** stops the server (fast shutdown: connections are cut), keeping the data */
  pause(): void;
  /** starts it again on the same port */
  resume(): void;
  /** stops it and removes its folder */
  stop(): void;
}

/** The folder of Debian's PostgreSQL binaries (the newest installed), or undefined. */
function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Stops and removes the clusters of test processes that died without stopping them (a killed `vitest run` skips
 * its globalSetup's teardown): each would otherwise keep a PostgreSQL server and its memory until the machine
 * restarts. A cluster's folder names the process that started it in `owner`.
 */
function reapOrphans(run: (cwd: string, tool: string, args: string[]) => void): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('marginalia-pg-')) continue;
    const dir = join(tmpdir(), name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(dir, 'owner'), 'utf8'));
    } catch {
      continue; // not a folder this helper made
    }
    if (!owner || alive(owner)) continue;
    if (existsSync(join(dir, 'data', 'postmaster.pid'))) {
      try {
        run(dir, 'pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped: its pid file was left by a crash
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `settings`: extra server settings (`-c name=value`), e.g. a library to preload for measuring */
export async function startPostgres(settings: Record<string, string> = {}): Promise<Postgres> {
  if (!postgresBinDir() && process.getuid?.() === 0) {
    execFileSync(
      'sh',
      [
        '-c',
        'DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql > /dev/null',
      ],
      { stdio: 'inherit' },
    );
  }
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      "PostgreSQL is not installed: apt-get install -y postgresql (npm test's scripts/prepare-tests.mjs does it as root)",
    );
  const root = process.getuid?.() === 0;
  const runIn = (cwd: string, tool: string, args: string[]) => {
    const [cmd, argv] = root
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd });
  };
  reapOrphans(runIn);
  const dir = mkdtempSync(join(tmpdir(), 'marginalia-pg-'));
  const data = join(dir, 'data');
  writeFileSync(join(dir, 'owner'), String(process.pid));
  // as root, the cluster is the postgres user's: it owns the folder and runs every command
  if (root)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    );
  const run = (tool: string, args: string[]) => runIn(dir, tool, args);
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const port = await freePort();
  const extra = Object.entries(settings).map(([k, v]) => ` -c ${k}=${v}`);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=200 -c shared_buffers=32MB${extra.join('')}`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  const stopServer = (mode: string) => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = true;
  return {
    url,
    socketUrl: `${url}?host=${encodeURIComponent(dir)}`,
    freshSchemaUrl: () => `${url}?schema=test_${randomBytes(6).toString('hex')}`,
    pause() {
      stopServer('fast');
      running = false;
    },
    resume() {
      start();
      running = true;
    },
    stop() {
      if (running) stopServer('immediate');
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
