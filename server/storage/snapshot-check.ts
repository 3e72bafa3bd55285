/**
 * The snapshot's checksum: compaction ends snapshot.json with `,"crc":"<8 hex>"}`, the CRC-32 of every byte before
 * it, so a byte changed after it was written (a value inside a table) stops start-up instead of being served.
 * Snapshots without one (written before checksums, or the empty one a new folder starts with) load as they are.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { StorageError } from './tables.js';

const TAIL = /,"crc":"([0-9a-f]{8})"\}\s*$/;

export class SnapshotDamageError extends StorageError {
  constructor(
    readonly file: string,
    readonly why: string,
  ) {
    super(
      `${file}: ${why}: the file was changed after it was written (a damaged disk block, a bad copy, a sync tool). ` +
        `Nothing was changed. Run \`npm run repair -- --data-dir ${dirname(file)}\` to set the tables it holds aside (a copy ` +
        `of the folder is kept) and start from the packs and journals, or restore the folder from a backup.`,
    );
    this.name = 'SnapshotDamageError';
  }
}

/** The end of a snapshot whose bytes so far have CRC-32 `crc`. */
export const snapshotTail = (crc: number) => `,"crc":"${crc.toString(16).padStart(8, '0')}"}`;

/** Throws SnapshotDamageError when `file` carries a checksum its bytes do not match; a missing file passes. */
export async function checkSnapshot(file: string): Promise<void> {
  let raw: Buffer;
  try {
    raw = await readFile(file);
  } catch {
    return;
  }
  const tail = TAIL.exec(raw.toString('latin1', Math.max(0, raw.length - 64)));
  if (!tail) {
    // a checksummed snapshot whose end was damaged, as opposed to one written without a checksum
    if (raw.includes('"crc":"')) throw new SnapshotDamageError(file, 'its checksum at the end is damaged');
    return;
  }
  const body = raw.length - Buffer.byteLength(tail[0], 'latin1');
  if (crc32(raw.subarray(0, body)) === parseInt(tail[1], 16)) return;
  let where = 'its bytes do not match their checksum';
  try {
    JSON.parse(raw.toString('utf8', 0, body) + '}');
    where += ' (the file still parses, so a value inside it changed)';
  } catch (e) {
    const at = /position (\d+)/.exec((e as Error).message);
    if (at) where += ` (it stops parsing at byte ${at[1]})`;
  }
  throw new SnapshotDamageError(file, where);
}
