/**
 * Blocks of a file read lately, for readers that ask for many small pieces near each other (rows of a pack file,
 * lines of a data file): one pread fills a block, and the pieces in it are read from memory. A block is kept in
 * the slot its number picks (block number modulo the slot count), so a few streams reading through the file
 * at once each keep theirs.
 */
export class FileBlocks {
  /** each slot's block number (-1: none), its bytes read, and when (ms) */
  private readonly blockOf: Float64Array;
  private readonly bytesOf: Int32Array;
  private readonly readAt: Float64Array;
  private readonly buffers: Buffer[] = [];

  constructor(
    /** reads up to `length` bytes at `position` into `buf`, returning how many it read */
    private readonly fill: (buf: Buffer, position: number, length: number) => number,
    readonly size: number,
    slots: number,
    /** ms a block is used after it was read; past that it is read again (the file may have changed) */
    private readonly freshMs = Infinity,
  ) {
    this.blockOf = new Float64Array(slots).fill(-1);
    this.bytesOf = new Int32Array(slots);
    this.readAt = new Float64Array(slots);
  }

  /** The slot holding the block that `position` falls in, read now unless it is held; `end`: where the file ends. */
  slotOf(position: number, end = Infinity): number {
    const block = Math.floor(position / this.size);
    const slot = block % this.blockOf.length;
    const now = this.freshMs === Infinity ? 0 : performance.now();
    if (this.blockOf[slot] !== block || now - this.readAt[slot] > this.freshMs) {
      const buf = (this.buffers[slot] ??= Buffer.allocUnsafe(this.size));
      this.blockOf[slot] = -1; // until the read below succeeds
      this.bytesOf[slot] = this.fill(buf, block * this.size, Math.min(this.size, end - block * this.size));
      this.blockOf[slot] = block;
      this.readAt[slot] = now;
    }
    return slot;
  }

  buffer(slot: number): Buffer {
    return this.buffers[slot];
  }

  /** Where the slot's block starts in the file. */
  start(slot: number): number {
    return this.blockOf[slot] * this.size;
  }

  /** How many of the slot's bytes were read (fewer than the block size at the end of the file). */
  bytes(slot: number): number {
    return this.bytesOf[slot];
  }

  /** Drops every block (the file was closed, and may be read again changed). */
  forget(): void {
    this.blockOf.fill(-1);
  }
}
