/**
 * Starts the real server on an ephemeral loopback port: in this process (createServer, the library entry) or as
 * a child process (the CLI, for kill -9 tests).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import { createServer, loadConfig, type RunningServer, type ServerOptions } from '../../server/index.js';
import { afterFile } from './after-file.js';
import { builtCommand } from './cli.js';
import { quietLogger } from './quiet-logger.js';
import { Client } from './client.js';
import type {} from './postgres.js'; // the type of inject('postgresUrl')
import { tempDir } from './temp-dir.js';
import { writeProject, type ProjectSpec } from './project.js';
import { scryptHasherAt } from '../../server/io/scrypt-hasher.js';

// tests read what their servers logged from here
export { quietLogger };

/**
 * The suite signs in thousands of throwaway accounts: at OWASP's cost each hash is ~0.1 s of CPU, so its servers
 * hash at 1/32 of it (N=2^10, the same scrypt and stored form). The baseline is still what the accounts test
 * checks and what every child server (spawnServer, the CLIs) and `npm start` use.
 */
const testHasher = scryptHasherAt({ N: 1 << 10, r: 8, p: 1 });

export interface TestServer {
  server: RunningServer;
  url: string;
  dataDir: string;
  configFile: string;
  client(headers?: Record<string, string>): Client;
  /** the admin API key this server accepts */
  adminKey: string;
  admin(): Client;
  /** sets an admin name's password with the admin key (admin names cannot register) and logs in as it */
  loginAdmin(username: string, password?: string): Promise<Client>;
  restart(): Promise<TestServer>;
  close(): Promise<void>;
}

/** `port`: listen there (a server brought back where a client expects it) instead of on a free port. */
export async function startServer(
  spec: ProjectSpec & { options?: Partial<ServerOptions>; configFile?: string; dataDir?: string; port?: number } = {},
): Promise<TestServer> {
  const configFile = spec.configFile ?? writeProject(spec);
  const dataDir = spec.dataDir ?? tempDir('marginalia-data-');
  const config = loadConfig(configFile, spec.options?.env ?? process.env);
  // the `postgres` test project runs suites again on a PostgreSQL-backed server: a fresh data folder, a fresh schema
  const database =
    process.env.MARGINALIA_TEST_STORE === 'postgres' && !spec.options?.store
      ? { url: inject('postgresUrl'), from: 'the test database' }
      : undefined;
  const server = await createServer({
    config,
    dataDir,
    logger: quietLogger,
    staticDir: null,
    env: {},
    database,
    passwordHasher: testHasher,
    ...spec.options,
  });
  const url = await server.listen(spec.port ?? 0, '127.0.0.1');
  let closed = false;
  const test: TestServer = {
    server,
    url,
    dataDir,
    configFile,
    adminKey: server.services.adminAuth.key,
    client: (headers) => new Client(url, headers),
    admin: () => new Client(url, { 'x-api-key': server.services.adminAuth.key }),
    async loginAdmin(username, password = 'admin-secret-pass') {
      const set = await test
        .admin()
        .request('PUT', `/admin/api/users/${encodeURIComponent(username)}/password`, { json: { password } });
      if (set.status !== 200) throw new Error(`setting the password of ${username} failed: ${set.status} ${set.text}`);
      return new Client(url).login(username, password);
    },
    async restart() {
      await test.close();
      return startServer({ ...spec, configFile, dataDir });
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
    },
  };
  afterFile(() => test.close());
  return test;
}

export interface ChildServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs the server's command line in a child process, as `npm start` does (dist/server/cli.js), and waits for
 * "listening on".
 */
export function spawnServer(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  { freePort = true }: { freePort?: boolean } = {},
): Promise<ChildServer> {
  const port = freePort ? ['--port', '0'] : [];
  const child = spawn(process.execPath, [builtCommand('cli'), ...port, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // a server the test left running is stopped with its file: nothing else would, the worker outlives the file
  afterFile(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    // a server that never says it listens is stopped, so a slow start leaves no process behind
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          child,
          output: () => out,
          kill: (signal = 'SIGKILL') =>
            new Promise((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
              child.once('exit', (code) => done(code));
              child.kill(signal);
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}
