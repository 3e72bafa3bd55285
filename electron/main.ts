/**
 * The desktop app's lifecycle, and only that: one instance, one window, one embedded server (host.ts) for the
 * open project. Everything that decides something lives in a plain module with its own tests: security.ts (what
 * the window may load), args.ts (launch and second-launch arguments), data-folder.ts, recent-projects.ts,
 * window-state.ts, menu.ts, open-failure.ts. Sign-in: the server hands this process a one-time token for its own
 * window.
 */
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  session,
  shell,
  type IpcMainInvokeEvent,
} from 'electron';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot, consoleLogger } from '../server/index.js';
import { parseLaunchArgs, secondInstanceHandoff } from './args.js';
import { CHANNELS } from './bridge.js';
import { ownerName, startHost, type Host } from './host.js';
import { menuTemplate, type ExportFormat } from './menu.js';
import { openFailureDialog, repairDoneDialog } from './open-failure.js';
import { repairFolder } from '../server/storage/repair.js';
import { RecentProjects } from './recent-projects.js';
import { isTrustedUrl } from './security.js';
import { createMainWindow, hardenContents, hardenSession } from './window.js';

const here = dirname(fileURLToPath(import.meta.url));
const PRELOAD = join(here, 'preload.cjs');
// the example is copied next to the app by electron-builder (extraResources); in development it is in the repo
const EXAMPLE = app.isPackaged
  ? join(process.resourcesPath, 'examples', 'product-reviews', 'config.yaml')
  : join(packageRoot(), 'examples', 'product-reviews', 'config.yaml');

interface Opened {
  file: string;
  bundled: boolean;
}

let win: BrowserWindow | undefined;
let host: Host | undefined;
let current: Opened | undefined;
let recent: RecentProjects;
let lan = false;
let pendingFile: string | undefined;
let queue: Promise<unknown> = Promise.resolve();
let shutDown = false;
let quitting = false;

const owner = (() => {
  try {
    return ownerName(userInfo().username);
  } catch {
    return 'me';
  }
})();
/** Before a server runs, nothing is trusted. */
const serverOrigin = () => host?.url ?? 'http://127.0.0.1:0';

if (!app.requestSingleInstanceLock()) {
  // another instance runs: it gets our arguments through 'second-instance'
  app.quit();
} else {
  const launch = parseLaunchArgs(process.argv, process.cwd());
  lan = launch.lan;
  pendingFile = launch.projectFile;

  app.on('second-instance', (_event, argv, cwd) => {
    const handoff = secondInstanceHandoff(argv, cwd);
    focusWindow();
    if (handoff.kind === 'open') void openProject({ file: handoff.file, bundled: false });
  });
  // macOS hands files over by event, also before the app is ready
  app.on('open-file', (event, path) => {
    event.preventDefault();
    if (win) void openProject({ file: path, bundled: false });
    else pendingFile = path;
  });
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, serverOrigin, PRELOAD));
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (shutDown) return;
    event.preventDefault();
    if (quitting) return;
    quitting = true;
    // after any project switch under way, so the server it starts is closed too
    void queue.then(stopServer).finally(() => {
      shutDown = true;
      app.quit();
    });
  });
  app.whenReady().then(start).catch(fatal);
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession, serverOrigin);
  registerBridge();
  recent = await RecentProjects.open(join(app.getPath('userData'), 'recent-projects.json'));
  win = await createMainWindow({
    preload: PRELOAD,
    stateFile: join(app.getPath('userData'), 'window-state.json'),
    title: app.getName(),
  });
  win.on('closed', () => (win = undefined));
  // a project named on the command line, else the last one opened, else (first run) the bundled example
  const last = recent.entries.find((p) => existsSync(p.file));
  const first: Opened = pendingFile
    ? { file: pendingFile, bundled: false }
    : last
      ? { file: last.file, bundled: false }
      : { file: EXAMPLE, bundled: true };
  pendingFile = undefined;
  await openProject(first);
}

/** Opens projects one at a time, in the order asked. */
function openProject(target: Opened): Promise<boolean> {
  const run = queue.then(() => switchTo(target));
  queue = run.catch(() => undefined);
  return run;
}

