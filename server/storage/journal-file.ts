/**
 * The journal's open file: appends that are on disk when they resolve.
 *
 * On Linux the file is opened O_DSYNC, so each append is one write(2) that returns after the kernel has done what
 * fdatasync would (ext4 and xfs run the same sync path for both): one trip to libuv's thread pool per batch
 * instead of two: every trip costs cross-CPU wake-ups, and the second is waiting time for every request in the
 * batch (docs/performance.md has the figures). Elsewhere it is write then fdatasync: on macOS libuv's fdatasync
 * is F_FULLFSYNC, which O_DSYNC there does not match; Windows has no O_DSYNC.
 *
 * The file is kept written with zeros ahead of the data (up to PREALLOCATE bytes, extended in the background). A
 * sync of an append that grows the file must also commit the new size and block allocation through the
 * filesystem's own journal; one that overwrites blocks already on disk flushes only the data, which is about half
 * the work. Journal lines are JSON, which never holds a zero byte, so the first zero
 * marks the end of the data; a clean close cuts the zeros off again, leaving plain JSON lines.
 *
 * The callback API, not fs/promises: a FileHandle call builds more promises and bookkeeping per operation.
 */
import { close, constants, fdatasync, fstat, ftruncate, open, statfs, write, type StatsFs } from 'node:fs';

const SYNCED_WRITES = process.platform === 'linux' && typeof constants.O_DSYNC === 'number';
/** zeros kept written past the data (at most; see extendAhead) */
const PREALLOCATE = 4 * 1024 * 1024;
const MIN_STRETCH = 64 * 1024;
const ZEROS = Buffer.alloc(256 * 1024);

type Callback<T> = (e: Error | null, value?: T) => void;
const call = <T = void>(start: (cb: Callback<T>) => void) =>
  new Promise<T>((resolve, reject) => start((e, value) => (e ? reject(e) : resolve(value as T))));

export class JournalFile {
  /** where the data ends: the next append goes here */
  private end: number;
  /** how far the file is written (zeros past `end`) */
  private allocated: number;
  /** zeros being written past `allocated` */
  private extending: Promise<void> | null = null;
  /** the size of the last stretch of zeros */
  private stretch = PREALLOCATE;
  /** free space was short: no new stretch before the data reaches here */
  private quietUntil = 0;

  private constructor(
    readonly path: string,
    private readonly fd: number,
    /** whether a write is durable by itself (O_DSYNC) */
    readonly syncedWrites: boolean,
    end: number,
    size: number,
  ) {
    this.end = end;
    this.allocated = Math.max(end, size);
  }

  /**
   * Opens (creating, mode 0600) a journal whose data is its first `end` bytes; everything after them must be
   * zeros (the store's replay cuts anything else off first).
   */
  static async open(path: string, end = 0): Promise<JournalFile> {
    const flags = constants.O_WRONLY | constants.O_CREAT | (SYNCED_WRITES ? constants.O_DSYNC : 0);
    const fd = await call<number>((cb) => open(path, flags, 0o600, cb));
    const size = await call<number>((cb) => fstat(fd, (e, stats) => cb(e, stats?.size)));
    const file = new JournalFile(path, fd, SYNCED_WRITES, end, size);
    file.extendAhead();
    return file;
  }

  /** Bytes of data in the journal. */
  get size(): number {
    return this.end;
  }

  /**
   * Appends all of `bytes`; resolves once they are durable. Appends must not overlap (the store runs one at a time).
   */
  async append(bytes: Buffer): Promise<void> {
    // zeros being written where this append would go must land first, or they could overwrite it
    if (this.end + bytes.length > this.allocated && this.extending) await this.extending;
    // a write may be partial (near a full disk, say): go on from where it stopped; with O_DSYNC each part is synced
    for (let written = 0; written < bytes.length;) {
      const n = await call<number>((cb) => write(this.fd, bytes, written, bytes.length - written, this.end, cb));
      written += n;
      this.end += n;
    }
    this.allocated = Math.max(this.allocated, this.end);
    if (!this.syncedWrites) await call((cb) => fdatasync(this.fd, cb));
    this.extendAhead();
  }

  /**
   * Starts writing the next stretch of zeros when half the last one is used. A failure only costs speed: appends
   * then grow the file. A stretch takes at most an eighth of the disk's free space, so on a nearly full disk the
   * zeros do not take the room the rest of the folder needs (a new folder's secrets are written while the first
   * stretch is); under MIN_STRETCH, or after a failure, none is written until the data has grown by MIN_STRETCH.
   */
  private extendAhead(): void {
    if (this.extending || this.allocated - this.end >= this.stretch / 2 || this.end < this.quietUntil) return;
    const from = this.allocated;
    this.extending = call<StatsFs>((cb) => statfs(this.path, cb))
      .then(async (disk) => {
        const size = Math.min(PREALLOCATE, Math.floor((disk.bavail * disk.bsize) / 8 / 4096) * 4096);
        if (size < MIN_STRETCH) {
          this.quietUntil = this.end + MIN_STRETCH;
          return;
        }
        await this.writeZeros(from, from + size);
        await call((cb) => fdatasync(this.fd, cb));
        this.stretch = size;
        this.allocated = Math.max(this.allocated, from + size);
      })
      .catch(() => {
        this.quietUntil = this.end + MIN_STRETCH; // not at every append meanwhile
      })
      .finally(() => (this.extending = null));
  }

  private async writeZeros(from: number, to: number): Promise<void> {
    for (let at = from; at < to;)
      at += await call<number>((cb) => write(this.fd, ZEROS, 0, Math.min(ZEROS.length, to - at), at, cb));
  }

  /** Cuts the file to `size` bytes of data (and no zeros), durably. */
  async truncate(size: number): Promise<void> {
    while (this.extending) await this.extending;
    await call((cb) => ftruncate(this.fd, size, cb));
    await call((cb) => fdatasync(this.fd, cb));
    this.end = this.allocated = size;
  }

  /** Closes the file, cutting off the zeros after the data. */
  async close(): Promise<void> {
    while (this.extending) await this.extending;
    try {
      if (this.allocated > this.end) await call((cb) => ftruncate(this.fd, this.end, cb));
    } finally {
      await call((cb) => close(this.fd, cb));
    }
  }
}
