/**
 * A packed table on disk, written by compaction next to the snapshot: `MGP4`, the rows exactly as the arena holds
 * them, their hash index (row-index.ts: int32 slots, then each slot's int32 key hash; little-endian), a CRC-32 of
 * each 64 KiB block of the rows, the codec's dictionary as JSON (`{"words": [...], "shapes": [[...]]}`), then six
 * little-endian uint32s: the rows' byte length, the number of slots, the slots' checksum, the dictionary's byte
 * length, the dictionary's CRC-32 and the CRC-32 of the five before it. Every block is checked when the file is
 * loaded, so a changed byte anywhere (a label inside a row) stops start-up naming the file, block and byte offset
 * (PackDamageError) instead of being served. Loading reads the index and leaves the rows in the
 * file (cold-rows.ts), so a million rows cost one read of the index and one pass over the rows to check it: no
 * JSON parse, and no memory held for rows nobody asks for.
 * `MGP3` files, written before the block checksums, still load unchecked.
 */
import { endianness } from 'node:os';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { ColdRows } from './cold-rows.js';
import { PackedTable } from './packed-table.js';
import { RowIndexWriter, slotsChecksum } from './row-index.js';
import { StorageError } from './tables.js';

const MAGIC = Buffer.from('MGP4');
const MAGIC_3 = Buffer.from('MGP3');
const TRAILER = 24;
const TRAILER_3 = 16;
/** the rows are checksummed in blocks of this many bytes */
export const CHECKED_BLOCK = 64 * 1024;
const PIECE = 1 << 20;
/** the index is little-endian on disk; a big-endian machine swaps it on the way in and out */
const BIG_ENDIAN = endianness() === 'BE';

/** A pack file whose bytes fail their checksum: where, and what to do. */
export class PackDamageError extends StorageError {
  constructor(
    readonly file: string,
    /** what is damaged: a block of rows (0-based), the dictionary or the trailer */
    readonly part: { block: number } | 'dictionary' | 'trailer',
    /** byte range of the damaged part in the file */
    readonly offset: number,
    readonly end: number,
  ) {
    const what = typeof part === 'object' ? `rows block ${part.block}` : `its ${part}`;
    super(
      `${file}: ${what} (bytes ${offset}-${end - 1}) fails its checksum: the file was changed after it was written ` +
        `(a damaged disk block, a bad copy, a sync tool). Nothing was changed. Run \`npm run repair -- --data-dir ` +
        `${dirname(file)}\` to set the rows it cannot vouch for aside (a copy of the folder is kept) and start from the ` +
        `rest, or restore the folder from a backup.`,
    );
    this.name = 'PackDamageError';
  }
}

const blockCount = (rowBytes: number) => Math.ceil(rowBytes / CHECKED_BLOCK);

/** `garbageFloor`: as PackedTableInit's, for tests */
export async function readPackFile(file: string, options: { garbageFloor?: number } = {}): Promise<PackedTable> {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new StorageError(
      `${file}: the snapshot names this packed table but it cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); restore the data folder from a backup`,
    );
  }
  let kept = false;
  try {
    const table = readPack(file, fd, options.garbageFloor);
    kept = table.cold;
    return table.table;
  } finally {
    if (!kept) closeSync(fd);
  }
}

