/**
 * Where live ingestion resumes: the cursor past the last row read (its cursor and tiebreaker values), and the
 * cursor moved back by the overlap that catches rows committed late, written as the database writes its own.
 */
import type { LiveSettings, Row } from './database-source.js';

export type CursorValue = string | number;
export interface Cursor {
  value: CursorValue;
  tiebreak: CursorValue | null;
}

/** The cursor past the last of `rows`; null for none. */
export function lastCursor(rows: Row[], live: LiveSettings): Cursor | null {
  const last = rows.at(-1);
  if (!last) return null;
  const value = last[live.cursorColumn];
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new Error(
      `cursor_column "${live.cursorColumn}": the rows ${value === undefined ? 'have no such column' : 'hold no value in it'}`,
    );
  const tie = last[live.tiebreakerColumn];
  return { value, tiebreak: typeof tie === 'string' || typeof tie === 'number' ? tie : null };
}

const STAMP = /^(\d{4})-(\d{2})-(\d{2})([T ])(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * `value` moved back by `seconds`, written as the value is (a number, or a date and time in the same layout,
 * fraction digits and offset), so the database compares it like its own values; undefined for other strings.
 */
export function rewind(value: CursorValue, seconds: number): CursorValue | undefined {
  if (typeof value === 'number') return value - seconds;
  const m = STAMP.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, sep, h, mi, s, frac = '', zone = ''] = m;
  const digits = frac.length;
  const scale = 10 ** digits;
  const base = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  // whole milliseconds and the finer rest, kept apart so nanosecond fractions survive
  const units = (BigInt(base) * BigInt(scale)) / 1000n + BigInt(frac || '0') - BigInt(Math.round(seconds * scale));
  const wholeSeconds = units / BigInt(scale);
  const rest = units - wholeSeconds * BigInt(scale);
  const t = new Date(Number(wholeSeconds) * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const date = `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
  const time = `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
  return `${date}${sep}${time}${digits ? `.${String(rest).padStart(digits, '0')}` : ''}${zone}`;
}
