/**
 * A table of many small rows kept as bytes (packed-rows.ts), with a Map's interface for the store, the bytes of
 * a row for an undo, and pinning for a snapshot that reads the rows as they stood.
 *
 * Reads decode a fresh object each time; stored values are immutable by the Store contract, so callers never
 * see the difference except in identity.
 */
import { ByteWriter } from './byte-writer.js';
import { PackedRows } from './packed-rows.js';
import { ValueOutline } from './value-outline.js';

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

export class PackedTable extends PackedRows implements Rows {
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

  /** Each live row's outline (value-outline.ts), in the order `entries` gives them; keys are not read. */
  *outline(values: readonly string[], counts: readonly string[]): IterableIterator<Record<string, unknown>> {
    const outline = new ValueOutline(this.codec, values, counts);
    this.busy++;
    try {
      for (const at of this.walk()) if (this.live(at)) yield outline.read({ buf: this.r.buf, pos: this.r.valueStart });
    } finally {
      this.busy--;
    }
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
}
