/**
 * A table of many small rows kept as bytes: every row is appended to one buffer (the arena) as
 * `flag (1 live, 0 replaced or deleted), varint keyLength, key (UTF-8), varint valueLength, value (ValueCodec)`,
 * and an open-addressing hash index of 32-bit offsets finds a key's latest row. A million annotations take ~80 MB here against ~700 MB as a Map of
 * parsed objects, load in a fraction of a second, and give the garbage collector nothing to trace.
 *
 * Reads decode a fresh object each time; stored values are immutable by the Store contract, so callers never
 * see the difference except in identity. An overwritten row stays in the arena as garbage until enough
 * accumulates to be worth copying the live rows into a new arena.
 */
import { ByteWriter, readVarint, type Cursor } from './byte-writer.js';
import { capacityFor, checkedRows, DEAD, DELETED, EMPTY, hashBytes, LIVE } from './row-index.js';
import { ValueCodec } from './value-codec.js';

/** What the store needs of a table: a Map<string, unknown> has exactly this shape. */
export interface Rows {
  readonly size: number;
  get(key: string): unknown;
  has(key: string): boolean;
  set(key: string, value: unknown): unknown;
  delete(key: string): boolean;
  keys(): IterableIterator<string>;
  entries(): IterableIterator<[string, unknown]>;
  [Symbol.iterator](): IterableIterator<[string, unknown]>;
}

export interface PackedTableInit {
  /** the codec's dictionary and shapes, as a pack file holds them */
  words?: string[];
  shapes?: number[][];
  /** rows [0, end) as a pack file holds them, with room after them */
  arena?: Buffer;
  end?: number;
  /** their index, as a pack file holds it (row-index.ts), with its checksum; built from the rows when absent */
  slots?: Int32Array<ArrayBuffer>;
  checksum?: number;
  /** garbage reclaimed past this many bytes; smaller only in tests */
  garbageFloor?: number;
}

/** garbage is reclaimed past this size, once it also exceeds the live rows */
const GARBAGE_FLOOR = 32 * 1024 * 1024;

export class PackedTable implements Rows {
  readonly codec: ValueCodec;
  private arena: Buffer;
  private end = 0;
  /** slot → row offset + 1; EMPTY or DELETED */
  private slots = new Int32Array(1024);
  private count = 0;
  private tombstones = 0;
  private garbage = 0;
  /** iterations and snapshot writes in progress: the arena is not rebuilt under them */
  private busy = 0;
  private readonly value = new ByteWriter();
  private readonly row = new ByteWriter();
  private scratch = Buffer.allocUnsafe(256);
  private readonly cursor: Cursor = { buf: Buffer.alloc(0), pos: 0 };
  /** the row `head` read last */
  private keyStart = 0;
  private keyEnd = 0;
  private valueStart = 0;
  private rowEnd = 0;
  private readonly garbageFloor: number;

  constructor(from: PackedTableInit = {}) {
    this.garbageFloor = from.garbageFloor ?? GARBAGE_FLOOR;
    this.codec = new ValueCodec(from.words, from.shapes);
    this.arena = from.arena ?? Buffer.allocUnsafe(64 * 1024);
    if (from.arena && from.slots) this.adopt(from.end ?? 0, from.slots, from.checksum ?? 0);
    else if (from.arena) this.index(from.end ?? 0);
  }

  get size(): number {
    return this.count;
  }

  /** Bytes of the arena in use (live rows and garbage), for tests and figures. */
  get bytes(): number {
    return this.end;
  }

  get(key: string): unknown {
    const at = this.offsetOf(key);
    return at < 0 ? undefined : this.valueAt(at);
  }

  has(key: string): boolean {
    return this.offsetOf(key) >= 0;
  }

  set(key: string, value: unknown): this {
    this.value.length = 0;
    this.codec.encode(value, this.value);
    const row = this.row;
    row.length = 0;
    this.writeRow(key, row);

    const slot = this.locate(this.keyBytes(key));
    if (slot >= 0) this.retire(this.slots[slot] - 1);
    this.reserve(row.length);
    const at = this.end;
    row.buf.copy(this.arena, at, 0, row.length);
    this.end += row.length;
    if (slot >= 0) this.slots[slot] = at + 1;
    else this.insert(~slot, at);
    this.maybeReclaim();
    return this;
  }

  delete(key: string): boolean {
    const slot = this.locate(this.keyBytes(key));
    if (slot < 0) return false;
    this.retire(this.slots[slot] - 1);
    this.slots[slot] = DELETED;
    this.count--;
    this.tombstones++;
    this.maybeReclaim();
    return true;
  }

