/**
 * A packed table on disk, written by compaction next to the snapshot: `MGP1`, the rows exactly as the arena
 * holds them, the codec's dictionary as JSON (`{"words": [...], "shapes": [[...]]}`), then two little-endian
 * uint32s: the rows' byte length and the dictionary's. Loading reads the rows straight into the arena, so a million rows cost one read and
 * one pass to index them, not a million JSON parses.
 */
import { open } from 'node:fs/promises';
import { PackedTable } from './packed-table.js';
import { StorageError } from './tables.js';

const MAGIC = Buffer.from('MGP1');
const TRAILER = 8;
const PIECE = 1 << 20;

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
    if (!head.equals(MAGIC)) throw damaged('wrong header');
    const trailer = Buffer.alloc(TRAILER);
    await handle.read(trailer, 0, TRAILER, size - TRAILER);
    const rowBytes = trailer.readUInt32LE(0);
    const dictionaryBytes = trailer.readUInt32LE(4);
    if (MAGIC.length + rowBytes + dictionaryBytes + TRAILER !== size) throw damaged('lengths do not add up');
    const arena = Buffer.allocUnsafe(rowBytes + headroom(rowBytes));
    await readFully(handle, arena, rowBytes, MAGIC.length);
    const dictionary = Buffer.allocUnsafe(dictionaryBytes);
    await readFully(handle, dictionary, dictionaryBytes, MAGIC.length + rowBytes);
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
      return new PackedTable({ words: words as string[], shapes: shapes as number[][], arena, end: rowBytes });
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
  function* add(row: Buffer): Generator<Uint8Array> {
    if (used + row.length > piece.length && used > 0) {
      yield piece.subarray(0, used);
      piece = Buffer.allocUnsafe(Math.max(PIECE, row.length));
      used = 0;
    }
    if (row.length > piece.length) piece = Buffer.allocUnsafe(row.length);
    row.copy(piece, used);
    used += row.length;
    rowBytes += row.length;
  }
  for (const [key, row] of table.liveRows(end)) if (!frozen?.has(key)) yield* add(row);
  if (frozen) for (const [key, value] of frozen) if (value !== undefined) yield* add(table.encodeRow(key, value));
  if (used) yield piece.subarray(0, used);
  // written last: the frozen values above may have added words
  const dictionary = Buffer.from(JSON.stringify({ words: table.codec.words, shapes: table.codec.shapes }));
  const trailer = Buffer.alloc(TRAILER);
  trailer.writeUInt32LE(rowBytes, 0);
  trailer.writeUInt32LE(dictionary.length, 4);
  yield dictionary;
  yield trailer;
}
