/**
 * A small tmpfs of its own, for tests of a full disk. Mounting needs root (CI runs as root); elsewhere `mount`
 * gives null and the caller skips, saying so.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function mountTmpfs(size: string): string | null {
  if (process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'marginalia-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

export function unmountTmpfs(dir: string | null): void {
  if (!dir) return;
  try {
    execFileSync('umount', ['-l', dir]);
  } catch {
    /* already gone */
  }
  rmSync(dir, { recursive: true, force: true });
}
