/**
 * The hash index of a packed table's rows: open addressing over 32-bit row offsets (offset + 1; 0 empty, -1 a
 * deleted key), with each slot's key hash beside it. Shared by the table, which keeps it, and the pack-file
 * writer, which writes one for the rows it lays out, so that loading a large pack reads its index instead of
 * hashing every key again.
 */
import { readVarint, type Cursor } from './byte-writer.js';

const EMPTY = 0;
const DELETED = -1;
/** a row's flag byte: its key's latest row, or one replaced or deleted since */
export const LIVE = 1;
export const DEAD = 0;

export function hashBytes(buf: Buffer, start: number, end: number): number {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i], 0x01000193);
  return h >>> 0;
}

/** Slots for `rows` keys at a load of at most 1/`spread`: a power of two, so a hash is masked, not divided. */
function capacityFor(rows: number, spread: number): number {
  let capacity = 1024;
  while (capacity < rows * spread) capacity *= 2;
  return capacity;
}

/** Tells whether the row at `offset` has the key buf[start, start + n). */
export type KeyTest = (offset: number, buf: Buffer, start: number, n: number) => boolean;

/** A packed table's index: each slot holds a row offset + 1 (or EMPTY, DELETED) and its key's hash. */
export class RowIndex {
  /** live keys, and deleted ones whose slots still hold DELETED */
  count = 0;
  private tombstones = 0;
  /** the hash `find` computed last, for `insert` */
  private hash = 0;

  /** an index as a pack file holds it (its count set by the caller once checked), or an empty one */
  constructor(
    public slots: Int32Array<ArrayBuffer> = new Int32Array(1024),
    public hashes: Int32Array<ArrayBuffer> = new Int32Array(slots.length),
  ) {}

  /**
   * The slot naming the row of the key buf[start, start + n), or ~(the slot to insert it at). `isKey` reads a
   * candidate row; it is asked only where the hashes match.
   */
  find(buf: Buffer, start: number, n: number, isKey: KeyTest): number {
    const mask = this.slots.length - 1;
    const hash = (this.hash = hashBytes(buf, start, start + n) | 0);
    let free = -1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const s = this.slots[i];
      if (s === EMPTY) return ~(free >= 0 ? free : i);
      if (s === DELETED) {
        if (free < 0) free = i;
      } else if (this.hashes[i] === hash && isKey(s - 1, buf, start, n)) return i;
    }
  }

  /** The slot naming the row at `at`, whose key hashes to `hash`, or -1. */
  slotOf(at: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let i = hash & mask; this.slots[i] !== EMPTY; i = (i + 1) & mask) if (this.slots[i] === at + 1) return i;
    return -1;
  }

  /** The offset of the row the (occupied) slot names. */
  rowAt(slot: number): number {
    return this.slots[slot] - 1;
  }

  /** Points an occupied slot at the key's row now at `at` (a newer row, or the same row moved). */
  moveTo(slot: number, at: number): void {
    this.slots[slot] = at + 1;
  }

  /** Names the row at `at` in the free slot `find` gave (as ~slot), for the key it looked for. */
  insert(slot: number, at: number): void {
    if (this.slots[slot] === DELETED) this.tombstones--;
    this.slots[slot] = at + 1;
    this.hashes[slot] = this.hash;
    this.count++;
    if ((this.count + this.tombstones) * 4 > this.slots.length * 3) this.rehash();
  }

  remove(slot: number): void {
    this.slots[slot] = DELETED;
    this.count--;
    this.tombstones++;
  }

  /**
   * Past a load of ¾ (tombstones counted), rebuilds at a load of at most ½, dropping tombstones, from the kept
   * hashes: no row is read. Growing at ½ instead would double a freshly loaded index after a few new rows; at ¾ a
   * probe compares a few more hashes, which sit side by side.
   */
  private rehash(): void {
    const { slots, hashes } = this;
    this.slots = new Int32Array(capacityFor(this.count, 2));
    this.hashes = new Int32Array(this.slots.length);
    this.tombstones = 0;
    const mask = this.slots.length - 1;
    for (let j = 0; j < slots.length; j++) {
      if (slots[j] <= 0) continue;
      let i = hashes[j] & mask;
      while (this.slots[i] !== EMPTY) i = (i + 1) & mask;
      this.slots[i] = slots[j];
      this.hashes[i] = hashes[j];
    }
  }
}

