/**
 * Where a packed table's rows live: every row is appended to one buffer (the arena) as
 * `flag (1 live, 0 replaced or deleted), varint keyLength, key (UTF-8), varint valueLength, value (ValueCodec)`,
 * and an open-addressing hash index of 32-bit offsets finds a key's latest row. Rows take a fraction of the memory
 * they would as a Map of parsed objects, load quickly, and give the garbage collector nothing to trace.
 *
 * An overwritten row stays in the arena as garbage until enough accumulates to be worth copying the live rows
 * into a new arena. A table loaded from a pack file leaves the file's rows on disk (cold-rows.ts): offsets
 * [0, coldEnd) are the file's rows, [coldEnd, end) the arena's. A file row cannot be marked dead: the ones
 * replaced since are kept in a set instead. Kept apart from packed-table.ts, which gives these rows a Map's
 * interface and the snapshot's and undo's access to their bytes.
 */
import { constants } from 'node:buffer';
import { ByteWriter } from './byte-writer.js';
import { emptyBounds, readBounds, type ColdRows } from './cold-rows.js';
import { checkIndex, DEAD, hashBytes, LIVE, RowIndex } from './row-index.js';
import { ValueCodec } from './value-codec.js';

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
/**
 * How much larger a full arena's successor is. Every page the arena writes for the first time costs a page fault
 * (dear on a VM: docs/performance.md), and a growth copies the rows into pages never written: growing by half
 * again copied twice what was ever written, by four times a third. Pages allocated but not yet written cost
 * address space, not memory.
 */
const GROWTH = 4;

export abstract class PackedRows {
  readonly codec: ValueCodec;

  protected cold: ColdRows | undefined;

  private coldEnd = 0;

  /** the rows at offsets [coldEnd, end), at arena[offset - coldEnd] */
  private arena: Buffer;

  protected end = 0;

  /** key → its latest row; each slot keeps its key's hash, so a probe reads a row only where hashes match */
  protected index = new RowIndex();

  /** bytes of dead rows in the arena */
  private garbage = 0;

  /** offsets of the pack file's rows replaced or deleted since: the file cannot be marked */
  private readonly deadCold = new Set<number>();

  /** iterations and snapshot writes in progress: the arena is not rebuilt under them */
  protected busy = 0;

  protected readonly value = new ByteWriter();

  private readonly row = new ByteWriter();

  private scratch = Buffer.allocUnsafe(256);

  /** the row `head` read last, and the offset of the row after it */
  protected readonly r = emptyBounds();

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

  /** Stores the value just encoded into `this.value` under `key`. */
  protected put(key: string): this {
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

  /** A live row for `key` holding the value just encoded into `this.value`. */
  protected writeRow(key: string, row: ByteWriter): void {
    row.byte(LIVE);
    row.utf8(key);
    row.varint(this.value.length);
    row.ensure(this.value.length);
    this.value.buf.copy(row.buf, row.length, 0, this.value.length);
    row.length += this.value.length;
  }

  /** Marks a row replaced or deleted: it is garbage from now on. */
  protected retire(at: number): void {
    if (at < this.coldEnd) {
      this.deadCold.add(at);
      return;
    }
    this.head(at);
    this.arena[at - this.coldEnd] = DEAD;
    this.garbage += this.next - at;
  }

  /** Every row's offset up to `to` (or the end as it grows), each read into `r` while it is out. */
  protected *walk(to?: number): Generator<number> {
    if (this.cold) yield* this.cold.scan(this.r);
    for (let at = this.coldEnd; at < (to ?? this.end);) {
      this.head(at);
      const next = this.next; // kept apart: the consumer may read other rows while this one is out
      yield at;
      at = next;
    }
  }

  /** Whether the row `r` holds, at `at`, is the latest of its key. */
  protected live(at: number): boolean {
    return at >= this.coldEnd ? this.r.buf[this.r.start] === LIVE : !this.deadCold.has(at);
  }

  protected keyBytes(key: string): number {
    if (this.scratch.length < key.length * 3) this.scratch = Buffer.allocUnsafe(key.length * 3 + 64);
    return this.scratch.write(key, 0, 'utf8');
  }

  protected offsetOf(key: string): number {
    const slot = this.locate(this.keyBytes(key));
    return slot < 0 ? -1 : this.index.rowAt(slot);
  }

  /** The slot holding the key in scratch[0, n), or ~(the slot to insert it at). */
  protected locate(n: number): number {
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
  protected head(at: number): void {
    if (at >= this.coldEnd) readBounds(this.r, this.arena, at - this.coldEnd, this.arena.length);
    else this.cold!.read(at, this.r);
    this.next = at + this.r.end - this.r.start;
  }

  /** The key of the row `head` read last. */
  protected keyText(): string {
    // Buffer's own utf8Slice: toString(encoding, start, end) checks its arguments in JS first, which at 1M rows a
    // scan was a fifth of the time of reading the keys
    return (this.r.buf as Buffer & { utf8Slice(start: number, end: number): string }).utf8Slice(
      this.r.keyStart,
      this.r.keyEnd,
    );
  }

  protected valueAt(at: number): unknown {
    this.head(at);
    return this.codec.decode({ buf: this.r.buf, pos: this.r.valueStart });
  }

  private reserve(bytes: number): void {
    const used = this.end - this.coldEnd;
    if (used + bytes <= this.arena.length) return;
    const next = Buffer.allocUnsafe(
      Math.max(Math.min(this.arena.length * GROWTH, constants.MAX_LENGTH), used + bytes + 64 * 1024),
    );
    this.arena.copy(next, 0, 0, used);
    this.arena = next;
  }

  /** Copies the arena's live rows into a new arena when its garbage outweighs them. */
  protected maybeReclaim(): void {
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
