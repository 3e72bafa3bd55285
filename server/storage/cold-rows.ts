/**
 * The rows of a pack file, left on disk. A table loaded from a pack keeps only the rows' index in memory and
 * reads a row when it is asked for: one pread, served from the page cache after the first, which the kernel
 * can give back under pressure. So the rows hold none of the server's own memory, and annotators read their
 * recent rows, which are in memory anyway (written since the pack).
 *
 * Offsets are among the rows, as the pack's index names them; the rows start `offset` bytes into the file.
 */
import { closeSync, readSync } from 'node:fs';
import { FileBlocks } from './file-blocks.js';

/** Where a row lies in `buf`: its flag byte at `start`, the key [keyStart, keyEnd), the value [valueStart, end). */
export interface RowBounds {
  buf: Buffer;
  start: number;
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  end: number;
}

export const emptyBounds = (): RowBounds => ({
  buf: Buffer.alloc(0),
  start: 0,
  keyStart: 0,
  keyEnd: 0,
  valueStart: 0,
  end: 0,
});

/** Where `readBounds` is in its buffer: a varint past the limit leaves `pos` at -1. */
const cursor = { pos: 0 };

/** The varint at buf[cursor.pos], read only below `limit` (readVarint would run on past the bytes that were read). */
function boundedVarint(buf: Buffer, limit: number): number {
  let n = 0;
  let shift = 0;
  let byte: number;
  do {
    if (cursor.pos >= limit) {
      cursor.pos = -1;
      return 0;
    }
    byte = buf[cursor.pos++];
    n += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte >= 0x80);
  return n;
}

/**
 * Reads the lengths of the row at buf[start] (`flag, varint keyLength, key, varint valueLength, value`) into `b`;
 * false if the row does not end before `limit` (then `b.end` is how far it is known to reach, or 0).
 */
export function readBounds(b: RowBounds, buf: Buffer, start: number, limit: number): boolean {
  b.buf = buf;
  b.start = start;
  b.end = 0;
  cursor.pos = start + 1;
  const keyLength = boundedVarint(buf, limit);
  if (cursor.pos < 0) return false;
  b.keyStart = cursor.pos;
  b.keyEnd = cursor.pos + keyLength;
  cursor.pos = b.keyEnd;
  const valueLength = boundedVarint(buf, limit);
  if (cursor.pos < 0) return false;
  b.valueStart = cursor.pos;
  b.end = cursor.pos + valueLength;
  return b.end <= limit;
}

const FIRST_READ = 512;
const CHUNK = 1 << 20;
/** rows are read in blocks of this size, kept in this many slots (by block number): 1 MB a table */
const BLOCK = 8192;
const BLOCKS = 128;

export class ColdRows {
  private one = Buffer.allocUnsafe(FIRST_READ);
  private closed = false;
  // An export reads each annotator's rows in the order they lie in the file, a few streams at once: read in
  // blocks, a hundred rows or so cost one pread instead of one each.
  private readonly blocks = new FileBlocks((buf, at, length) => this.fill(buf, at, length), BLOCK, BLOCKS);

  /** `end`: the rows' byte length; the file descriptor is the table's from now on, closed by `close` */
  constructor(
    private readonly fd: number,
    private readonly offset: number,
    readonly end: number,
    private readonly file: string,
  ) {}

  /** The row at `at`, into `b`; its bytes stay valid until the next `read`. */
  read(at: number, b: RowBounds): void {
    const slot = this.blocks.slotOf(at, this.end);
    if (readBounds(b, this.blocks.buffer(slot), at - this.blocks.start(slot), this.blocks.bytes(slot))) return;
    // a row that runs past its block's end: read on its own
    for (;;) {
      const got = this.fill(this.one, at, Math.min(this.one.length, this.end - at));
      if (readBounds(b, this.one, 0, got)) return;
      if (at + got >= this.end) throw this.damaged(at);
      this.one = Buffer.allocUnsafe(Math.max(b.end, this.one.length * 2));
    }
  }

  /**
   * Every row in order, each read into `b` while it is out: the offset is yielded. Reads a megabyte at a time.
   * The consumer may `read` other rows meanwhile; `b` is set again before each yield.
   */
  *scan(b: RowBounds): Generator<number> {
    let chunk = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(this.end, 1)));
    let base = 0;
    let got = this.fill(chunk, 0, Math.min(chunk.length, this.end));
    let pos = 0;
    while (base + pos < this.end) {
      if (!readBounds(b, chunk, pos, got)) {
        if (base + got >= this.end) throw this.damaged(base + pos);
        if (pos === 0) chunk = Buffer.allocUnsafe(Math.max(b.end, chunk.length * 2)); // a row longer than a chunk
        base += pos;
        pos = 0;
        got = this.fill(chunk, base, Math.min(chunk.length, this.end - base));
        continue;
      }
      const next = b.end; // kept apart: `b` is the consumer's to reuse while the row is out
      yield base + pos;
      pos = next;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  private fill(into: Buffer, at: number, length: number): number {
    for (let done = 0; done < length;) {
      const n = readSync(this.fd, into, done, length - done, this.offset + at + done);
      if (n === 0) throw new Error(`${this.file}: ended early at byte ${this.offset + at + done}`);
      done += n;
    }
    return length;
  }

  private damaged(at: number): Error {
    return new Error(`${this.file}: damaged row at byte ${this.offset + at}`);
  }
}
