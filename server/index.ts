/**
 * The server as a library: `createServer({config, dataDir})` opens storage and builds the app without
 * listening; `listen` and `close` are the only side effects. The CLI, the tests and the Electron main all start
 * it this way. Importing this module does nothing.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ProjectConfig } from './config/load.js';
import { isShared, systemClock, type Clock, type Logger, type Store } from './domain/ports.js';
import { openStore, type DatabaseChoice } from './storage/open-store.js';
import { composeServices, allRoutes, type Services } from './compose.js';
import { foreignChanges } from './foreign-changes.js';
import { buildApp } from './http/app.js';
import { pagePolicy, remoteMediaOrigins } from './domain/display/media-origins.js';
import { STUDY_LINK_PATH } from './http/routes/potato-pages.js';
import { countVisit } from './http/routes/pocket.js';
import { sessionUser } from './http/guards.js';
import { readOrCreateSecret, sharedSecret } from './io/secret-files.js';
import { expiredSessionOps } from './http/session-store.js';
import { SETUP_LINK_TTL_MS } from './domain/users/admin-setup.js';
import type { PasswordHasher } from './domain/users/users.js';
import { readUserStateFiles } from './io/potato-output-folder.js';
import { intakeMessages, takeInUserStates } from './domain/data/potato-intake.js';

export { loadConfig, ConfigError, type ProjectConfig } from './config/load.js';

export interface ServerOptions {
  config: ProjectConfig;
  /** the data folder; defaults to the config's output_annotation_dir */
  dataDir?: string;
  clock?: Clock;
  logger?: Logger;
  /** a Store to use instead of the journal in dataDir (tests of other implementations) */
  store?: Store;
  /**
   * a PostgreSQL database for the project (--database-url, MARGINALIA_DATABASE_URL); wins over the config's storage.url
   */
  database?: DatabaseChoice;
  /** the built renderer to serve at /; defaults to dist/renderer next to this package */
  staticDir?: string | null;
  /** extra host names this server answers to (its LAN name, say) */
  allowedHosts?: string[];
  /** environment for ADMIN_API_KEY; defaults to process.env */
  env?: NodeJS.ProcessEnv;
  /** the desktop app's user, admin of this project besides admin_users (electron/host.ts) */
  desktopOwner?: string;
  /** a tool (export, import) that must have a database project alone; servers share one */
  exclusive?: boolean;
  /** how passwords are hashed; scrypt at OWASP's baseline cost unless an embedder chooses another cost */
  passwordHasher?: PasswordHasher;
}

export interface RunningServer {
  services: Services;
  /** where the admin key comes from, for the startup message (never the key itself) */
  adminKeySource: string;
  listen(port?: number, host?: string): Promise<string>;
  /** the URL once listening */
  url: string | undefined;
  /** a request handler for tests that bring their own http server */
  callback(): (req: IncomingMessage, res: ServerResponse) => unknown;
  /** a one-time token for `GET /auth/token?t=` that signs `username` in (the desktop window's sign-in) */
  issueLoginToken(username: string): string;
  close(): Promise<void>;
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1' || address === 'localhost';
}

/** Start-up warnings about who could take an admin's rights. */
function accountWarnings(s: Services): string[] {
  const out: string[] = [];
  for (const name of s.accounts.selfRegisteredAdmins()) {
    out.push(
      `the admin account "${name}" was created by registering or logging in, not with a password the project owner set: ` +
        `whoever did so has admin rights; if that was not you, set a new password (PUT /admin/api/users/${name}/password with the admin API key) or remove the name from admin_users`,
    );
  }
  const unset = s.accounts.adminsWithoutPassword();
  if (s.config.allowAllUsers && unset.length) {
    out.push(
      `user_config.allow_all_users lets anyone register, and admin name(s) ${unset.map((n) => `"${n}"`).join(', ')} have no password yet: ` +
        'nobody can register them; set their password with the setup link printed below, a password in user_config.users, or the admin API key',
    );
  }
  return out;
}

