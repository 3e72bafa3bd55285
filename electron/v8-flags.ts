/**
 * V8 flags for the server the desktop app runs inside Electron's main process. `npm start` gives the server its
 * flags on Node's command line; Electron starts its main process without them, and an app cannot add them to its
 * own main process (Electron's `js-flags` switch reaches the renderers only). So the flags V8 still reads after
 * start-up are set here, before the server starts: `--no-allocation-site-pretenuring` is read at each garbage
 * collection, while `--max-semi-space-size` is fixed when the heap is set up and is left out (docs/desktop.md).
 */
import v8 from 'node:v8';

/** the flags of `npm start`'s script that take effect when set at run time */
export const RUN_TIME_V8_FLAGS = ['--no-allocation-site-pretenuring'] as const;

export function setRunTimeV8Flags(): void {
  for (const flag of RUN_TIME_V8_FLAGS) v8.setFlagsFromString(flag);
}
