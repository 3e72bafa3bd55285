/**
 * The settings an admin may change while the server runs. The config file gives the starting values; changes
 * are stored as overrides, so they take effect at once and survive restarts without rewriting the user's YAML.
 */
import type { RuntimeSettings } from './task.js';
import type { Store, StoreOp } from './ports.js';

declare module './ports.js' {
  interface Tables {
    settings: Partial<RuntimeSettings>;
  }
}

const KEY = 'overrides';

export class Settings {
  constructor(
    private readonly store: Store,
    private readonly fromConfig: RuntimeSettings,
  ) {}

  get(): RuntimeSettings {
    return { ...this.fromConfig, ...this.store.get('settings', KEY) };
  }

  /** The op that stores these changes on top of earlier ones. */
  updateOp(changes: Partial<RuntimeSettings>): StoreOp {
    return { table: 'settings', key: KEY, value: { ...this.store.get('settings', KEY), ...changes } };
  }
}
