/** Secrets the server generates once and keeps in the data folder (mode 0600): the cookie key, the admin key. */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file.js';
import type { SharedStore } from '../domain/ports.js';

export async function readOrCreateSecret(
  dir: string,
  name: string,
  bytes = 32,
): Promise<{ value: string; path: string; created: boolean }> {
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

/**
 * A secret several server processes on one database project must share (the cookie key, the generated admin
 * key): the project's own, proposed from this data folder's file the first time, and written into the file so
 * that the file shows the key in use.
 */
export async function sharedSecret(
  store: SharedStore,
  dir: string,
  name: string,
): Promise<{ value: string; path: string }> {
  const local = await readOrCreateSecret(dir, name);
  const value = await store.secret(name, local.value);
  if (value !== local.value) await writeFileAtomic(local.path, value + '\n', 0o600);
  return { value, path: local.path };
}
