import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterFile } from './after-file.js';

/** A fresh folder under the OS temp dir, removed after the test file. */
export function tempDir(prefix = 'marginalia-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterFile(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
