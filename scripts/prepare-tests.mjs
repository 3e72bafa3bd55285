// Before `vitest run`: type-check every part (server, tests, renderer, Electron shell), lint them, build the renderer
// (the e2e tests serve it) and make sure Debian's Chromium (the browser tests), PostgreSQL (the `postgres` test project
// starts a throwaway cluster from its binaries) and the sqlite3 shell (a real WAL writer for the database-source
// tests) are there. CI runs as root on a fresh machine, so this installs
// them; elsewhere it says how.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const run = (cmd) => execSync(cmd, { stdio: 'inherit' });

const hasPostgres = () =>
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
const missing = [];
if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
if (!hasPostgres()) missing.push('postgresql');
if (!existsSync('/usr/bin/sqlite3')) missing.push('sqlite3');
if (missing.length) {
  if (process.getuid?.() === 0) {
    console.log(`installing ${missing.join(', ')} for the tests (apt-get)…`);
    run(
      `DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')} > /dev/null`,
    );
  } else {
    console.error(`The tests need Debian's ${missing.join(', ')}: sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
}
run('npm run typecheck --silent');
run('npm run lint --silent');
run('node scripts/build-if-needed.mjs');
