/**
 * The desktop app's preload bridge (`window.marginalia`, contract in electron/bridge.ts), when the UI runs in the
 * Electron window; absent in a browser. Declared here rather than imported, so the renderer never depends on
 * Electron code.
 */
export interface DesktopBridge {
  openProject(): Promise<boolean>;
  revealDataFolder(): Promise<void>;
  appVersion(): Promise<string>;
}

export const desktop = (): DesktopBridge | undefined =>
  (window as unknown as { marginalia?: DesktopBridge }).marginalia;
