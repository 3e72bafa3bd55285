/**
 * One journal record on disk: a line of JSON, `{"crc":"<8 hex>","ops":[...]}`, whose checksum is the CRC-32 of the
 * ops' UTF-8 bytes, so a changed byte anywhere in the ops (a label, a timestamp) is caught at start. The line stays
 * JSON (no zero byte, which journal-file.ts relies on) and the prefix has a fixed length, so the checksum is
 * checked over the bytes as read, before any parsing. Records written before checksums existed are a bare ops
 * array (`[...]`) and still load.
 *
 * CRC-32 through `zlib.crc32` (native, in Node since 20.15 and 22.2, so in every Node this package supports and in
 * Electron's): no dependency, and computed once per record over the string being written.
 */
import { crc32 } from 'node:zlib';
import type { StoreOp } from '../domain/ports.js';

const PREFIX = '{"crc":"';
const MIDDLE = '","ops":';
/** bytes before the ops: the prefix, 8 hex digits, the middle */
const HEAD = PREFIX.length + 8 + MIDDLE.length;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const HEX = /^[0-9a-f]{8}$/;

/** The journal line for `ops`, newline included. */
export function encodeRecord(ops: StoreOp[]): string {
  const json = JSON.stringify(ops);
  return `${PREFIX}${crc32(json).toString(16).padStart(8, '0')}${MIDDLE}${json}}\n`;
}

export type Decoded = { ok: true; ops: StoreOp[]; checked: boolean } | { ok: false; why: string };

/** Reads the record in `raw` from `start` to `end` (the line without its newline). */
export function decodeRecord(raw: Buffer, start: number, end: number): Decoded {
  const first = raw[start];
  if (first === OPEN_BRACE) {
    const head = raw.toString('latin1', start, Math.min(end, start + HEAD));
    const hex = head.slice(PREFIX.length, PREFIX.length + 8);
    if (
      head.length < HEAD ||
      !head.startsWith(PREFIX) ||
      !head.endsWith(MIDDLE) ||
      !HEX.test(hex) ||
      raw[end - 1] !== CLOSE_BRACE
    ) {
      return { ok: false, why: 'not a journal record' };
    }
    if (crc32(raw.subarray(start + HEAD, end - 1)) !== parseInt(hex, 16))
      return { ok: false, why: 'checksum mismatch' };
    const ops = parseOps(raw.toString('utf8', start + HEAD, end - 1));
    return ops ? { ok: true, ops, checked: true } : { ok: false, why: 'checksum matches but the ops do not parse' };
  }
  if (first === OPEN_BRACKET) {
    const ops = parseOps(raw.toString('utf8', start, end));
    return ops ? { ok: true, ops, checked: false } : { ok: false, why: 'does not parse' };
  }
  return { ok: false, why: 'not a journal record' };
}

function parseOps(text: string): StoreOp[] | null {
  try {
    const ops = JSON.parse(text) as unknown;
    return Array.isArray(ops) ? (ops as StoreOp[]) : null;
  } catch {
    return null;
  }
}

/** What a damaged record held, as far as it can be read: its ops if they still parse, else its text. */
export function salvage(raw: Buffer, start: number, end: number): { ops?: unknown; text: string } {
  const text = raw.toString('utf8', start, end);
  const from = raw[start] === OPEN_BRACE ? start + HEAD : start;
  const to = raw[start] === OPEN_BRACE && raw[end - 1] === CLOSE_BRACE ? end - 1 : end;
  try {
    return { ops: JSON.parse(raw.toString('utf8', from, to)), text };
  } catch {
    return { text };
  }
}
