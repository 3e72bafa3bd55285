/**
 * Reads a UTF-8 text file line by line in chunks. Decoding a large data file whole would keep
 * the Buffer and the string (and, with `split`, a string per line) alive next to the parsed items, doubling the
 * peak memory of a config load. Here at most one chunk (1 MB, more for a longer line) is held at a time.
 */
import { closeSync, openSync, readSync } from 'node:fs';

export class NotUtf8Error extends Error {}

const NEWLINE = 0x0a;

/**
 * Calls `each` with every line of `text` after `offset` and its 1-based number (counting from `firstLine`),
 * as `text.split('\n')` would number them; returns the number the next line would have. `indexOf` and
 * `slice` instead of `split`, so no array of every line is built.
 */
export function eachLineOf(
  text: string,
  firstLine: number,
  each: (line: string, n: number) => void,
  final = true,
): number {
  let n = firstLine;
  let start = 0;
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    each(text.slice(start, end), n++);
    start = end + 1;
  }
  // a chunk ends at a newline, so only the file's last piece can lack one
  if (final) each(text.slice(start), n);
  return n;
}

// fatal: a file that is not UTF-8 is reported instead of silently turned into replacement characters
export function decodeUtf8(
  file: string,
  bytes: Uint8Array,
  decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }),
): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new NotUtf8Error(`${file}: is not valid UTF-8 text`);
  }
}

/**
 * Calls `each` with every line of the file (a leading BOM dropped), its 1-based number, and where its bytes lie
 * in the file (offset and length, the newline not counted), for readers that come back for one line later.
 */
export function forEachLine(
  file: string,
  each: (line: string, n: number, at: number, bytes: number) => void,
  chunkBytes = 1 << 20,
): void {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const fd = openSync(file, 'r');
  try {
    let buf = Buffer.allocUnsafe(chunkBytes);
    let filled = 0;
    let line = 1;
    let first = true;
    let at = 0; // the byte offset of the next line
    for (;;) {
      // a line longer than the buffer
      if (filled === buf.length) buf = Buffer.concat([buf, Buffer.allocUnsafe(buf.length)]);
      const got = readSync(fd, buf, filled, buf.length - filled, null);
      filled += got;
      const eof = got === 0;
      // cut after the last newline: byte 0x0A never occurs inside a multi-byte UTF-8 sequence, so the piece decodes
      // alone
      const end = eof ? filled : buf.lastIndexOf(NEWLINE, filled - 1) + 1;
      if (end > 0) {
        let text = decodeUtf8(file, buf.subarray(0, end), decoder);
        if (first && text.charCodeAt(0) === 0xfeff) {
          text = text.slice(1);
          at = 3;
        }
        first = false;
        line = eachLineOf(
          text,
          line,
          (l, n) => {
            const bytes = Buffer.byteLength(l);
            each(l, n, at, bytes);
            at += bytes + 1;
          },
          eof,
        );
        buf.copy(buf, 0, end, filled);
        filled -= end;
      }
      if (eof) return;
    }
  } finally {
    closeSync(fd);
  }
}
