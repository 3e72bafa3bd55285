/** A fingerprint of every file in a data folder, to prove a run of bad requests changed nothing on disk. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';

/**
 * The fuzzers take a fingerprint after every request, and rereading a folder of megabytes each time was most of
 * their time: a file is hashed again only when its inode, size, mtime or ctime moved (every write sets ctime, which
 * nothing can set back), or when it had changed less than a second before it was read, since a second write inside
 * one timestamp tick could leave all four as they were (git's "racily clean" files).
 */
const RACY_NS = 1_000_000_000n;
const kept = new Map<string, { stat: BigIntStats; hash: string }>();

const same = (a: BigIntStats, b: BigIntStats) =>
  a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

function fileHash(path: string, stat: BigIntStats): string {
  const was = kept.get(path);
  if (was && same(was.stat, stat)) return was.hash;
  const readAt = BigInt(Date.now()) * 1_000_000n;
  const hash = createHash('sha256').update(readFileSync(path)).digest('hex');
  const changed = stat.mtimeNs > stat.ctimeNs ? stat.mtimeNs : stat.ctimeNs;
  if (readAt - changed > RACY_NS) kept.set(path, { stat, hash });
  else kept.delete(path);
  return hash;
}

export function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const stat = statSync(p, { bigint: true });
      if (stat.isDirectory()) walk(p);
      else out[p.slice(dir.length + 1)] = fileHash(p, stat);
    }
  };
  walk(dir);
  return out;
}

/**
 * The fingerprint once what an accepted request started in the background has been stored (a judge calibration
 * run labels items after its request was answered), so those writes are not taken for a later refusal's.
 */
export async function settledFingerprint(t: { dataDir: string; server: { services: { settled(): Promise<void> } } }) {
  await t.server.services.settled();
  return fingerprint(t.dataDir);
}