/** Potato's saved annotator states in its output folder, taken in once; the start-up says what and what not. */
async function takeInPotatoStates(s: Services, folder: string, logger: Logger): Promise<void> {
  const files = await readUserStateFiles(folder);
  if (!files.length) return;
  const report = await takeInUserStates(
    {
      store: s.store,
      task: s.task,
      annotations: s.annotations,
      assignments: s.assignments,
      accounts: s.accounts,
      phases: s.phases,
      cohortOf: (username, list) => s.cohorts.cohortWithList(username, list),
      now: () => new Date(s.clock.now()).toISOString(),
    },
    files,
  );
  const { info, warn } = intakeMessages(report);
  for (const line of info) logger.info(line);
  for (const line of warn) logger.warn(line);
}

/** The folder holding package.json, from server/ (tsx), dist/server/ or dist/server/chunks/ (built). */
export const packageRoot = () => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    try {
      readFileSync(join(dir, 'package.json'));
      return dir;
    } catch {
      dir = dirname(dir);
    }
  }
  return process.cwd();
};

export const consoleLogger: Logger = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(`warning: ${m}`),
  error: (m) => console.error(`error: ${m}`),
};

/**
 * Tables kept packed (server/storage/packed-table.ts): many small rows (a row per annotator and instance, or per
 * instance), and the annotators' lists, whose ids packed are dictionary numbers instead of one string per id and
 * list. Every other table stays plain JSON in the snapshot.
 */
export const PACKED_TABLES = ['annotations', 'qc_answers', 'completions', 'assignments', 'item_time'] as const;

