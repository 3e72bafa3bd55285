/**
 * SQLite's write-ahead log applied to a copy of the main file. A database in WAL mode keeps committed
 * transactions in `<file>-wal` until a checkpoint copies them into the file, so a reader of the file alone (as
 * sql.js is: it opens bytes, not a file with its -wal and -shm beside it) would miss them, or see no tables at
 * all. Frames are taken as SQLite itself takes them: those whose salts match the log's header and whose running
 * checksum holds, up to the last commit frame (format: sqlite.org/fileformat.html, "The WAL File Format").
 */

const WAL_HEADER = 32;
const FRAME_HEADER = 24;

/** True when the file's header says it is in WAL mode (read and write versions 2). */
export const isWalMode = (db: Uint8Array) => db[18] === 2 || db[19] === 2;

function checksum(data: DataView, from: number, to: number, bigEndian: boolean, s: [number, number]) {
  let [s0, s1] = s;
  for (let i = from; i < to; i += 8) {
    s0 = (s0 + data.getUint32(i, !bigEndian) + s1) >>> 0;
    s1 = (s1 + data.getUint32(i + 4, !bigEndian) + s0) >>> 0;
  }
  return [s0, s1] as [number, number];
}

/** The database as it stands with the log's committed frames; `db` unchanged when the log holds none. */
export function applyWal(db: Uint8Array, wal: Uint8Array): Uint8Array {
  if (wal.length < WAL_HEADER) return db;
  const view = new DataView(wal.buffer, wal.byteOffset, wal.byteLength);
  const magic = view.getUint32(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) return db;
  const bigEndian = (magic & 1) === 1;
  const pageSize = view.getUint32(8);
  const salt1 = view.getUint32(16);
  const salt2 = view.getUint32(20);
  let sum = checksum(view, 0, 24, bigEndian, [0, 0]);
  if (sum[0] !== view.getUint32(24) || sum[1] !== view.getUint32(28)) return db;

  const pages = new Map<number, number>(); // page number → offset of its data in the log, as of the last commit
  const pending = new Map<number, number>();
  let dbPages = 0;
  for (let at = WAL_HEADER; at + FRAME_HEADER + pageSize <= wal.length; at += FRAME_HEADER + pageSize) {
    if (view.getUint32(at + 8) !== salt1 || view.getUint32(at + 12) !== salt2) break;
    sum = checksum(view, at, at + 8, bigEndian, sum);
    sum = checksum(view, at + FRAME_HEADER, at + FRAME_HEADER + pageSize, bigEndian, sum);
    if (sum[0] !== view.getUint32(at + 16) || sum[1] !== view.getUint32(at + 20)) break;
    pending.set(view.getUint32(at), at + FRAME_HEADER);
    const commitSize = view.getUint32(at + 4);
    if (commitSize) {
      for (const [page, offset] of pending) pages.set(page, offset);
      pending.clear();
      dbPages = commitSize;
    }
  }
  if (!dbPages) return db;
  const out = new Uint8Array(dbPages * pageSize);
  out.set(db.subarray(0, Math.min(db.length, out.length)));
  for (const [page, offset] of pages)
    if (page <= dbPages) out.set(wal.subarray(offset, offset + pageSize), (page - 1) * pageSize);
  return out;
}
