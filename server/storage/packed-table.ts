/**
 * A table of many small rows kept as bytes: every row is appended to one buffer (the arena) as
 * `flag (1 live, 0 replaced or deleted), varint keyLength, key (UTF-8), varint valueLength, value (ValueCodec)`,
 * and an open-addressing hash index of 32-bit offsets finds a key's latest row. A million annotations take ~80 MB here against ~700 MB as a Map of
 * parsed objects, load in a fraction of a second, and give the garbage collector nothing to trace.
 *
 * Reads decode a fresh object each time; stored values are immutable by the Store contract, so callers never
 * see the difference except in identity. An overwritten row stays in the arena as garbage until enough
 * accumulates to be worth copying the live rows into a new arena.
 *
 * A table loaded from a pack file leaves the file's rows on disk (cold-rows.ts): offsets [0, coldEnd) are the
 * file's rows, [coldEnd, end) the arena's. A file row cannot be marked dead: the ones replaced since are kept in
 * a set instead.
 */
import { ByteWriter } from './byte-writer.js';
import { emptyBounds, readBounds, type ColdRows } from './cold-rows.js';
import { checkIndex, DEAD, hashBytes, LIVE, RowIndex } from './row-index.js';
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
  /** the rows of a pack file, left on disk, with the index the file holds for them */
  cold?: { rows: ColdRows; slots: Int32Array<ArrayBuffer>; hashes: Int32Array<ArrayBuffer>; checksum: number };
  /** garbage reclaimed past this many bytes; smaller only in tests */
  garbageFloor?: number;
}

/** garbage is reclaimed past this size, once it also exceeds the live rows */
const GARBAGE_FLOOR = 32 * 1024 * 1024;

export class PackedTable implements Rows {
  readonly codec: ValueCodec;
  private cold: ColdRows | undefined;
  private coldEnd = 0;
  /** the rows at offsets [coldEnd, end), at arena[offset - coldEnd] */
  private arena: Buffer;
  private end = 0;
  /** key → its latest row; each slot keeps its key's hash, so a probe reads a row only where hashes match */
  private index = new RowIndex();
  /** bytes of dead rows in the arena */
  private garbage = 0;
  /** offsets of the pack file's rows replaced or deleted since: the file cannot be marked */
  private readonly deadCold = new Set<number>();
  /** iterations and snapshot writes in progress: the arena is not rebuilt under them */
  private busy = 0;
  private readonly value = new ByteWriter();
  private readonly row = new ByteWriter();
  private scratch = Buffer.allocUnsafe(256);
  /** the row `head` read last, and the offset of the row after it */
  private readonly r = emptyBounds();
  private next = 0;
  private readonly garbageFloor: number;

  constructor(from: PackedTableInit = {}) {
    this.garbageFloor = from.garbageFloor ?? GARBAGE_FLOOR;
    this.codec = new ValueCodec(from.words, from.shapes);
    this.arena = Buffer.allocUnsafe(64 * 1024);
    if (from.cold) this.adopt(from.cold.rows, from.cold.slots, from.cold.hashes, from.cold.checksum);
  }

  get size(): number {
    return this.index.count;
  }

  /** Bytes of rows (live and garbage, in the file and in memory), for tests and figures. */
  get bytes(): number {
    return this.end;
  }

  /** Bytes of rows held in memory. */
  get memoryBytes(): number {
    return this.end - this.coldEnd;
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
    return this.put(key);
  }

  /** The bytes of the value stored under `key` (a copy), for `setRaw` to put back; undefined if none. */
  rawValue(key: string): Buffer | undefined {
    const at = this.offsetOf(key);
    if (at < 0) return undefined;
    this.head(at);
    return Buffer.from(this.r.buf.subarray(this.r.valueStart, this.r.end));
  }

  /** Stores value bytes `rawValue` gave (the codec's dictionary only grows, so they still decode alike). */
  setRaw(key: string, bytes: Buffer): this {
    this.value.length = 0;
    this.value.ensure(bytes.length);
    bytes.copy(this.value.buf, 0);
    this.value.length = bytes.length;
    return this.put(key);
  }

  decodeRaw(bytes: Buffer): unknown {
    return this.codec.decode({ buf: bytes, pos: 0 });
  }

  /** Stores the value just encoded into `this.value` under `key`. */
  private put(key: string): this {
    const row = this.row;
    row.length = 0;
    this.writeRow(key, row);

    const slot = this.locate(this.keyBytes(key));
    if (slot >= 0) this.retire(this.index.rowAt(slot));
    this.reserve(row.length);
    const at = this.end;
    row.buf.copy(this.arena, at - this.coldEnd, 0, row.length);
    this.end += row.length;
    if (slot >= 0) this.index.moveTo(slot, at);
    else this.index.insert(~slot, at);
    this.maybeReclaim();
    return this;
  }

