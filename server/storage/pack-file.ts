/**
 * A packed table on disk, written by compaction next to the snapshot: `MGP3`, the rows exactly as the arena holds
 * them, their hash index (row-index.ts: int32 slots, then each slot's int32 key hash; little-endian), the codec's
 * dictionary as JSON
 * (`{"words": [...], "shapes": [[...]]}`), then four little-endian uint32s: the rows' byte length, the number of
 * slots, the slots' checksum and the dictionary's byte length. Loading reads the index and leaves the rows in the
 * file (cold-rows.ts), so a million rows cost one read of the index and one pass over the rows to check it: no
 * JSON parse, and no memory held for rows nobody asks for.
 * `MGP2` files (slots without hashes) still load, hashing their keys; `MGP1` files (no index; a trailer of rows'
 * and dictionary's lengths) load into memory, indexing their rows.
 */
import { endianness } from 'node:os';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { ColdRows } from './cold-rows.js';
import { PackedTable } from './packed-table.js';
import { RowIndexWriter, slotsChecksum } from './row-index.js';
import { StorageError } from './tables.js';

const MAGIC = Buffer.from('MGP3');
const MAGIC_2 = Buffer.from('MGP2');
const MAGIC_1 = Buffer.from('MGP1');
const TRAILER = 16;
const TRAILER_1 = 8;
const PIECE = 1 << 20;
/** the index is little-endian on disk; a big-endian machine swaps it on the way in and out */
const BIG_ENDIAN = endianness() === 'BE';

/** Room left after the loaded rows, so the first writes after a start do not copy the whole arena. */
const headroom = (bytes: number) => Math.max(1 << 20, Math.ceil(bytes / 8));

/** `garbageFloor`: as PackedTableInit's, for tests */
export async function readPackFile(file: string, options: { garbageFloor?: number } = {}): Promise<PackedTable> {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new StorageError(`${file}: the snapshot names this packed table but it cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); restore the data folder from a backup`);
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
  const damaged = (why: string) => new StorageError(`${file}: is not a valid packed table (${why}); restore it from a backup or move it away`);
  if (size < MAGIC.length + TRAILER) throw damaged('too short');
  const head = readAt(fd, Buffer.alloc(MAGIC.length), 0);
  const hashed = head.equals(MAGIC);
  const indexed = hashed || head.equals(MAGIC_2);
  if (!indexed && !head.equals(MAGIC_1)) throw damaged('wrong header');
  const trailer = readAt(fd, Buffer.alloc(indexed ? TRAILER : TRAILER_1), size - (indexed ? TRAILER : TRAILER_1));
  const rowBytes = trailer.readUInt32LE(0);
  const slotCount = indexed ? trailer.readUInt32LE(4) : 0;
  const checksum = indexed ? trailer.readUInt32LE(8) : 0;
  const dictionaryBytes = trailer.readUInt32LE(trailer.length - 4);
  const indexBytes = (hashed ? 8 : 4) * slotCount;
  if (MAGIC.length + rowBytes + indexBytes + dictionaryBytes + trailer.length !== size) throw damaged('lengths do not add up');
  // a first-format file's rows are read into memory and indexed; a second's stay on disk beside their index
  const arena = indexed ? undefined : readAt(fd, Buffer.allocUnsafe(rowBytes + headroom(rowBytes)), MAGIC.length, rowBytes);
  const slots = new Int32Array(slotCount);
  const hashes = hashed ? new Int32Array(slotCount) : undefined;
  for (const [n, array] of [slots, hashes].entries()) {
    if (!array) continue;
    const bytes = readAt(fd, Buffer.from(array.buffer), MAGIC.length + rowBytes + 4 * slotCount * n);
    if (BIG_ENDIAN) bytes.swap32();
  }
  const dictionary = readAt(fd, Buffer.allocUnsafe(dictionaryBytes), MAGIC.length + rowBytes + indexBytes);
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
    if (!indexed) return { table: new PackedTable({ ...dict, arena, end: rowBytes }), cold: false };
    return { table: new PackedTable({ ...dict, cold: { rows: new ColdRows(fd, MAGIC.length, rowBytes, file), slots, hashes, checksum } }), cold: true };
  } catch (e) {
    throw damaged((e as Error).message);
  }
}

/** Fills `into` (or its first `length` bytes) from the file at `position`; returns it. */
function readAt(fd: number, into: Buffer, position: number, length = into.length): Buffer {
  for (let done = 0; done < length; ) {
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
export function* packFilePieces(table: PackedTable, end: number, frozen: ReadonlyMap<string, unknown> | undefined): Generator<Uint8Array> {
  yield MAGIC;
  let piece = Buffer.allocUnsafe(PIECE);
  let used = 0;
  let rowBytes = 0;
  // every row written is a key live now or a frozen one, so this bounds the rows
  const index = new RowIndexWriter(table.size + (frozen?.size ?? 0));
  function* add(row: Buffer, source = -1): Generator<Uint8Array> {
    if (used + row.length > piece.length && used > 0) {
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
  if (frozen) for (const [key, value] of frozen) if (value !== undefined && !index.holds(key, keyAt)) yield* add(table.encodeRow(key, value));
  if (used) yield piece.subarray(0, used);
  const checksum = slotsChecksum(index.slots, index.hashes);
  for (const array of [index.slots, index.hashes]) {
    const bytes = Buffer.from(array.buffer);
    if (BIG_ENDIAN) bytes.swap32();
    yield bytes;
  }
  // written last: the frozen values above may have added words
  const dictionary = Buffer.from(JSON.stringify({ words: table.codec.words, shapes: table.codec.shapes }));
  const trailer = Buffer.alloc(TRAILER);
  trailer.writeUInt32LE(rowBytes, 0);
  trailer.writeUInt32LE(index.slots.length, 4);
  trailer.writeUInt32LE(checksum, 8);
  trailer.writeUInt32LE(dictionary.length, 12);
  yield dictionary;
  yield trailer;
}