/**
 * Builds the index of the rows a pack file lays out one after another. A key must come once: a compaction writes
 * each key's row at its boundary, from the arena or, for a key changed since, from its frozen value; `holds`
 * tells whether a key's row went in already (a key changed after its row was copied is frozen too).
 */
export class RowIndexWriter {
  readonly slots: Int32Array<ArrayBuffer>;
  readonly hashes: Int32Array<ArrayBuffer>;
  /** per slot, where the row came from in the table's arena (-1: encoded from a frozen value), to compare keys */
  private readonly sources: Int32Array;
  rows = 0;
  private readonly cursor: Cursor = { buf: Buffer.alloc(0), pos: 0 };

  /** `maxRows`: at most this many rows will be added; the index is sized as a loaded table sizes its own */
  constructor(maxRows: number) {
    this.slots = new Int32Array(capacityFor(maxRows, 2));
    this.hashes = new Int32Array(this.slots.length);
    this.sources = new Int32Array(this.slots.length);
  }

  /** `row` is the row's bytes, `offset` where it lies among the rows, `source` where it lies in the arena. */
  add(row: Buffer, offset: number, source = -1): void {
    const mask = this.slots.length - 1;
    // a row starts with its flag byte, then the key's varint length and the key
    this.cursor.buf = row;
    this.cursor.pos = 1;
    const length = readVarint(this.cursor);
    const hash = hashBytes(row, this.cursor.pos, this.cursor.pos + length) | 0;
    let i = hash & mask;
    while (this.slots[i] !== EMPTY) i = (i + 1) & mask;
    this.slots[i] = offset + 1;
    this.hashes[i] = hash;
    this.sources[i] = source;
    if (++this.rows * 2 > this.slots.length) throw new Error('more rows than the index was sized for');
  }

  /** Whether a row of `key` was added from the arena; `keyAt` reads the key of an arena row. */
  holds(key: string, keyAt: (source: number) => string): boolean {
    const bytes = Buffer.from(key, 'utf8');
    const mask = this.slots.length - 1;
    for (let i = hashBytes(bytes, 0, bytes.length) & mask; this.slots[i] !== EMPTY; i = (i + 1) & mask) {
      if (this.sources[i] >= 0 && keyAt(this.sources[i]) === key) return true;
    }
    return false;
  }
}

/** FNV-1a over the slots' values and their hashes, which the pack file keeps beside them to tell a damaged index. */
export function slotsChecksum(slots: Int32Array, hashes: Int32Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < slots.length; i++) h = Math.imul(h ^ slots[i], 0x01000193);
  for (let i = 0; i < hashes.length; i++) h = Math.imul(h ^ hashes[i], 0x01000193);
  return h >>> 0;
}

/**
 * Checks that `slots` is the index a pack file wrote for the rows at `offsets` (each already checked to be a
 * whole, live row): the slots name exactly those offsets (by count, sum and xor), and they and their hashes match
 * their checksum. The keys are not hashed again: that is the time a stored index saves. Returns the rows' count.
 */
export function checkIndex(offsets: Iterable<number>, slots: Int32Array, hashes: Int32Array, checksum: number): number {
  let rows = 0;
  let sum = 0;
  let xor = 0;
  for (const at of offsets) {
    rows++;
    sum = (sum + at + 1) | 0;
    xor ^= at + 1;
  }
  let named = 0;
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i];
    if (s === EMPTY) continue;
    named++;
    sum = (sum - s) | 0;
    xor ^= s;
  }
  const sized = slots.length >= 1024 && (slots.length & (slots.length - 1)) === 0 && rows * 2 <= slots.length;
  if (!sized || named !== rows || sum !== 0 || xor !== 0 || slotsChecksum(slots, hashes) !== checksum)
    throw new Error('its index does not match its rows');
  return rows;
}
