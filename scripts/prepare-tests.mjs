// Before `vitest run`: type-check every part (server, tests, renderer, Electron shell), build the renderer (the e2e
// tests serve it) and make sure Debian's Chromium is there for the browser tests. CI runs as root on a fresh
// machine, so this installs it; elsewhere it says how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd) => execSync(cmd, { stdio: 'inherit' });

if (!existsSync('/usr/bin/chromium')) {
  if (process.getuid?.() === 0) {
    console.log('installing chromium for the browser tests (apt-get)…');
    run('DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null');
  } else {
    console.error('The browser tests need Debian\'s chromium at /usr/bin/chromium: sudo apt-get install -y chromium');
    process.exit(1);
  }
}
run('npm run typecheck --silent');
run('node scripts/build-if-needed.mjs');