function readPack(file: string, fd: number, garbageFloor: number | undefined): { table: PackedTable; cold: boolean } {
  const { size } = fstatSync(fd);
  const damaged = (why: string) =>
    new StorageError(`${file}: is not a valid packed table (${why}); restore it from a backup or move it away`);
  if (size < MAGIC.length + TRAILER_3) throw damaged('too short');
  const head = readAt(fd, Buffer.alloc(MAGIC.length), 0);
  const checked = head.equals(MAGIC);
  if (!checked && !head.equals(MAGIC_3)) throw damaged('wrong header');
  const trailerBytes = checked ? TRAILER : TRAILER_3;
  if (size < MAGIC.length + trailerBytes) throw damaged('too short');
  const trailer = readAt(fd, Buffer.alloc(trailerBytes), size - trailerBytes);
  if (checked && crc32(trailer.subarray(0, 20)) !== trailer.readUInt32LE(20))
    throw new PackDamageError(file, 'trailer', size - trailerBytes, size);
  const rowBytes = trailer.readUInt32LE(0);
  const slotCount = trailer.readUInt32LE(4);
  const checksum = trailer.readUInt32LE(8);
  const dictionaryBytes = trailer.readUInt32LE(12);
  const indexBytes = 8 * slotCount;
  const crcBytes = checked ? 4 * blockCount(rowBytes) : 0;
  if (MAGIC.length + rowBytes + indexBytes + crcBytes + dictionaryBytes + trailer.length !== size)
    throw damaged('lengths do not add up');
  if (checked)
    checkBlocks(file, fd, rowBytes, readAt(fd, Buffer.alloc(crcBytes), MAGIC.length + rowBytes + indexBytes));
  const slots = new Int32Array(slotCount);
  const hashes = new Int32Array(slotCount);
  for (const [n, array] of [slots, hashes].entries()) {
    const bytes = readAt(fd, Buffer.from(array.buffer), MAGIC.length + rowBytes + 4 * slotCount * n);
    if (BIG_ENDIAN) bytes.swap32();
  }
  const dictionaryAt = MAGIC.length + rowBytes + indexBytes + crcBytes;
  const dictionary = readAt(fd, Buffer.allocUnsafe(dictionaryBytes), dictionaryAt);
  if (checked && crc32(dictionary) !== trailer.readUInt32LE(16))
    throw new PackDamageError(file, 'dictionary', dictionaryAt, dictionaryAt + dictionaryBytes);
  let parsed: { words?: unknown; shapes?: unknown };
  try {
    parsed = JSON.parse(dictionary.toString('utf8'));
  } catch {
    throw damaged('damaged dictionary');
  }
  const { words, shapes } = parsed ?? {};
  const ok =
    Array.isArray(words) &&
    words.every((w) => typeof w === 'string') &&
    Array.isArray(shapes) &&
    shapes.every((keys) => Array.isArray(keys) && keys.every((k) => Number.isInteger(k) && k >= 0 && k < words.length));
  if (!ok) throw damaged('damaged dictionary');
  const dict = { words: words as string[], shapes: shapes as number[][], garbageFloor };
  try {
    return {
      table: new PackedTable({
        ...dict,
        cold: { rows: new ColdRows(fd, MAGIC.length, rowBytes, file), slots, hashes, checksum },
      }),
      cold: true,
    };
  } catch (e) {
    throw damaged((e as Error).message);
  }
}

/**
 * Checks every block of the rows against its CRC-32 (`crcs`: one little-endian uint32 a block), reading a
 * megabyte at a time; throws PackDamageError naming the first bad block.
 */
function checkBlocks(file: string, fd: number, rowBytes: number, crcs: Buffer): void {
  const chunk = Buffer.allocUnsafe(Math.min(16 * CHECKED_BLOCK, Math.max(rowBytes, 1)));
  for (let at = 0; at < rowBytes; at += chunk.length) {
    const length = Math.min(chunk.length, rowBytes - at);
    readAt(fd, chunk, MAGIC.length + at, length);
    for (let from = 0; from < length; from += CHECKED_BLOCK) {
      const block = (at + from) / CHECKED_BLOCK;
      const to = Math.min(from + CHECKED_BLOCK, length);
      if (crc32(chunk.subarray(from, to)) !== crcs.readUInt32LE(4 * block)) {
        throw new PackDamageError(file, { block }, MAGIC.length + at + from, MAGIC.length + at + to);
      }
    }
  }
}

