/** A fingerprint of every file in a data folder, to prove a run of bad requests changed nothing on disk. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[p.slice(dir.length + 1)] = createHash('sha256').update(readFileSync(p)).digest('hex');
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
