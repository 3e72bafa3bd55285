/**
 * The application menu as data: a pure function of the app's state and its actions, so tests can read it and
 * click it without Electron; main.ts turns it into a Menu with Menu.buildFromTemplate.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { EXPORT_WRITERS, type ExportFormat } from '../server/io/export-formats/index.js';
import type { RecentProject } from './recent-projects.js';

export type { ExportFormat };

/** the server's export formats, in its order, with their menu labels */
const EXPORT_FORMATS = Object.entries(EXPORT_WRITERS).map(([format, w]) => ({
  format: format as ExportFormat,
  label: w.label,
}));

export interface MenuState {
  appName: string;
  isMac: boolean;
  /** show the developer tools item */
  dev: boolean;
  recent: readonly RecentProject[];
  /** the open project's config file, if any */
  currentFile?: string;
  lan: { on: boolean; urls: readonly string[] };
}

export interface MenuActions {
  openProjectDialog(): void;
  openRecent(file: string): void;
  clearRecent(): void;
  openExample(): void;
  exportAnnotations(format: ExportFormat): void;
  revealDataFolder(): void;
  showAnnotate(): void;
  showAdmin(): void;
  setLan(on: boolean): void;
  copyText(text: string): void;
  about(): void;
}

export function menuTemplate(s: MenuState, a: MenuActions): MenuItemConstructorOptions[] {
  const hasProject = s.currentFile !== undefined;
  const recentItems: MenuItemConstructorOptions[] = s.recent.length
    ? [
        ...s.recent.map((p) => ({
          label: `${p.name} — ${p.file}`,
          type: 'checkbox' as const,
          checked: p.file === s.currentFile,
          click: () => a.openRecent(p.file),
        })),
        { type: 'separator' },
        { label: 'Clear Recent Projects', click: () => a.clearRecent() },
      ]
    : [{ label: 'No Recent Projects', enabled: false }];

  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Open Project…', accelerator: 'CmdOrCtrl+O', click: () => a.openProjectDialog() },
      { label: 'Open Recent', submenu: recentItems },
      { label: 'Open Example Project', click: () => a.openExample() },
      { type: 'separator' },
      {
        label: 'Export Annotations',
        enabled: hasProject,
        submenu: EXPORT_FORMATS.map(({ format, label }) => ({
          label: `${label}…`,
          click: () => a.exportAnnotations(format),
        })),
      },
      { label: 'Reveal Data Folder', enabled: hasProject, click: () => a.revealDataFolder() },
      ...(s.isMac ? [] : [{ type: 'separator' as const }, { role: 'quit' as const }]),
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { label: 'Annotate', accelerator: 'CmdOrCtrl+1', enabled: hasProject, click: () => a.showAnnotate() },
      { label: 'Admin Dashboard', accelerator: 'CmdOrCtrl+2', enabled: hasProject, click: () => a.showAdmin() },
      { type: 'separator' },
      { role: 'reload' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(s.dev ? [{ role: 'toggleDevTools' as const }] : []),
    ],
  };

  const network: MenuItemConstructorOptions = {
    label: 'Network',
    submenu: [
      {
        label: 'Share on Local Network',
        type: 'checkbox',
        checked: s.lan.on,
        enabled: hasProject,
        click: () => a.setLan(!s.lan.on),
      },
      ...(s.lan.on
        ? [
            { type: 'separator' as const },
            ...(s.lan.urls.length
              ? s.lan.urls.map((url) => ({ label: `Copy Address ${url}`, click: () => a.copyText(url) }))
              : [{ label: 'No network found: others cannot reach this computer', enabled: false }]),
          ]
        : [{ label: 'Only this computer can reach the project', enabled: false }]),
    ],
  };

  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [{ label: `About ${s.appName}`, click: () => a.about() }],
  };

  return [
    ...(s.isMac ? [{ role: 'appMenu' as const }] : []),
    file,
    { role: 'editMenu' },
    view,
    network,
    { role: 'windowMenu' },
    help,
  ];
}