async function switchTo(target: Opened): Promise<boolean> {
  const previous = current;
  // one server per data folder: the old one must let go of its files before the new one opens them
  await stopServer();
  try {
    host = await startHost({
      configFile: target.file,
      bundled: target.bundled,
      userDataDir: app.getPath('userData'),
      owner,
      lan,
      logger: consoleLogger,
    });
  } catch (e) {
    const failure = openFailureDialog(target.file, e);
    const { type, message, detail, buttons } = failure;
    const answer = win
      ? await dialog.showMessageBox(win, { type, message, detail, buttons })
      : await dialog.showMessageBox({ type, message, detail, buttons });
    if (failure.actions[answer.response] === 'retry') return switchTo(target);
    if (failure.actions[answer.response] === 'repair' && failure.dataDir) {
      try {
        const done = repairDoneDialog(await repairFolder(failure.dataDir));
        await (win ? dialog.showMessageBox(win, done) : dialog.showMessageBox(done));
        return switchTo(target);
      } catch (repairError) {
        await dialog.showMessageBox({
          type: 'error',
          message: 'The repair did not finish',
          detail: (repairError as Error).message,
        });
      }
    }
    // perhaps the network was the problem: the same project for this computer only
    if (lan) {
      lan = false;
      return switchTo(target).then(() => false);
    }
    // else back to the project that was open, else the example, else there is nothing to show
    const same = (a: Opened, b: Opened) => a.file === b.file && a.bundled === b.bundled;
    const fallback =
      previous && !same(previous, target) ? previous : !target.bundled ? { file: EXAMPLE, bundled: true } : undefined;
    if (fallback) return switchTo(fallback).then(() => false);
    app.quit();
    return false;
  }
  current = target;
  const name = host.config.settings.annotation_task_name;
  if (!target.bundled)
    await recent
      .add(host.config.file, name)
      .catch((e) => consoleLogger.warn(`recent projects: ${(e as Error).message}`));
  refreshMenu();
  if (win) {
    win.setTitle(`${name} — ${app.getName()}${host.lan ? ' — shared on the local network' : ''}`);
    await show(host.signInUrl());
  }
  return true;
}

/** Finishes requests, stops webhook deliveries and flushes storage. */
async function stopServer(): Promise<void> {
  const running = host;
  host = undefined;
  if (!running) return;
  try {
    await running.close();
  } catch (e) {
    consoleLogger.error(`closing the project: ${(e as Error).message}`);
  }
}

function refreshMenu(): void {
  const template = menuTemplate(
    {
      appName: app.getName(),
      isMac: process.platform === 'darwin',
      dev: !app.isPackaged,
      recent: recent.entries,
      currentFile: current?.bundled ? undefined : current?.file,
      lan: { on: host?.lan ?? false, urls: host?.lanUrls ?? [] },
    },
    {
      openProjectDialog: () => void openProjectDialog(),
      openRecent: (file) => void openProject({ file, bundled: false }),
      clearRecent: () => void recent.clear().then(refreshMenu),
      openExample: () => void openProject({ file: EXAMPLE, bundled: true }),
      exportAnnotations: (format: ExportFormat) =>
        host && win?.webContents.downloadURL(`${host.url}/admin/api/export?format=${format}`),
      revealDataFolder: () => void revealDataFolder(),
      // through a fresh sign-in link: the desktop user who pressed Log out has no password to come back with
      showAnnotate: () => host && void show(host.signInUrl()),
      showAdmin: () => host && void show(`${host.url}/#/admin`),
      setLan: (on) => void setLan(on),
      copyText: (text) => clipboard.writeText(text),
      about: () =>
        void dialog.showMessageBox({
          message: `${app.getName()} ${app.getVersion()}`,
          detail: host ? `Project: ${host.config.file}\nKept in: ${host.storage}\nSigned in as: ${owner}` : '',
        }),
    },
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

async function setLan(on: boolean): Promise<void> {
  if (!current) return;
  lan = on;
  await openProject(current);
  if (on && host?.lan) {
    await dialog.showMessageBox({
      type: 'warning',
      message: 'The project is shared on the local network',
      detail:
        `Others on this network can open it at:\n${host.lanUrls.join('\n') || '(no network address found)'}\n\n` +
        'They log in with their own names and passwords, as the project config says. Turn sharing off in the Network menu.',
    });
  }
}

async function openProjectDialog(): Promise<boolean> {
  const options = {
    title: 'Open a Potato project',
    properties: ['openFile' as const],
    filters: [{ name: 'Project config (YAML)', extensions: ['yaml', 'yml'] }],
  };
  const picked = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  if (picked.canceled || !picked.filePaths[0]) return false;
  return openProject({ file: picked.filePaths[0], bundled: false });
}

async function revealDataFolder(): Promise<void> {
  if (!host) return;
  const error = await shell.openPath(host.data.dir);
  if (error)
    await dialog.showMessageBox({
      type: 'error',
      message: 'Could not open the data folder',
      detail: `${host.data.dir}\n${error}`,
    });
}

/** The preload's three calls, answered only for our own pages. */
function registerBridge(): void {
  const fromOurPage = (event: IpcMainInvokeEvent) => {
    if (!isTrustedUrl(event.senderFrame?.url ?? '', serverOrigin())) throw new Error('refused: not the app’s own page');
  };
  ipcMain.handle(CHANNELS.openProject, (event) => (fromOurPage(event), openProjectDialog()));
  ipcMain.handle(CHANNELS.revealDataFolder, (event) => (fromOurPage(event), revealDataFolder()));
  ipcMain.handle(CHANNELS.appVersion, (event) => (fromOurPage(event), app.getVersion()));
}

/** Loads a page of ours in the window; a load cut short (the user switched projects meanwhile) is not an error. */
async function show(url: string): Promise<void> {
  try {
    await win?.loadURL(url);
  } catch (e) {
    consoleLogger.warn(`loading ${new URL(url).pathname}: ${(e as Error).message}`);
  }
}

function focusWindow(): void {
  if (!win) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}

function fatal(e: unknown): void {
  dialog.showErrorBox('Marginalia could not start', (e as Error)?.stack ?? String(e));
  app.exit(1);
}
