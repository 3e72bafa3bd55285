/**
 * The preload bridge's contract, shared by main.ts (which answers) and preload.cts (which exposes it to the page
 * as `window.marginalia`). Only what a web page cannot do itself; nothing that reads or writes arbitrary files.
 */
export interface DesktopBridge {
  /** shows the system's open dialog for a project YAML and opens it; false when the user cancels */
  openProject(): Promise<boolean>;
  /** shows the current project's data folder in the file manager */
  revealDataFolder(): Promise<void>;
  /** the app's version */
  appVersion(): Promise<string>;
}

export type BridgeChannel = 'marginalia:open-project' | 'marginalia:reveal-data-folder' | 'marginalia:app-version';

export const CHANNELS = {
  openProject: 'marginalia:open-project',
  revealDataFolder: 'marginalia:reveal-data-folder',
  appVersion: 'marginalia:app-version',
} as const satisfies Record<keyof DesktopBridge, BridgeChannel>;
