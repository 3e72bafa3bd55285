/**
 * Reads Potato's output folder (`output_annotation_dir`): one folder per annotator holding `user_state.json`.
 * Only read, never written: the folder stays Potato's. Each file comes with its SHA-256, so a file taken in
 * once is recognised at the next start, and a changed one is told apart.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface UserStateFile {
  /** the file's path, as reports name it */
  path: string;
  sha256: string;
  /** when Potato last saved it (ISO): the time of answers the file gives no time for */
  saved_at: string;
  /** the parsed JSON, or why it could not be read */
  json: unknown;
  error?: string;
}

/** Every annotator folder's user state, in name order; none when the folder does not exist. */
export async function readUserStateFiles(folder: string): Promise<UserStateFile[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw e;
  }
  const out: UserStateFile[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name, 'user_state.json');
    let bytes: Buffer;
    let saved: Date;
    try {
      [bytes, saved] = await Promise.all([readFile(path), stat(path).then((s) => s.mtime)]);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue; // not an annotator's folder
      throw e;
    }
    const file: UserStateFile = {
      path,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      saved_at: saved.toISOString(),
      json: undefined,
    };
    try {
      file.json = JSON.parse(bytes.toString('utf8'));
    } catch (e) {
      file.error = `not valid JSON: ${(e as Error).message}`;
    }
    out.push(file);
  }
  return out;
}
