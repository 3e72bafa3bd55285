import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JournalStore } from '../../../server/storage/journal-store.js';
import { tempDir } from '../../helpers/temp-dir.js';

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
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir, 'marginalia.lock'), String(other.pid));
      await expect(JournalStore.open(dir)).rejects.toThrow(new RegExp(`in use by another Marginalia process \\(pid ${other.pid}\\)`));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that no longer exists (kill -9)', async () => {
    const dir = tempDir('marginalia-lock-');
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => gone.once('exit', r));
    writeFileSync(join(dir, 'marginalia.lock'), String(gone.pid));
    const store = await JournalStore.open(dir);
    await store.write([{ table: 'settings', key: 'overrides', value: { annotation_task_name: 'x' } }]);
    await store.close();
  });
});
