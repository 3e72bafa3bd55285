/**
 * The embedded server as the desktop app runs it: the project's server started in this process through the
 * library entry, on 127.0.0.1 and a free port (or, in LAN mode, on every interface), with the desktop user as
 * its owner and admin. No Electron here, so the tests start it exactly as the app does.
 */
import { hostname, networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { createServer, loadConfig, type ProjectConfig, type RunningServer } from '../server/index.js';
import type { Logger } from '../server/domain/ports.js';
import { describeStore } from '../server/storage/open-store.js';
import { dataFolderFor, type DataFolder } from './data-folder.js';
import { setRunTimeV8Flags } from './v8-flags.js';

export interface HostOptions {
  configFile: string;
  /** the app's user-data folder (Electron's app.getPath('userData')) */
  userDataDir: string;
  /** the example shipped inside the app */
  bundled: boolean;
  /** the desktop user: signed in automatically, admin of the project */
  owner: string;
  /** listen on every interface so others on the local network can annotate */
  lan?: boolean;
  /**
   * the port to try first in LAN mode, so the address others type stays the same (else the config's `port`, else
   * 8000); a free one if it is taken
   */
  lanPort?: number;
  /** the built renderer; the server's default (dist/renderer) when omitted */
  staticDir?: string | null;
  logger?: Logger;
  env?: NodeJS.ProcessEnv;
}

export interface Host {
  config: ProjectConfig;
  data: DataFolder;
  /** where the project is kept, for the About box: the data folder, or the database a config's `storage.url` names */
  storage: string;
  /** where the app window goes: loopback, even in LAN mode */
  url: string;
  /** addresses others on the network can use; empty unless in LAN mode */
  lanUrls: string[];
  lan: boolean;
  /** a one-time sign-in address for the app's own window (valid once, for a minute) */
  signInUrl(): string;
  /** stops listening, finishes requests, stops background work (webhook deliveries) and flushes storage */
  close(): Promise<void>;
  server: RunningServer;
}

const DEFAULT_LAN_PORT = 8000;

export async function startHost(o: HostOptions): Promise<Host> {
  setRunTimeV8Flags();
  const config = loadConfig(o.configFile, o.env ?? process.env);
  if (o.lan && config.debug)
    throw new Error('this project is in debug mode (any name logs in), so it cannot be shared on the network');
  const data = dataFolderFor(
    { configFile: config.file, outputAnnotationDir: config.raw.output_annotation_dir, bundled: o.bundled },
    o.userDataDir,
  );
  const machine = hostname().toLowerCase();
  const server = await createServer({
    config,
    dataDir: data.dir,
    desktopOwner: o.owner,
    // IP literals are always allowed; in LAN mode the machine's own names too
    allowedHosts: o.lan ? [machine, `${machine}.local`] : [],
    staticDir: o.staticDir,
    logger: o.logger,
    env: o.env,
  });
  let port: number;
  try {
    port = await listen(server, o.lan ?? false, o.lanPort ?? config.port ?? DEFAULT_LAN_PORT);
  } catch (e) {
    await server.close();
    throw e;
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    config,
    data,
    storage: describeStore(server.services.store, data.dir),
    url,
    lan: o.lan ?? false,
    lanUrls: o.lan
      ? lanAddresses(networkInterfaces()).map((ip) => `http://${ip.includes(':') ? `[${ip}]` : ip}:${port}`)
      : [],
    signInUrl: () => `${url}/auth/token?t=${encodeURIComponent(server.issueLoginToken(o.owner))}`,
    close: () => server.close(),
    server,
  };
}

async function listen(server: RunningServer, lan: boolean, lanPort: number): Promise<number> {
  if (!lan) return portOf(await server.listen(0, '127.0.0.1'));
  try {
    return portOf(await server.listen(lanPort, '0.0.0.0'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' && (e as NodeJS.ErrnoException).code !== 'EACCES') throw e;
    return portOf(await server.listen(0, '0.0.0.0'));
  }
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** The machine's IPv4 addresses on its networks (not loopback, not link-local), the ones to show for LAN mode. */
export function lanAddresses(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string[] {
  const found: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const i of list ?? []) {
      if (i.internal || i.family !== 'IPv4' || i.address.startsWith('169.254.')) continue;
      found.push(i.address);
    }
  }
  return [...new Set(found)];
}

/** The desktop user's name in the project, from the OS account name: the characters a username may hold. */
export function ownerName(osUsername: string): string {
  const name = osUsername
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._@-]+/g, '')
    .slice(0, 64);
  return name && !/^\.+$/.test(name) ? name : 'me';
}
