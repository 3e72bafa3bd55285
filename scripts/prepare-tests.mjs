// Before `vitest run`: type-check every part (server, tests, renderer, Electron shell), lint them, build the renderer
// (the e2e tests serve it) and make sure Debian's Chromium (the browser tests), PostgreSQL (the `postgres` test project
// starts a throwaway cluster from its binaries) and the sqlite3 shell (a real WAL writer for the database-source
// tests) are there. CI runs as root on a fresh machine, so this installs
// them; elsewhere it says how.
import { execSync, spawn } from 'node:child_process';
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
// The three steps below do not depend on one another once the renderer's API types are written, and each is mostly
// one single-threaded process (tsc, ESLint, Vite's bundler): run side by side they take about as long as the
// slowest instead of the sum. Each step's output is held and printed whole when it ends, so they do not interleave.
run('node scripts/gen-api-if-stale.mjs'); // once, before typecheck and lint would both write the file at once
const step = (name, cmd) =>
  new Promise((done) => {
    const started = Date.now();
    const child = spawn(cmd, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(out));
      console.log(
        `${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      done(code === 0);
    });
  });
const results = await Promise.all([
  step('typecheck', 'npm run typecheck --silent'),
  step('lint', 'npm run lint --silent'),
  step('build', 'node scripts/build-if-needed.mjs'),
]);
if (results.includes(false)) process.exit(1);
