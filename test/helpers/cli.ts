/**
 * The server's commands as users run them (`npm start`, `npm run import`, …): the built dist/server/<name>.js,
 * kept up to date for the run by build-global.ts.
 */
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export type Command = 'cli' | 'export-cli' | 'import-cli' | 'migrate-store-cli' | 'repair-cli';

/** The path to give `node` for `command`. */
export const builtCommand = (command: Command): string => join(root, 'dist', 'server', `${command}.js`);
