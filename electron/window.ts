/**
 * The app window and the rules every web contents lives by (security.ts decides, this file wires the decisions
 * into Electron's events). The window opens hidden and shows when its first page is ready.
 */
import { BrowserWindow, screen, shell, type Session, type WebContents } from 'electron';
import { linkDecision, permissionDecision, SECURE_WEB_PREFERENCES } from './security.js';
import { MIN_SIZE, parseWindowState, restoreBounds, type WindowState } from './window-state.js';
import { StateFile } from './state-file.js';

/** Applies the navigation and window-open policy to a web contents (the main window's and any it opens). */
export function hardenContents(contents: WebContents, serverOrigin: () => string, preload: string): void {
  const follow = (url: string, event: { preventDefault(): void }) => {
    const decision = linkDecision(url, serverOrigin());
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'external') void shell.openExternal(url);
  };
  contents.on('will-navigate', (event, url) => follow(url, event));
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame && linkDecision(event.url, serverOrigin()) !== 'allow') event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    // a redirect is the server's (or a proxy's) doing, not the user's: never hand it to the browser
    if (linkDecision(url, serverOrigin()) !== 'allow') event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = linkDecision(url, serverOrigin());
    if (decision === 'allow')
      return {
        action: 'allow',
        overrideBrowserWindowOptions: { webPreferences: { ...SECURE_WEB_PREFERENCES, preload } },
      };
    if (decision === 'external') void shell.openExternal(url);
    return { action: 'deny' };
  });
}

/** Permission requests (camera, notifications, …) refused except what security.ts grants our own pages. */
export function hardenSession(session: Session, serverOrigin: () => string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(permissionDecision(permission, details.requestingUrl ?? '', serverOrigin()));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionDecision(permission, requestingOrigin, serverOrigin()),
  );
}

export interface MainWindowOptions {
  preload: string;
  /** window-state.json in the user-data folder */
  stateFile: string;
  title: string;
}

export async function createMainWindow(o: MainWindowOptions): Promise<BrowserWindow> {
  const state = new StateFile<WindowState>(o.stateFile, parseWindowState);
  const saved = await state.read();
  const bounds = restoreBounds(
    saved.bounds,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    ...bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: o.title,
    backgroundColor: '#ffffff',
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: o.preload },
  });
  if (saved.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  win.on('close', () => {
    void state.write({ bounds: win.getNormalBounds(), maximized: win.isMaximized() }).catch(() => undefined);
  });
  return win;
}
