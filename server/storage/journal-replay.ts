/**
 * Reading a journal back at start: each record (journal-record.ts) is checked and applied in order. Only the last
 * record may be bad and dropped: it is the one a crash or a full disk can tear, and a torn write was never
 * acknowledged. A bad record anywhere else is damage (a disk block, a bad copy, a sync tool) and stops start-up,
 * naming the file, the record and its byte offset. The file is left ready for appends.
 */
import { open, readFile } from 'node:fs/promises';
import type { Logger, StoreOp } from '../domain/ports.js';
import { decodeRecord } from './journal-record.js';
import { StorageError } from './tables.js';

/** A record that failed its check, where it is in its file. */
export interface DamagedRecord {
  file: string;
  /** 1-based line number */
  record: number;
  /** byte offset of the record's first byte */
  offset: number;
  /** byte offset just past it (its newline excluded) */
  end: number;
  why: string;
}

export class JournalDamageError extends StorageError {
  constructor(
    readonly damage: DamagedRecord,
    dir: string,
  ) {
    super(
      `${damage.file}: record ${damage.record} (byte offset ${damage.offset}) is damaged (${damage.why}) and records follow it, ` +
        `so it is not a write cut short by a crash. Nothing was changed. Run \`npm run repair -- --data-dir ${dir}\` to set the ` +
        `damaged records aside (a copy of the folder is kept) and start from the rest, or restore the folder from a backup.`,
    );
    this.name = 'JournalDamageError';
  }
}

/**
 * Applies a journal's lines; returns the length of its data, after which the file holds at most the zeros
 * written ahead of it (journal-file.ts): a torn last line, or anything else a crash left past the data, is cut.
 */
export async function replayJournal(
  file: string,
  apply: (ops: StoreOp[]) => void,
  logger?: Logger,
  /** given (by repair): damaged records are listed here and skipped instead of stopping the replay */
  damaged?: DamagedRecord[],
): Promise<number> {
  const raw = await readFile(file);
  // JSON lines never hold a zero byte: the first one ends the data
  const zeroAt = raw.indexOf(0);
  const dataEnd = zeroAt < 0 ? raw.length : zeroAt;
  // lines are found as bytes, so each line's end is known as a byte offset: measuring the text before every line
  // (Buffer.byteLength of a growing prefix) would make replay quadratic in the journal's length
  let offset = 0;
  let goodEnd = 0;
  let lineNo = 0;
  let addNewline = false;
  while (offset < dataEnd) {
    const nl = raw.indexOf(0x0a, offset);
    const end = nl === -1 || nl > dataEnd ? dataEnd : nl;
    const start = offset;
    lineNo++;
    offset = end + 1;
    if (blank(raw, start, end)) continue;
    const record = decodeRecord(raw, start, end);
    if (!record.ok) {
      const damage: DamagedRecord = { file, record: lineNo, offset: start, end, why: record.why };
      if (blank(raw, Math.min(offset, dataEnd), dataEnd)) {
        // the last record: an acknowledged one was synced whole, so this is a write torn by a crash or a full disk
        logger?.warn(`${file}:${lineNo}: skipped an incomplete write left by a crash (byte offset ${start})`);
        continue;
      }
      if (!damaged) throw new JournalDamageError(damage, dirOf(file));
      damaged.push(damage);
      continue;
    }
    apply(record.ops);
    // complete JSON but no newline (only ever the last line): the newline is part of the write, added below
    addNewline = end === dataEnd;
    goodEnd = addNewline ? end : offset;
  }
  // keep the zeros after the data only when nothing else is there; otherwise cut so nothing glues onto the next append
  const cut = goodEnd < raw.length && !(goodEnd === dataEnd && onlyZeros(raw, dataEnd));
  if (addNewline || cut) {
    const h = await open(file, 'r+');
    try {
      if (addNewline) await h.write('\n', goodEnd++);
      if (cut) await h.truncate(goodEnd);
      await h.sync();
    } finally {
      await h.close();
    }
  }
  return goodEnd;
}

/** Whether `buf` holds only line breaks and spaces from `from` to `to`. */
function blank(buf: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (buf[i] !== 0x0a && buf[i] !== 0x0d && buf[i] !== 0x20) return false;
  return true;
}

const dirOf = (file: string) => file.replace(/[\\/][^\\/]*$/, '');

/** Whether `buf` holds only zero bytes from `from` on. */
function onlyZeros(buf: Buffer, from: number): boolean {
  const zeros = Buffer.alloc(Math.min(64 * 1024, buf.length - from));
  for (let at = from; at < buf.length; at += zeros.length) {
    const end = Math.min(at + zeros.length, buf.length);
    if (buf.compare(zeros, 0, end - at, at, end) !== 0) return false;
  }
  return true;
}
