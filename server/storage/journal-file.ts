/**
 * The journal's open file: appends that are on disk when they resolve. On Linux the file is opened O_DSYNC, so
 * each append is one write(2) that returns after the kernel has done what fdatasync would (ext4 and xfs run the
 * same sync path for both): one trip to libuv's thread pool per batch instead of two. On this 2-core VM every trip
 * costs two cross-CPU wake-ups and tens of µs of CPU, and the second trip was also waiting time for every request
 * in the batch. Elsewhere it is write then fdatasync, as before: on macOS libuv's fdatasync is F_FULLFSYNC, which
 * O_DSYNC there does not match; Windows has no O_DSYNC.
 *
 * The callback API, not fs/promises: a FileHandle call builds more promises and bookkeeping per operation.
 */
import { close, constants, fdatasync, fstat, ftruncate, open, write } from 'node:fs';

const SYNCED_WRITES = process.platform === 'linux' && typeof constants.O_DSYNC === 'number';

const done =
  <T>(resolve: (value: T) => void, reject: (e: Error) => void) =>
  (e: Error | null, value?: T) =>
    e ? reject(e) : resolve(value as T);

export class JournalFile {
  private constructor(
    readonly path: string,
    private readonly fd: number,
    /** whether a write is durable by itself (O_DSYNC) */
    readonly syncedWrites: boolean,
  ) {}

  /** Opens (creating, mode 0600) for appending. */
  static open(path: string): Promise<JournalFile> {
    const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (SYNCED_WRITES ? constants.O_DSYNC : 0);
    return new Promise((resolve, reject) => open(path, flags, 0o600, done<number>((fd) => resolve(new JournalFile(path, fd, SYNCED_WRITES)), reject)));
  }

  size(): Promise<number> {
    return new Promise((resolve, reject) => fstat(this.fd, (e, stats) => (e ? reject(e) : resolve(stats.size))));
  }

  /** Appends all of `bytes`; resolves once they are durable. */
  async append(bytes: Buffer): Promise<void> {
    // a write may be partial (near a full disk, say): go on from where it stopped; with O_DSYNC each part is synced
    for (let written = 0; written < bytes.length; ) written += await this.writeOnce(bytes, written);
    if (!this.syncedWrites) await new Promise<void>((resolve, reject) => fdatasync(this.fd, done(resolve, reject)));
  }

  private writeOnce(bytes: Buffer, from: number): Promise<number> {
    return new Promise((resolve, reject) => write(this.fd, bytes, from, bytes.length - from, null, done<number>(resolve, reject)));
  }

  /** Cuts the file to `size` bytes, durably. */
  truncate(size: number): Promise<void> {
    return new Promise<void>((resolve, reject) => ftruncate(this.fd, size, done(resolve, reject))).then(
      () => new Promise<void>((resolve, reject) => fdatasync(this.fd, done(resolve, reject))),
    );
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => close(this.fd, done(resolve, reject)));
  }
}
