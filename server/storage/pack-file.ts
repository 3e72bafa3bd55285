/**
 * A packed table on disk, written by compaction next to the snapshot: `MGP2`, the rows exactly as the arena holds
 * them, their hash index (row-index.ts: int32 slots, little-endian), the codec's dictionary as JSON
 * (`{"words": [...], "shapes": [[...]]}`), then four little-endian uint32s: the rows' byte length, the number of
 * slots, the slots' checksum and the dictionary's byte length. Loading reads the rows straight into the arena and
 * the index beside them, so a million rows cost two reads and one pass to check them: no JSON parse, no hashing.
 * `MGP1` files (no index; a trailer of rows' and dictionary's lengths) still load, indexing their rows.
 */
import { endianness } from 'node:os';
import { open } from 'node:fs/promises';
import { PackedTable } from './packed-table.js';
import { RowIndexWriter, slotsChecksum } from './row-index.js';
import { StorageError } from './tables.js';

const MAGIC = Buffer.from('MGP2');
const MAGIC_1 = Buffer.from('MGP1');
const TRAILER = 16;
const TRAILER_1 = 8;
const PIECE = 1 << 20;
/** the index is little-endian on disk; a big-endian machine swaps it on the way in and out */
const BIG_ENDIAN = endianness() === 'BE';

/** Room left after the loaded rows, so the first writes after a start do not copy the whole arena. */
const headroom = (bytes: number) => Math.max(1 << 20, Math.ceil(bytes / 8));

export async function readPackFile(file: string): Promise<PackedTable> {
  const handle = await open(file, 'r').catch((e: NodeJS.ErrnoException) => {
    throw new StorageError(`${file}: the snapshot names this packed table but it cannot be read (${e.code ?? e.message}); restore the data folder from a backup`);
  });
  try {
    const { size } = await handle.stat();
    const damaged = (why: string) => new StorageError(`${file}: is not a valid packed table (${why}); restore it from a backup or move it away`);
    if (size < MAGIC.length + TRAILER) throw damaged('too short');
    const head = Buffer.alloc(MAGIC.length);
    await handle.read(head, 0, MAGIC.length, 0);
    const indexed = head.equals(MAGIC);
    if (!indexed && !head.equals(MAGIC_1)) throw damaged('wrong header');
    const trailer = Buffer.alloc(indexed ? TRAILER : TRAILER_1);
    await handle.read(trailer, 0, trailer.length, size - trailer.length);
    const rowBytes = trailer.readUInt32LE(0);
    const slotCount = indexed ? trailer.readUInt32LE(4) : 0;
    const checksum = indexed ? trailer.readUInt32LE(8) : 0;
    const dictionaryBytes = trailer.readUInt32LE(trailer.length - 4);
    if (MAGIC.length + rowBytes + 4 * slotCount + dictionaryBytes + trailer.length !== size) throw damaged('lengths do not add up');
    const arena = Buffer.allocUnsafe(rowBytes + headroom(rowBytes));
    await readFully(handle, arena, rowBytes, MAGIC.length);
    const slots = indexed ? new Int32Array(slotCount) : undefined;
    if (slots) {
      const bytes = Buffer.from(slots.buffer);
      await readFully(handle, bytes, bytes.length, MAGIC.length + rowBytes);
      if (BIG_ENDIAN) bytes.swap32();
    }
    const dictionary = Buffer.allocUnsafe(dictionaryBytes);
    await readFully(handle, dictionary, dictionaryBytes, MAGIC.length + rowBytes + 4 * slotCount);
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
    try {
      return new PackedTable({ words: words as string[], shapes: shapes as number[][], arena, end: rowBytes, slots, checksum });
    } catch (e) {
      throw damaged((e as Error).message);
    }
  } finally {
    await handle.close();
  }
}

async function readFully(handle: Awaited<ReturnType<typeof open>>, into: Buffer, length: number, position: number): Promise<void> {
  for (let done = 0; done < length; ) {
    const { bytesRead } = await handle.read(into, done, length - done, position + done);
    if (bytesRead === 0) throw new StorageError('the file ended early');
    done += bytesRead;
  }
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
  const slots = Buffer.from(index.slots.buffer);
  const checksum = slotsChecksum(index.slots);
  if (BIG_ENDIAN) slots.swap32();
  yield slots;
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
