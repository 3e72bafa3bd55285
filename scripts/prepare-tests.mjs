// `npm test`: type-check every part (server, tests, renderer, Electron shell), lint them and run Vitest (its
// globalSetup builds dist/, which the tests run and serve), after making sure Debian's Chromium (the browser tests),
// PostgreSQL (the `postgres` test project starts a throwaway cluster from its binaries) and the sqlite3 shell (a real
// WAL writer for the database-source tests) are there. CI runs as root on a fresh machine, so this installs them;
// elsewhere it says how.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

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
// The checks and the tests do not depend on one another once the renderer's API types are written. Typecheck and
// lint are each mostly one single-threaded process, and the tests leave much of the two cores idle while they wait
// on servers, pages and child processes: run together, the checks fill those gaps (at a lower priority, so the
// tests keep the CPU they want) and `npm test` takes about as long as the tests alone instead of the checks first.
// A check's output is printed whole when it ends if it failed, else after the tests, so nothing interleaves.
// Arguments go to `vitest run` (`npm test -- test/x.test.ts`).
run('node scripts/gen-api-if-stale.mjs'); // once, before typecheck and lint would both write the file at once
const low = (cmd) => (process.platform === 'win32' ? cmd : `nice -n 10 ${cmd}`);
const held = [];
const check = (name, cmd) =>
  new Promise((done) => {
    const started = Date.now();
    const child = spawn(low(cmd), { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const line = `${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${secondsSince(started)} s\n`;
      if (code === 0) held.push(Buffer.concat(out), line);
      else process.stdout.write(Buffer.concat([...out, Buffer.from(line)]));
      done(code === 0);
    });
  });
const secondsSince = (t) => ((Date.now() - t) / 1000).toFixed(0);
const tests = new Promise((done) => {
  const vitest = join(import.meta.dirname, '..', 'node_modules', 'vitest', 'vitest.mjs');
  const child = spawn(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
});
const checks = Promise.all([check('typecheck', 'npm run typecheck --silent'), check('lint', 'npm run lint --silent')]);
const [testsCode, checksOk] = await Promise.all([tests, checks.then((ok) => !ok.includes(false))]);
for (const b of held) process.stdout.write(b);
process.exit(testsCode !== 0 ? testsCode : checksOk ? 0 : 1);
