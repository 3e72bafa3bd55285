/**
 * vitest globalSetup of every project: brings dist/ up to date the way `npm start` does
 * (scripts/build-if-needed.mjs: a build only when a source is newer than it), so tests run the server's commands
 * as users do, from dist/server (a start there loads a few files; through tsx it compiled ~500 modules, twice the
 * time), and the browser tests serve dist/renderer. `npm test` built it already; a lone `vitest run` after an edit
 * builds here, once, before any file starts.
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

let checked = false;

export function setup(): void {
  if (checked) return; // each project runs its globalSetup; one check for the run is enough
  checked = true;
  // Vitest sets NODE_ENV=test, with which Vite would bundle React's development build: not what users run
  execFileSync(process.execPath, [join(root, 'scripts', 'build-if-needed.mjs')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
