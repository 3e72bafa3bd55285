/**
 * The preload of the app window: exposes `window.marginalia` (see bridge.ts) and nothing else. CommonJS
 * (`.cts`) because a sandboxed preload cannot be an ES module, and one file because it cannot require our
 * modules either, so the channel names are written out here and checked against bridge.ts by the compiler.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { BridgeChannel, DesktopBridge } from './bridge.js';

const invoke =
  <T,>(channel: BridgeChannel) =>
  (): Promise<T> =>
    ipcRenderer.invoke(channel) as Promise<T>;

const bridge: DesktopBridge = {
  openProject: invoke<boolean>('marginalia:open-project'),
  revealDataFolder: invoke<void>('marginalia:reveal-data-folder'),
  appVersion: invoke<string>('marginalia:app-version'),
};

contextBridge.exposeInMainWorld('marginalia', bridge);
