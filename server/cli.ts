/**
 * `npm start -- --config project.yaml [--port n] [--host addr] [--data-dir dir] [--database-url postgres://…] [--debug]`.
 * With no --config it serves the bundled example project. Without --port it listens on the config's `port`, else
 * 8000. A database URL (or MARGINALIA_DATABASE_URL) keeps the project in PostgreSQL instead of the data folder's
 * journal.
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { isIP } from 'node:net';
import { createServer, loadConfig, ConfigError, consoleLogger, packageRoot } from './index.js';
import { databaseFromCommandLine } from './storage/open-store.js';

const EXAMPLE = join(packageRoot(), 'examples', 'product-reviews', 'config.yaml');

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      config: { type: 'string', short: 'c' },
      port: { type: 'string', short: 'p' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      debug: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(
      'usage: npm start -- [--config project.yaml] [--port 8000] [--host 127.0.0.1] [--data-dir dir] [--database-url postgres://…] [--debug]',
    );
    return 0;
  }
  const portArg = values.port === undefined ? undefined : Number(values.port);
  if (portArg !== undefined && (!Number.isInteger(portArg) || portArg < 0 || portArg > 65535))
    throw new Error(`--port: "${values.port}" is not a port number`);
  const host = values.host!;

  const config = loadConfig(values.config ?? EXAMPLE);
  const port = portArg ?? config.port ?? 8000;
  if (values.debug) config.debug = true;
  if (config.debug && !isLoopback(host))
    throw new Error('debug mode creates users on demand and is refused with a non-loopback --host');
  for (const warning of config.warnings) consoleLogger.warn(warning);

  const server = await createServer({
    config,
    dataDir: values['data-dir'],
    database: databaseFromCommandLine(values['database-url']),
  });
  const url = await server.listen(port, host);
  console.log(
    `project: ${config.settings.annotation_task_name} (${config.task.instances.length} instances) from ${config.file}`,
  );
  console.log(`data folder: ${server.services.dataDir}`);
  console.log(`admin API key: ${server.adminKeySource}`);
  if (config.debug) console.log('debug mode: any username logs in with any password');
  if (!isLoopback(host)) console.log(`LAN mode: listening on ${host}; anyone on this network can reach the login page`);
  console.log(`listening on ${url}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests and saving…`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return -1;
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (e: NodeJS.ErrnoException) => {
    const disk: Record<string, string> = {
      EROFS: 'the data folder is on a read-only file system',
      EACCES: 'no permission to write the data folder',
      ENOSPC: 'the disk holding the data folder is full',
    };
    const hint =
      e.code && disk[e.code] ? `${disk[e.code]} (${e.path ?? ''}); choose another with --data-dir` : undefined;
    console.error(e instanceof ConfigError ? `config error: ${e.message}` : `error: ${hint ?? e.message}`);
    process.exit(1);
  },
);
