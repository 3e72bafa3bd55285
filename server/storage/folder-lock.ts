/**
 * One writer per data folder. Two processes appending to the same journal (a second server, or the import and
 * export tools while a server runs) would interleave and lose each other's writes, so the store takes a lock
 * file holding its process id. A lock left by a process that no longer exists (kill -9, power loss) is stale
 * and taken over.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StorageError } from './tables.js';

const LOCK = 'marginalia.lock';
/** folders locked by this process, so a store reopened in-process (tests, the desktop app) is not refused */
const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockFolder(dir: string): () => void {
  const file = join(dir, LOCK);
  if (heldHere.has(file)) throw new StorageError(`${dir} is already open in this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        try {
          unlinkSync(file);
        } catch {
          /* already gone: nothing to release */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new StorageError(`the data folder ${dir} is in use by another Marginalia process (pid ${holder}); stop it first`);
      }
      unlinkSync(file); // stale: its process is gone
    }
  }
  throw new StorageError(`could not lock the data folder ${dir}`);
}