/** Fills `into` (or its first `length` bytes) from the file at `position`; returns it. */
function readAt(fd: number, into: Buffer, position: number, length = into.length): Buffer {
  for (let done = 0; done < length;) {
    const n = readSync(fd, into, done, length - done, position + done);
    if (n === 0) throw new StorageError('the file ended early');
    done += n;
  }
  return into;
}

/**
 * The file's content in pieces of about 1 MB, for the rows of `table` as they were when it was pinned at
 * `end`: rows of keys in `frozen` (changed since) are written with their frozen value instead, or left out
 * where it is undefined (the key did not exist then).
 */
export function* packFilePieces(
  table: PackedTable,
  end: number,
  frozen: ReadonlyMap<string, unknown> | undefined,
): Generator<Uint8Array> {
  yield MAGIC;
  let piece = Buffer.allocUnsafe(PIECE);
  let used = 0;
  let rowBytes = 0;
  // every row written is a key live now or a frozen one, so this bounds the rows
  const index = new RowIndexWriter(table.size + (frozen?.size ?? 0));
  const blocks = new BlockCrcs();
  function* add(row: Buffer, source = -1): Generator<Uint8Array> {
    if (used + row.length > piece.length && used > 0) {
      blocks.add(piece.subarray(0, used));
      yield piece.subarray(0, used);
      piece = Buffer.allocUnsafe(Math.max(PIECE, row.length));
      used = 0;
    }
    if (row.length > piece.length) piece = Buffer.allocUnsafe(row.length);
    row.copy(piece, used);
    index.add(row, rowBytes, source);
    used += row.length;
    rowBytes += row.length;
  }
  for (const [key, row, at] of table.liveRows(end)) if (!frozen?.has(key)) yield* add(row, at);
  // a key frozen after its row was copied above is written once: that row already holds its boundary value
  const keyAt = (at: number) => table.keyAt(at);
  if (frozen)
    for (const [key, value] of frozen)
      if (value !== undefined && !index.holds(key, keyAt)) yield* add(table.encodeRow(key, value));
  if (used) {
    blocks.add(piece.subarray(0, used));
    yield piece.subarray(0, used);
  }
  const checksum = slotsChecksum(index.slots, index.hashes);
  for (const array of [index.slots, index.hashes]) {
    const bytes = Buffer.from(array.buffer);
    if (BIG_ENDIAN) bytes.swap32();
    yield bytes;
  }
  yield blocks.finish();
  // written last: the frozen values above may have added words
  const dictionary = Buffer.from(JSON.stringify({ words: table.codec.words, shapes: table.codec.shapes }));
  const trailer = Buffer.alloc(TRAILER);
  trailer.writeUInt32LE(rowBytes, 0);
  trailer.writeUInt32LE(index.slots.length, 4);
  trailer.writeUInt32LE(checksum, 8);
  trailer.writeUInt32LE(dictionary.length, 12);
  trailer.writeUInt32LE(crc32(dictionary), 16);
  trailer.writeUInt32LE(crc32(trailer.subarray(0, 20)), 20);
  yield dictionary;
  yield trailer;
}

/** The CRC-32 of each CHECKED_BLOCK of bytes fed in order, however they are cut into pieces. */
class BlockCrcs {
  private readonly crcs: number[] = [];
  private crc = 0;
  private filled = 0;

  add(bytes: Uint8Array): void {
    for (let at = 0; at < bytes.length;) {
      const n = Math.min(CHECKED_BLOCK - this.filled, bytes.length - at);
      this.crc = crc32(bytes.subarray(at, at + n), this.crc);
      this.filled += n;
      at += n;
      if (this.filled === CHECKED_BLOCK) this.close();
    }
  }

  /** The table as the file holds it: a little-endian uint32 a block. */
  finish(): Buffer {
    if (this.filled) this.close();
    const out = Buffer.alloc(4 * this.crcs.length);
    this.crcs.forEach((c, i) => out.writeUInt32LE(c, 4 * i));
    return out;
  }

  private close(): void {
    this.crcs.push(this.crc);
    this.crc = 0;
    this.filled = 0;
  }
}
