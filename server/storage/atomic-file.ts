/**
 * Writes a whole file so that a crash at any moment leaves either the old or the new content: write a temp file
 * in the same folder, fsync it, rename over the target, fsync the folder. lowdb's Adapter shape, with the fsyncs
 * steno leaves out.
 */
import { open, rename, readFile, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { StorageError } from './tables.js';

export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // some filesystems refuse fsync on a directory; the rename is still atomic there
  } finally {
    await handle.close();
  }
}

export async function writeFileAtomic(file: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const handle = await open(temp, 'w', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    throw e;
  }
  await fsyncDir(dirname(file));
}

/** A lowdb Adapter over a JSON file written atomically and durably. */
export class AtomicJsonFile<T> implements Adapter<T> {
  constructor(private readonly file: string) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    try {
      return JSON.parse(text) as T;
    } catch (e) {
      // never torn by us (written whole, then renamed), so damaged from outside: say which file
      throw new StorageError(`${this.file}: is not valid JSON (${(e as Error).message}); restore it from a backup or move it away`);
    }
  }

  async write(data: T): Promise<void> {
    await writeFileAtomic(this.file, JSON.stringify(data));
  }
}
