/**
 * Repair of a pack file whose rows or dictionary fail their checksums (layout in pack-file.ts): every row that
 * lies wholly in sound blocks is kept, byte for byte, in a new pack written over the old one; every row touching
 * a damaged block is set aside with its key and value as far as they still decode. A damaged dictionary is needed
 * to read every row, so then every row is set aside.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { crc32 } from 'node:zlib';
import { writeFileAtomicChunks } from './atomic-file.js';
import { readBounds, emptyBounds } from './cold-rows.js';
import { CHECKED_BLOCK, packFilePieces } from './pack-file.js';
import { PackedTable } from './packed-table.js';
import { LIVE, slotsChecksum } from './row-index.js';
import { StorageError } from './tables.js';
import { ValueCodec } from './value-codec.js';

/** A row of a pack file set aside by repair. */
export interface QuarantinedRow {
  kind: 'pack row';
  file: string;
  table: string;
  /** byte range of the row in the file */
  offset: number;
  end: number;
  why: string;
  /** the row's key and value where they still decode */
  key?: string;
  value?: unknown;
  /** the row's bytes as text, where they do not decode */
  text?: string;
}

const MAGIC = 'MGP4';
const TRAILER = 24;

/** What repair did to a pack: the rows it set aside, and whether the file was written anew. */
export interface PackRepair {
  lost: QuarantinedRow[];
  rewritten: boolean;
}

/**
 * Sets the damaged rows of `file` (the pack of `table`) aside and writes the rest back (untouched when sound).
 * Packs of older formats carry no checksums and are left as they are. A trailer that fails its own checksum is
 * used only where its lengths still lay out the file exactly; the dictionary is then judged by whether it parses,
 * as the checksum the trailer holds for it may be the changed byte, and the rows by their blocks' checksums,
 * which lie outside the trailer.
 */
export async function repairPack(file: string, table: string): Promise<PackRepair> {
  const raw = await readFile(file);
  if (raw.length < MAGIC.length + TRAILER || raw.toString('latin1', 0, MAGIC.length) !== MAGIC)
    return { lost: [], rewritten: false };
  const trailer = raw.subarray(raw.length - TRAILER);
  const trailerSound = crc32(trailer.subarray(0, 20)) === trailer.readUInt32LE(20);
  const rowBytes = trailer.readUInt32LE(0);
  const slotCount = trailer.readUInt32LE(4);
  const dictionaryBytes = trailer.readUInt32LE(12);
  const blocks = Math.ceil(rowBytes / CHECKED_BLOCK);
  const slotsAt = MAGIC.length + rowBytes;
  const crcsAt = slotsAt + 8 * slotCount;
  const dictionaryAt = crcsAt + 4 * blocks;
  if (dictionaryAt + dictionaryBytes + TRAILER !== raw.length) {
    throw new StorageError(
      `${file}: its trailer is damaged, so where its rows end cannot be known; repair cannot read this pack. ` +
        `Restore it from a backup (the copy repair made holds it as it was).`,
    );
  }
  const rows = raw.subarray(MAGIC.length, slotsAt);
  const damagedBlocks = new Set<number>();
  for (let b = 0; b < blocks; b++) {
    const from = b * CHECKED_BLOCK;
    if (crc32(rows.subarray(from, Math.min(from + CHECKED_BLOCK, rowBytes))) !== raw.readUInt32LE(crcsAt + 4 * b))
      damagedBlocks.add(b);
  }
  const dictionary = raw.subarray(dictionaryAt, dictionaryAt + dictionaryBytes);
  let words: string[] | undefined;
  let shapes: number[][] | undefined;
  try {
    ({ words, shapes } = JSON.parse(dictionary.toString('utf8')) as { words: string[]; shapes: number[][] });
  } catch {
    // values cannot be decoded at all; keys still can
  }
  const parses = Array.isArray(words) && Array.isArray(shapes);
  const dictionarySound = crc32(dictionary) === trailer.readUInt32LE(16) || (!trailerSound && parses);
  if (!damagedBlocks.size && dictionarySound && trailerSound) return { lost: [], rewritten: false };

  if (!parses) words = shapes = undefined;
  const codec = new ValueCodec(words, shapes);
  const kept = new PackedTable({ words, shapes });
  const lost: QuarantinedRow[] = [];
  const b = emptyBounds();
  for (const [at, end] of rowRanges(raw, rows, slotsAt, slotCount, trailer.readUInt32LE(8))) {
    const first = Math.floor(at / CHECKED_BLOCK);
    const last = Math.floor((end - 1) / CHECKED_BLOCK);
    let bad = -1;
    for (let k = first; k <= last && bad < 0; k++) if (damagedBlocks.has(k)) bad = k;
    const whole = rows[at] === LIVE && readBounds(b, rows, at, end) && b.end === end;
    if (bad < 0 && dictionarySound && whole) {
      kept.setRaw(rows.toString('utf8', b.keyStart, b.keyEnd), rows.subarray(b.valueStart, b.end));
      continue;
    }
    const why =
      bad >= 0
        ? `rows block ${bad} fails its checksum`
        : dictionarySound
          ? 'the row does not parse'
          : 'its dictionary fails its checksum';
    const row: QuarantinedRow = {
      kind: 'pack row',
      file,
      table,
      offset: MAGIC.length + at,
      end: MAGIC.length + end,
      why,
    };
    if (whole) {
      row.key = rows.toString('utf8', b.keyStart, b.keyEnd);
      try {
        row.value = codec.decode({ buf: rows.subarray(0, b.end), pos: b.valueStart });
      } catch {
        row.text = rows.toString('utf8', b.valueStart, b.end);
      }
    } else row.text = rows.toString('utf8', at, end);
    lost.push(row);
  }
  const end = kept.pin();
  try {
    await writeFileAtomicChunks(file, packFilePieces(kept, end, undefined));
  } finally {
    kept.release();
  }
  return { lost, rewritten: true };
}

