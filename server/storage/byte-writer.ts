/** Bytes written front to back into a growable buffer, and unsigned varints (7 bits a byte) read back. */

/** A growable byte buffer written front to back. */
export class ByteWriter {
  buf: Buffer;
  length = 0;

  constructor(capacity = 256) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  ensure(extra: number): void {
    if (this.length + extra <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + extra));
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.length++] = b;
  }

  varint(n: number): void {
    this.ensure(5);
    while (n > 0x7f) {
      this.buf[this.length++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    this.buf[this.length++] = n;
  }

  float(x: number): void {
    this.ensure(8);
    this.buf.writeDoubleLE(x, this.length);
    this.length += 8;
  }

  utf8(s: string): void {
    // written once, after room for the longest possible length header; moved back when the header is shorter
    const room = varintSize(s.length * 3);
    this.ensure(s.length * 3 + 5);
    const n = this.buf.write(s, this.length + room, 'utf8');
    const header = varintSize(n);
    if (header !== room) this.buf.copy(this.buf, this.length + header, this.length + room, this.length + room + n);
    this.varint(n);
    this.length += n;
  }
}

const varintSize = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

/** A reader's position in a buffer, shared by the decode calls of one value. */
export interface Cursor {
  buf: Buffer;
  pos: number;
}

export function readVarint(c: Cursor): number {
  const first = c.buf[c.pos++];
  if (first < 0x80) return first; // nearly every length and id
  let n = first & 0x7f;
  let shift = 7;
  for (;;) {
    const b = c.buf[c.pos++];
    n += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return n;
    shift += 7;
  }
}
