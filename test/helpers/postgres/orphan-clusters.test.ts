/**
 * A test process killed with its cluster running (a `vitest run` stopped by kill -9 skips its teardown) leaves no
 * PostgreSQL behind once the next cluster starts.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';
import { startPostgres } from '../postgres.js';

/** running: a stopped server whose parent died may linger as a zombie until init reaps it */
const running = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

it('stops and removes the cluster of a test process that was killed', async () => {
  const script = `import { startPostgres } from './test/helpers/postgres.ts';
const pg = await startPostgres();
console.log(new URL(pg.socketUrl).searchParams.get('host'));
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [dir] = (await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next()).value.split('\n');
  const postmaster = Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  expect(running(postmaster)).toBe(true); // the dead process's cluster runs on

  const next = await startPostgres();
  try {
    expect(running(postmaster)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  } finally {
    next.stop();
  }
}, 120_000);