/**
 * Each row's byte range among the rows: from the pack's index where it is sound (it names every row's start),
 * else by reading the rows' lengths one after another, where whatever follows a row that does not parse is one
 * piece to the end.
 */
function rowRanges(
  raw: Buffer,
  rows: Buffer,
  slotsAt: number,
  slotCount: number,
  checksum: number,
): [number, number][] {
  const slots = new Int32Array(slotCount);
  const hashes = new Int32Array(slotCount);
  for (let i = 0; i < slotCount; i++) {
    slots[i] = raw.readInt32LE(slotsAt + 4 * i);
    hashes[i] = raw.readInt32LE(slotsAt + 4 * (slotCount + i));
  }
  const starts: number[] = [];
  if (slotsChecksum(slots, hashes) === checksum) {
    for (const s of slots) if (s > 0 && s <= rows.length) starts.push(s - 1);
    starts.sort((x, y) => x - y);
  } else {
    const b = emptyBounds();
    for (let at = 0; at < rows.length; at = b.end) {
      starts.push(at);
      if (!readBounds(b, rows, at, rows.length) || b.end <= at) break;
    }
  }
  return starts.map((at, i) => [at, i + 1 < starts.length ? starts[i + 1] : rows.length]);
}

/** One line for a row set aside: where it was and what it held. */
export function describeRow(r: QuarantinedRow): string {
  const where = `${basename(r.file)} row at byte offset ${r.offset} (${r.why})`;
  if (r.key === undefined)
    return `${where}: unreadable, ${r.text?.length ?? 0} characters: ${(r.text ?? '').slice(0, 120)}`;
  const held =
    r.value === undefined ? `unreadable value ${(r.text ?? '').slice(0, 120)}` : JSON.stringify(r.value).slice(0, 200);
  return `${where}, as far as it can be read: ${r.table}/${r.key} = ${held}`;
}
