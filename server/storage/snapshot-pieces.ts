/**
 * What compaction writes as `snapshot.json`, kept apart from the store so the file's format sits in one place:
 * the format version, the shape lowdb reads back at start, and the JSON produced piece by piece from the tables.
 */
import { crc32 } from 'node:zlib';
import { snapshotTail } from './snapshot-check.js';

/**
 * Bumped when the on-disk shape changes; newer versions are refused. 3: pack files and the snapshot carry
 * checksums (older versions would call the new packs damaged); 2 added `packs`; a format-1 folder loads as
 * it is (its tables are all in the JSON) and is written as format 2 at its next compaction.
 */
export const FORMAT_VERSION = 3;

export interface Snapshot {
  format: number;
  generation: number;
  tables: Record<string, Record<string, unknown>>;
  /** table → its pack file in the folder */
  packs?: Record<string, string>;
}

/** A table's keys at the snapshot's boundary. */
export type TableKeys = readonly [string, string[]];

/**
 * The snapshot's JSON ({format, generation, tables, packs, crc}) in pieces of about 1 MB, ending with the checksum
 * of the bytes before it (snapshot-check.ts). `valueAt` gives a key's value at the boundary (undefined: skip it).
 */
export function* snapshotPieces(
  generation: number,
  keys: readonly TableKeys[],
  packs: Record<string, string>,
  valueAt: (table: string, key: string) => unknown,
): Generator<string> {
  let crc = 0;
  for (const piece of snapshotBody(generation, keys, packs, valueAt)) {
    crc = crc32(piece, crc);
    yield piece;
  }
  yield snapshotTail(crc);
}

function* snapshotBody(
  generation: number,
  keys: readonly TableKeys[],
  packs: Record<string, string>,
  valueAt: (table: string, key: string) => unknown,
): Generator<string> {
  let piece = `{"format":${FORMAT_VERSION},"generation":${generation},"packs":${JSON.stringify(packs)},"tables":{`;
  for (let t = 0; t < keys.length; t++) {
    const [name, list] = keys[t];
    piece += `${t ? ',' : ''}${JSON.stringify(name)}:{`;
    let first = true;
    for (let i = 0; i < list.length; i++) {
      const value = valueAt(name, list[i]);
      if (value === undefined) continue; // added by a write the old journal does not have yet
      piece += `${first ? '' : ','}${JSON.stringify(list[i])}:${JSON.stringify(value)}`;
      first = false;
      if (piece.length > 1 << 20) {
        yield piece;
        piece = '';
      }
    }
    piece += '}';
  }
  yield `${piece}}`;
}