  *keys(): IterableIterator<string> {
    for (const [key] of this.rows(false)) yield key;
  }

  entries(): IterableIterator<[string, unknown]> {
    return this.rows(true);
  }

  [Symbol.iterator](): IterableIterator<[string, unknown]> {
    return this.rows(true);
  }

  /**
   * The live rows in arena order (the order of their latest write), decoded. Rows written during the iteration
   * are visited too, as a Map would; rows deleted before the iteration reaches them are not.
   */
  private *rows(decode: boolean): IterableIterator<[string, unknown]> {
    this.busy++;
    try {
      for (let at = 0; at < this.end; ) {
        this.head(at);
        const next = this.rowEnd; // kept apart: the consumer may read other rows while this one is out
        if (this.arena[at] === LIVE) {
          const key = this.keyText();
          yield [key, decode ? this.codec.decode({ buf: this.arena, pos: this.valueStart }) : undefined];
        }
        at = next;
      }
    } finally {
      this.busy--;
    }
  }

  /**
   * Holds the rows as they are now for a snapshot: until `release` the arena is never rebuilt (appends do not
   * move rows), so `liveRows(end)` reads this moment's rows. Returns the arena's end at this moment.
   */
  pin(): number {
    this.busy++;
    return this.end;
  }

  release(): void {
    this.busy--;
    this.maybeReclaim();
  }

  /** Each row before `end` that is still the latest for its key: [key, the row's bytes, its offset]. */
  *liveRows(end: number): IterableIterator<[string, Buffer, number]> {
    for (let at = 0; at < end; ) {
      this.head(at);
      const next = this.rowEnd;
      if (this.arena[at] === LIVE) yield [this.keyText(), this.arena.subarray(at, next), at];
      at = next;
    }
  }

  /** The key of the row at `at` (an offset `liveRows` gave; the arena is pinned meanwhile). */
  keyAt(at: number): string {
    this.head(at);
    return this.keyText();
  }


  /** A row in the arena's format, for a value that is not in the arena (a snapshot's frozen value). */
  encodeRow(key: string, value: unknown): Buffer {
    this.value.length = 0;
    this.codec.encode(value, this.value);
    const row = new ByteWriter(this.value.length + key.length * 3 + 16);
    this.writeRow(key, row);
    return row.buf.subarray(0, row.length);
  }

  /** A live row for `key` holding the value just encoded into `this.value`. */
  private writeRow(key: string, row: ByteWriter): void {
    row.byte(LIVE);
    row.utf8(key);
    row.varint(this.value.length);
    row.ensure(this.value.length);
    this.value.buf.copy(row.buf, row.length, 0, this.value.length);
    row.length += this.value.length;
  }

  /** Marks a row replaced or deleted: it is garbage from now on. */
  private retire(at: number): void {
    this.head(at);
    this.arena[at] = DEAD;
    this.garbage += this.rowEnd - at;
  }

  // ---- internals ----

  private keyBytes(key: string): number {
    if (this.scratch.length < key.length * 3) this.scratch = Buffer.allocUnsafe(key.length * 3 + 64);
    return this.scratch.write(key, 0, 'utf8');
  }

  private offsetOf(key: string): number {
    const slot = this.locate(this.keyBytes(key));
    return slot < 0 ? -1 : this.slots[slot] - 1;
  }

  /** The slot holding the key in scratch[0, n), or ~(the slot to insert it at). */
  private locate(n: number): number {
    return this.probe(this.scratch, 0, n);
  }

  private probe(buf: Buffer, start: number, n: number): number {
    const mask = this.slots.length - 1;
    let i = hashBytes(buf, start, start + n) & mask;
    let free = -1;
    for (;;) {
      const s = this.slots[i];
      if (s === EMPTY) return ~(free >= 0 ? free : i);
      if (s === DELETED) {
        if (free < 0) free = i;
      } else {
        this.head(s - 1);
        if (this.keyEnd - this.keyStart === n && this.arena.compare(buf, start, start + n, this.keyStart, this.keyEnd) === 0) return i;
      }
      i = (i + 1) & mask;
    }
  }

  private insert(slot: number, at: number): void {
    if (this.slots[slot] === DELETED) this.tombstones--;
    this.slots[slot] = at + 1;
    this.count++;
    if ((this.count + this.tombstones) * 2 > this.slots.length) this.rehash(this.count);
  }

