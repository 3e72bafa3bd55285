/**
 * Writes a whole file so that a crash at any moment leaves either the old or the new content: write a temp file
 * in the same folder, fsync it, rename over the target, fsync the folder. lowdb's Adapter shape, with the fsyncs
 * steno leaves out.
 */
import { open, rename, readFile, unlink, type FileHandle } from 'node:fs/promises';
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
  await replaceAtomically(file, mode, (handle) => handle.writeFile(data));
}

/**
 * As writeFileAtomic, for content made in pieces: each piece is written before the next is made, so a large
 * file (a snapshot of a big project) is never built whole in memory, and other work runs between the pieces.
 */
export async function writeFileAtomicChunks(
  file: string,
  chunks: Iterable<string | Uint8Array>,
  mode = 0o600,
): Promise<void> {
  await replaceAtomically(file, mode, async (handle) => {
    for (const chunk of chunks) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      // a write may be partial (near a full disk, say): go on from where it stopped
      for (let written = 0; written < bytes.length;)
        written += (await handle.write(bytes, written, bytes.length - written)).bytesWritten;
    }
  });
}

async function replaceAtomically(
  file: string,
  mode: number,
  fill: (handle: FileHandle) => Promise<unknown>,
): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const handle = await open(temp, 'w', mode);
  try {
    await fill(handle);
    await handle.sync();
  } catch (e) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw e;
  }
  await handle.close();
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
      throw new StorageError(
        `${this.file}: is not valid JSON (${(e as Error).message}); restore it from a backup or move it away`,
      );
    }
  }

  async write(data: T): Promise<void> {
    await writeFileAtomic(this.file, JSON.stringify(data));
  }
}
