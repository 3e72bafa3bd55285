/**
 * One writer per data folder. Two processes appending to the same journal (a second server, or the import and
 * export tools while a server runs) would interleave and lose each other's writes, so the store takes a lock
 * file naming its process (pid, start time, boot: see process-identity.ts). A lock whose process is gone (kill -9,
 * power loss) or whose pid now belongs to another process is stale and taken over, with one line saying so.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../domain/ports.js';
import { currentProcess, isRunning, type ProcessIdentity } from './process-identity.js';
import { StorageError } from './tables.js';

const LOCK = 'marginalia.lock';
/** held only while one process judges and removes a stale lock, so two starting at once do not both take over */
const TAKEOVER = 'marginalia.lock.takeover';
/** folders locked by this process, so a store reopened in-process (tests, the desktop app) is not refused */
const heldHere = new Set<string>();

/** The folder is held by a live process; `holder` says which, for a message or a dialog. */
export class FolderLockedError extends StorageError {
  constructor(
    readonly dir: string,
    readonly holder: ProcessIdentity,
  ) {
    super(
      `the data folder ${dir} is in use by another Marginalia process (pid ${holder.pid}${holder.host ? ` on ${holder.host}` : ''}); stop it first, or open another data folder`,
    );
    this.name = 'FolderLockedError';
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The holder a lock file names; a lock written by an older version holds only the pid. */
function readHolder(file: string): { raw: string; holder: ProcessIdentity | null } | null {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const text = raw.trim();
  if (/^\d+$/.test(text)) return { raw, holder: { pid: Number(text), host: '' } };
  try {
    const parsed = JSON.parse(text) as ProcessIdentity;
    if (Number.isInteger(parsed.pid) && parsed.pid > 0) return { raw, holder: parsed };
  } catch {
    /* unreadable: a torn write of a lock, nobody can be holding it by it */
  }
  return { raw, holder: null };
}

function tryCreate(file: string, content: string): boolean {
  try {
    writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    /* already gone */
  }
}

function describe(holder: ProcessIdentity | null): string {
  return holder ? `pid ${holder.pid}${holder.host ? ` on ${holder.host}` : ''}` : 'an unreadable lock';
}

/**
 * Whether the holder runs, giving a process that was just killed a moment to finish dying: a restart right after
 * kill -9 must not be refused by a process that is already on its way out.
 */
function holderRuns(holder: ProcessIdentity): boolean {
  for (let i = 0; i < 10; i++) {
    if (!isRunning(holder)) return false;
    sleep(50);
  }
  return true;
}

export function lockFolder(dir: string, logger?: Logger): () => void {
  const file = join(dir, LOCK);
  const guard = join(dir, TAKEOVER);
  if (heldHere.has(file)) throw new StorageError(`${dir} is already open in this process`);
  const me = currentProcess();
  const mine = JSON.stringify(me);
  for (let attempt = 0; attempt < 100; attempt++) {
    if (tryCreate(file, mine)) {
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        unlinkQuietly(file);
      };
    }
    const found = readHolder(file);
    if (!found) continue; // released between our attempt and the read
    const { holder } = found;
    const ours = holder && holder.pid === me.pid && holder.start === me.start && holder.boot === me.boot;
    if (holder && !ours && holderRuns(holder)) throw new FolderLockedError(dir, holder);
    // stale: remove it under the takeover guard, and only if it is still the lock we judged
    if (!tryCreate(guard, mine)) {
      const other = readHolder(guard);
      if (other?.holder && isRunning(other.holder)) sleep(20);
      else unlinkQuietly(guard); // a takeover that died half-way
      continue;
    }
    try {
      if (readHolder(file)?.raw === found.raw) {
        unlinkSync(file);
        const why = holder ? 'no longer running' : 'unreadable';
        (logger?.warn.bind(logger) ?? console.warn)(
          `took over the data folder lock left by ${describe(holder)} (${why})`,
        );
      }
    } finally {
      unlinkQuietly(guard);
    }
  }
  throw new StorageError(
    `could not lock the data folder ${dir}: another process keeps taking it; remove ${file} if no Marginalia runs on it`,
  );
}
