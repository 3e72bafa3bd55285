import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JournalStore } from '../../../server/storage/journal-store.js';
import { currentProcess, processIdentity } from '../../../server/storage/process-identity.js';
import { quietLogger } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

function sleeper() {
  return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
}

function writeLock(dir: string, holder: object | string) {
  writeFileSync(join(dir, 'marginalia.lock'), typeof holder === 'string' ? holder : JSON.stringify(holder));
}

async function opensAndWrites(dir: string) {
  const lines = quietLogger.lines.length;
  const store = await JournalStore.open(dir, { logger: quietLogger });
  await store.write([{ table: 'settings', key: 'overrides', value: { annotation_task_name: 'x' } }]);
  await store.close();
  return quietLogger.lines.slice(lines);
}

describe('one writer per data folder', () => {
  it('refuses a second store on an open folder and lets it in once the first closes', async () => {
    const dir = tempDir('marginalia-lock-');
    const first = await JournalStore.open(dir);
    await expect(JournalStore.open(dir)).rejects.toThrow(/already open/);
    await first.close();
    expect(existsSync(join(dir, 'marginalia.lock'))).toBe(false);
    const second = await JournalStore.open(dir);
    await second.close();
  });

  it('refuses a folder held by another live process, naming it', async () => {
    const dir = tempDir('marginalia-lock-');
    const other = sleeper();
    try {
      writeLock(dir, processIdentity(other.pid!));
      await expect(JournalStore.open(dir)).rejects.toThrow(
        new RegExp(`in use by another Marginalia process \\(pid ${other.pid}\\b`),
      );
      expect(existsSync(join(dir, 'marginalia.lock')), 'the live holder keeps its lock').toBe(true);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that no longer exists (kill -9), saying so', async () => {
    const dir = tempDir('marginalia-lock-');
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => gone.once('exit', r));
    writeLock(dir, String(gone.pid));
    const lines = await opensAndWrites(dir);
    expect(lines.filter((l) => l.includes('took over'))).toEqual([expect.stringContaining(`pid ${gone.pid}`)]);
  });

  it('takes over a lock whose pid now belongs to another, unrelated process (pid reused)', async () => {
    const dir = tempDir('marginalia-lock-');
    const unrelated = sleeper();
    try {
      const now = processIdentity(unrelated.pid!);
      expect(now.start, 'this OS tells process start times').toBeDefined();
      // the earlier holder had this pid but started at another moment
      writeLock(dir, { ...now, start: `${Number(now.start) - 1000}` });
      const lines = await opensAndWrites(dir);
      expect(lines.some((l) => l.includes(`took over`) && l.includes(`pid ${unrelated.pid}`))).toBe(true);
      expect(unrelated.exitCode, 'the unrelated process is left alone').toBeNull();
    } finally {
      unrelated.kill('SIGKILL');
    }
  });

  it('takes over a lock written before the last boot, even though its pid runs now', async () => {
    const dir = tempDir('marginalia-lock-');
    // the lock names this very test process, but in another boot: after a power cut pids start over
    writeLock(dir, { ...currentProcess(), boot: '00000000-0000-0000-0000-000000000000' });
    const lines = await opensAndWrites(dir);
    expect(lines.some((l) => l.includes('took over'))).toBe(true);
  });

  it('takes over a lock whose holder was killed but not yet reaped (a zombie)', async () => {
    const dir = tempDir('marginalia-lock-');
    // the parent shell never waits for its child, so the killed child stays a zombie while the test runs
    const parent = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 31'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((r) => parent.stdout!.once('data', (d) => r(String(d).trim()))));
      writeLock(dir, processIdentity(pid));
      process.kill(pid, 'SIGKILL');
      const lines = await opensAndWrites(dir);
      expect(lines.some((l) => l.includes(`took over`) && l.includes(`pid ${pid}`))).toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