  /**
   * A new, empty index for `rows` at a load of at most 1/`spread`: ½ for a loaded table (8 MB of index at 1M
   * rows), ¼ after growing, so inserts go a while before the next rehash. Linear probes stay short either way.
   */
  private emptyIndex(rows: number, spread: number): void {
    this.slots = new Int32Array(capacityFor(rows, spread));
    this.tombstones = 0;
  }

  /** Rebuilds the index for the live rows, dropping tombstones. */
  private rehash(rows: number): void {
    const old = this.slots;
    this.emptyIndex(rows, 4);
    const mask = this.slots.length - 1;
    for (const s of old) {
      if (s <= 0) continue;
      this.head(s - 1);
      let i = hashBytes(this.arena, this.keyStart, this.keyEnd) & mask;
      while (this.slots[i] !== EMPTY) i = (i + 1) & mask;
      this.slots[i] = s;
    }
  }

  /** Builds the index over the live rows in [0, end) of a loaded arena. */
  private index(end: number): void {
    let rows = 0;
    for (let at = 0; at < end; at = this.rowEnd) {
      this.head(at);
      if (this.arena[at] === LIVE) rows++;
      else if (this.arena[at] !== DEAD) throw new Error(`damaged row at byte ${at}`);
    }
    if (this.rowEnd !== end && end > 0) throw new Error('the last row is cut short');
    this.emptyIndex(rows, 2);
    this.count = 0;
    this.garbage = 0;
    for (let at = 0; at < end; at = this.rowEnd) {
      this.head(at);
      if (this.arena[at] !== LIVE) {
        this.garbage += this.rowEnd - at;
        continue;
      }
      const rowEnd = this.rowEnd;
      const slot = this.probe(this.arena, this.keyStart, this.keyEnd - this.keyStart);
      // two live rows of one key: a first-format pack whose key changed while it was written; the later wins
      if (slot >= 0) this.retire(this.slots[slot] - 1);
      else this.count++;
      this.slots[slot >= 0 ? slot : ~slot] = at + 1;
      this.rowEnd = rowEnd;
    }
    this.end = end;
  }

  /** Takes the index a pack file holds for its rows, once it is shown to belong to them (row-index.ts). */
  private adopt(end: number, slots: Int32Array<ArrayBuffer>, checksum: number): void {
    this.count = checkedRows(this.arena, end, slots, checksum);
    this.slots = slots;
    this.tombstones = 0;
    this.garbage = 0;
    this.end = end;
  }

  /** Reads the row header at `at` into keyStart, keyEnd, valueStart and rowEnd. */
  private head(at: number): void {
    const c = this.cursor;
    c.buf = this.arena;
    c.pos = at + 1;
    const keyLength = readVarint(c);
    this.keyStart = c.pos;
    this.keyEnd = c.pos + keyLength;
    c.pos = this.keyEnd;
    const valueLength = readVarint(c);
    this.valueStart = c.pos;
    this.rowEnd = c.pos + valueLength;
  }

  /** The key of the row `head` read last. */
  private keyText(): string {
    // Buffer's own utf8Slice: toString(encoding, start, end) checks its arguments in JS first, which at 1M rows a
    // scan was a fifth of the time of reading the keys
    return (this.arena as Buffer & { utf8Slice(start: number, end: number): string }).utf8Slice(this.keyStart, this.keyEnd);
  }

  private valueAt(at: number): unknown {
    this.head(at);
    return this.codec.decode({ buf: this.arena, pos: this.valueStart });
  }

  private reserve(bytes: number): void {
    if (this.end + bytes <= this.arena.length) return;
    const next = Buffer.allocUnsafe(Math.max(Math.ceil(this.arena.length * 1.5), this.end + bytes + 64 * 1024));
    this.arena.copy(next, 0, 0, this.end);
    this.arena = next;
  }

  /** Copies the live rows into a new arena when garbage outweighs them. */
  private maybeReclaim(): void {
    if (this.busy > 0 || this.garbage < this.garbageFloor || this.garbage < this.end - this.garbage) return;
    const live = this.end - this.garbage;
    const next = Buffer.allocUnsafe(Math.ceil(live * 1.25) + 64 * 1024);
    let end = 0;
    for (let at = 0; at < this.end; at = this.rowEnd) {
      this.head(at);
      if (this.arena[at] !== LIVE) continue;
      this.arena.copy(next, end, at, this.rowEnd);
      end += this.rowEnd - at;
    }
    this.arena = next;
    this.index(end);
  }
}