  delete(key: string): boolean {
    const slot = this.locate(this.keyBytes(key));
    if (slot < 0) return false;
    this.retire(this.index.rowAt(slot));
    this.index.remove(slot);
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

  /** Lets go of the pack file the rows are read from; the table is not read after this. */
  close(): void {
    this.cold?.close();
  }

  /**
   * The live rows in offset order (the pack's rows, then the order of their latest write), decoded. Rows
   * written during the iteration are visited too, as a Map would; rows deleted before it reaches them are not.
   */
  private *rows(decode: boolean): IterableIterator<[string, unknown]> {
    this.busy++;
    try {
      for (const at of this.walk()) {
        if (!this.live(at)) continue;
        const key = this.keyText();
        yield [key, decode ? this.codec.decode({ buf: this.r.buf, pos: this.r.valueStart }) : undefined];
      }
    } finally {
      this.busy--;
    }
  }

  /**
   * Holds the rows as they are now for a snapshot: until `release` the arena is never rebuilt (appends do not
   * move rows), so `liveRows(end)` reads this moment's rows. Returns the rows' end at this moment.
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
    for (const at of this.walk(end))
      if (this.live(at)) yield [this.keyText(), this.r.buf.subarray(this.r.start, this.r.end), at];
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
    if (at < this.coldEnd) {
      this.deadCold.add(at);
      return;
    }
    this.head(at);
    this.arena[at - this.coldEnd] = DEAD;
    this.garbage += this.next - at;
  }

  // ---- internals ----

  /** Every row's offset up to `to` (or the end as it grows), each read into `r` while it is out. */
  private *walk(to?: number): Generator<number> {
    if (this.cold) yield* this.cold.scan(this.r);
    for (let at = this.coldEnd; at < (to ?? this.end);) {
      this.head(at);
      const next = this.next; // kept apart: the consumer may read other rows while this one is out
      yield at;
      at = next;
    }
  }

  /** Whether the row `r` holds, at `at`, is the latest of its key. */
  private live(at: number): boolean {
    return at >= this.coldEnd ? this.r.buf[this.r.start] === LIVE : !this.deadCold.has(at);
  }

  private keyBytes(key: string): number {
    if (this.scratch.length < key.length * 3) this.scratch = Buffer.allocUnsafe(key.length * 3 + 64);
    return this.scratch.write(key, 0, 'utf8');
  }

  private offsetOf(key: string): number {
    const slot = this.locate(this.keyBytes(key));
    return slot < 0 ? -1 : this.index.rowAt(slot);
  }

  /** The slot holding the key in scratch[0, n), or ~(the slot to insert it at). */
  private locate(n: number): number {
    return this.index.find(this.scratch, 0, n, this.isKey);
  }

  /** Whether the row at `at` has the key buf[start, start + n). */
  private readonly isKey = (at: number, buf: Buffer, start: number, n: number): boolean => {
    this.head(at);
    const r = this.r;
    return r.keyEnd - r.keyStart === n && r.buf.compare(buf, start, start + n, r.keyStart, r.keyEnd) === 0;
  };

  /**
   * Takes a pack file's rows and the index it holds for them, once one pass over the rows shows the index is
   * theirs (row-index.ts).
   */
  private adopt(
    rows: ColdRows,
    slots: Int32Array<ArrayBuffer>,
    hashes: Int32Array<ArrayBuffer>,
    checksum: number,
  ): void {
    this.cold = rows;
    this.coldEnd = this.end = rows.end;
    this.index = new RowIndex(slots, hashes);
    this.index.count = checkIndex(this.checkedScan(), slots, hashes, checksum);
  }

  /** The offsets of the pack file's rows, each shown to be whole and live. */
  private *checkedScan(): Generator<number> {
    const r = this.r;
    for (const at of this.cold!.scan(r)) {
      if (r.buf[r.start] !== LIVE) throw new Error(`damaged row at byte ${at}`);
      yield at;
    }
  }

  /** Reads the row at `at` into `r`, and where the next row starts into `next`. */
  private head(at: number): void {
    if (at >= this.coldEnd) readBounds(this.r, this.arena, at - this.coldEnd, this.arena.length);
    else this.cold!.read(at, this.r);
    this.next = at + this.r.end - this.r.start;
  }

  /** The key of the row `head` read last. */
  private keyText(): string {
    // Buffer's own utf8Slice: toString(encoding, start, end) checks its arguments in JS first, which at 1M rows a
    // scan was a fifth of the time of reading the keys
    return (this.r.buf as Buffer & { utf8Slice(start: number, end: number): string }).utf8Slice(
      this.r.keyStart,
      this.r.keyEnd,
    );
  }

  private valueAt(at: number): unknown {
    this.head(at);
    return this.codec.decode({ buf: this.r.buf, pos: this.r.valueStart });
  }

  private reserve(bytes: number): void {
    const used = this.end - this.coldEnd;
    if (used + bytes <= this.arena.length) return;
    const next = Buffer.allocUnsafe(Math.max(Math.ceil(this.arena.length * 1.5), used + bytes + 64 * 1024));
    this.arena.copy(next, 0, 0, used);
    this.arena = next;
  }

  /** Copies the arena's live rows into a new arena when its garbage outweighs them. */
  private maybeReclaim(): void {
    const used = this.end - this.coldEnd;
    if (this.busy > 0 || this.garbage < this.garbageFloor || this.garbage < used - this.garbage) return;
    const next = Buffer.allocUnsafe(Math.ceil((used - this.garbage) * 1.25) + 64 * 1024);
    let kept = 0;
    // rows move to lower offsets in order, so a slot already moved never looks like one still to find
    for (let at = this.coldEnd; at < this.end; at = this.next) {
      this.head(at);
      const r = this.r;
      if (r.buf[r.start] !== LIVE) continue;
      const slot = this.index.slotOf(at, hashBytes(r.buf, r.keyStart, r.keyEnd));
      if (slot < 0) throw new Error(`packed table: live row at ${at} is not indexed`);
      r.buf.copy(next, kept, r.start, r.end);
      this.index.moveTo(slot, this.coldEnd + kept);
      kept += r.end - r.start;
    }
    this.arena = next;
    this.end = this.coldEnd + kept;
    this.garbage = 0;
  }
}
