/** Secrets the server generates once and keeps in the data folder (mode 0600): the cookie key, the admin key. */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file.js';

export async function readOrCreateSecret(dir: string, name: string, bytes = 32): Promise<{ value: string; path: string; created: boolean }> {
  const path = join(dir, name);
  try {
    const value = (await readFile(path, 'utf8')).trim();
    if (value) return { value, path, created: false };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const value = randomBytes(bytes).toString('base64url');
  await writeFileAtomic(path, value + '\n', 0o600);
  return { value, path, created: true };
}
