// `npm start` (and `npm run import`/`export`) build only when a source file is newer than the build, so a second
// start is instant. A production install (`npm ci --omit=dev` on the packed app) ships dist/ without the sources
// or the build tools, and never builds. Everything said goes to stderr: the export CLI may write data to stdout.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const newest = (dir) => {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const stamp = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const built = Math.min(stamp(join(root, 'dist/server/cli.js')), stamp(join(root, 'dist/renderer/index.html')));
if (!existsSync(join(root, 'node_modules'))) {
  console.error("Dependencies are missing: run `npm ci` first (the README's start command does).");
  process.exit(1);
}
if (!existsSync(join(root, 'server')) || !existsSync(join(root, 'renderer'))) {
  if (built) process.exit(0);
  console.error(
    'dist/ is missing and there are no sources to build it from: build it in a clone with `npm run build`.',
  );
  process.exit(1);
}
const sources = Math.max(
  newest(join(root, 'server')),
  newest(join(root, 'shared')),
  newest(join(root, 'renderer')),
  stamp(join(root, 'package.json')),
);
if (sources > built) {
  console.error('building…');
  execSync('npm run build --silent', { cwd: root, stdio: ['ignore', 2, 2] });
}