export async function createServer(options: ServerOptions): Promise<RunningServer> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? consoleLogger;
  const env = options.env ?? process.env;
  const dataDir = options.dataDir ?? config.outputDir;
  const root = packageRoot();
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version as string;

  const store =
    options.store ??
    (await openStore({
      config,
      dataDir,
      logger,
      packed: PACKED_TABLES,
      database: options.database,
      exclusive: options.exclusive,
    }));
  const shared = isShared(store) ? store : undefined;
  const secret = (name: string) => (shared ? sharedSecret(shared, dataDir, name) : readOrCreateSecret(dataDir, name));
  const cookieKey = await secret('session-key');
  let adminKey: string;
  let adminKeySource: string;
  if (env.ADMIN_API_KEY) [adminKey, adminKeySource] = [env.ADMIN_API_KEY, 'the ADMIN_API_KEY environment variable'];
  else if (config.adminApiKey) [adminKey, adminKeySource] = [config.adminApiKey, `admin_api_key in ${config.file}`];
  else {
    const generated = await secret('admin-api-key');
    [adminKey, adminKeySource] = [
      generated.value,
      shared ? `${generated.path} (the project's key, kept in its database)` : generated.path,
    ];
  }

  const compose = (reuse?: Parameters<typeof composeServices>[0]['reuse']) =>
    composeServices({
      config,
      store,
      clock,
      logger,
      dataDir,
      adminKey,
      version,
      desktopOwner: options.desktopOwner,
      passwordHasher: options.passwordHasher,
      reuse,
    });
  const services = compose();
  const renew = shared ? foreignChanges(shared, services, compose, logger) : undefined;
  // the owner's account exists before anyone on the LAN could register that name
  if (options.desktopOwner) await services.loginTokens.ensureAccount(options.desktopOwner);
  for (const warning of accountWarnings(services)) logger.warn(warning);
  try {
    // rows of database sources come in through the importer, as the project's other items are there already
    await services.databaseSources.start();
    await takeInPotatoStates(services, config.outputDir, logger);
  } catch (e) {
    for (const close of services.closers.slice().reverse()) await close().catch(() => undefined);
    await store.close();
    throw e;
  }
  // Potato's persist_sessions: false signs everyone out at a restart. Servers sharing a database restart one at a
  // time, so there it would sign out the users of the others too: kept, and said.
  if (!config.persistSessions && shared)
    logger.warn(
      `persist_sessions: false is not acted on with a shared database: sessions outlive a restart (ending them would sign out the users of every server sharing it) until they expire after session_lifetime_days or the user logs out`,
    );
  const expired = expiredSessionOps(store, clock.now(), !config.persistSessions && !shared);
  if (expired.length) await store.write(expired);

  // single sign-on's public_url names this server: the provider sends people back to its host
  const publicHost = config.oauth.publicUrl ? [config.oauth.publicUrl.hostname.replace(/^\[|\]$/g, '')] : [];
  const hosts = new Set(
    [...config.allowedHosts, ...(options.allowedHosts ?? []), ...publicHost].map((h) => h.toLowerCase()),
  );
  const app = buildApp({
    routes: allRoutes(services),
    store,
    clock,
    logger,
    adminAuth: services.adminAuth,
    cookieKeys: [cookieKey.value],
    sessionMaxAgeMs: config.sessionLifetimeDays * 24 * 3600 * 1000,
    allowedHosts: () => hosts,
    staticDir: options.staticDir === null ? undefined : (options.staticDir ?? join(root, 'dist', 'renderer')),
    pagePolicy: pagePolicy(
      remoteMediaOrigins(config.display, config.task.instances, [config.instructions?.html ?? '']),
    ),
    pageLanguage: { lang: config.uiLanguage.lang, dir: config.uiLanguage.dir },
    studyLink: config.crowd.loginArgument ? { argument: config.crowd.loginArgument, path: STUDY_LINK_PATH } : undefined,
    retry: renew?.retry,
    pageLoaded: async (ctx) => {
      const username = sessionUser(ctx);
      if (username) await countVisit(services, ctx, username, false);
    },
  });
  const handler: (req: IncomingMessage, res: ServerResponse) => unknown = renew
    ? renew.handler(app.callback())
    : app.callback();

  let http: Server | undefined;
  const running: RunningServer = {
    services,
    adminKeySource,
    url: undefined,
    callback: () => handler,
    issueLoginToken: (username) => services.loginTokens.issue(username),
    listen(port = 8000, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        http = createHttpServer(handler);
        http.keepAliveTimeout = 65_000;
        http.once('error', reject);
        http.listen(port, host, () => {
          const address = http!.address() as AddressInfo;
          const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          running.url = `http://${shown}:${address.port}`;
          if (!isLoopback(address.address) && config.allowAllUsers && hosts.size === 0) {
            logger.warn(
              `listening on ${shown}, beyond this machine, with user_config.allow_all_users: true and no allowed_hosts: ` +
                'anyone who can reach this port can create an account; list the host names people use in allowed_hosts, or close registration',
            );
          }
          const local =
            address.address === '0.0.0.0' || address.address === '::'
              ? `http://127.0.0.1:${address.port}`
              : running.url;
          services.oauthClients.listening(local);
          if (services.oauth.enabled && !config.oauth.publicUrl && !isLoopback(address.address))
            logger.warn(
              `single sign-on sends people back to ${local}/auth/callback/<provider>, which only this machine reaches: ` +
                'set authentication.public_url to the address annotators use (and register its callback at the provider)',
            );
          for (const [username, token] of services.adminSetup.issueForPending()) {
            logger.warn(
              `admin "${username}" has no password yet: set it within ${SETUP_LINK_TTL_MS / 60_000} minutes at ${local}/setup?t=${token} (the link works once; a restart prints a new one)`,
            );
          }
          resolve(running.url);
        });
      });
    },
    async close() {
      if (http) {
        const server = http;
        await new Promise<void>((resolve) => {
          // a connection busy with a request now becomes idle when its answer is sent, and would then stay open
          // for the whole keep-alive time (65 s), holding close() up: close idle ones until none is left
          const sweep = setInterval(() => server.closeIdleConnections(), 50);
          server.close(() => {
            clearInterval(sweep);
            resolve();
          });
          server.closeIdleConnections();
        });
      }
      for (const close of services.closers.slice().reverse()) await close();
      await store.close();
    },
  };
  return running;
}
