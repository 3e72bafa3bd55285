/**
 * Reading a journal back at start: each complete line is applied in order; a line that does not parse was never
 * acknowledged (a write a crash or a full disk tore) and is skipped. The file is left ready for appends.
 */
import { open, readFile } from 'node:fs/promises';
import type { Logger, StoreOp } from '../domain/ports.js';

/**
 * Applies a journal's lines; returns the length of its data, after which the file holds at most the zeros
 * written ahead of it (journal-file.ts): a torn last line, or anything else a crash left past the data, is cut.
 */
export async function replayJournal(file: string, apply: (ops: StoreOp[]) => void, logger?: Logger): Promise<number> {
  const raw = await readFile(file);
  // JSON lines never hold a zero byte: the first one ends the data
  const zeroAt = raw.indexOf(0);
  const dataEnd = zeroAt < 0 ? raw.length : zeroAt;
  // lines are found as bytes, so each line's end is known as a byte offset: measuring the text before every line
  // (Buffer.byteLength of a growing prefix) made replay quadratic, ~20 s for a 10 MB journal of short lines
  let offset = 0;
  let goodEnd = 0;
  let lineNo = 0;
  let addNewline = false;
  while (offset < dataEnd) {
    const nl = raw.indexOf(0x0a, offset);
    const end = nl === -1 || nl > dataEnd ? dataEnd : nl;
    const line = raw.toString('utf8', offset, end);
    lineNo++;
    offset = end + 1;
    if (!line.trim()) continue;
    let ops: StoreOp[];
    try {
      ops = JSON.parse(line) as StoreOp[];
      if (!Array.isArray(ops)) throw new Error('not an array');
    } catch {
      // An acknowledged line was fsynced whole, so a line that does not parse was never acknowledged:
      // a write torn by a crash or a full disk. Skip it.
      logger?.warn(`${file}:${lineNo}: skipped an incomplete write left by a crash`);
      continue;
    }
    apply(ops);
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

/** Whether `buf` holds only zero bytes from `from` on. */
function onlyZeros(buf: Buffer, from: number): boolean {
  const zeros = Buffer.alloc(Math.min(64 * 1024, buf.length - from));
  for (let at = from; at < buf.length; at += zeros.length) {
    const end = Math.min(at + zeros.length, buf.length);
    if (buf.compare(zeros, 0, end - at, at, end) !== 0) return false;
  }
  return true;
}
