/**
 * ISO-8601 UTC timestamps, as `toISOString()` writes them, to and from epoch ms by hand: the packed tables store
 * timestamps as numbers, and at a million rows a regular expression, `Date.parse` and a `Date` round trip per
 * timestamp cost about a second of every scan.
 */

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Digits of `s` from `start` to `end` as a number, or -1 if any is not a digit. */
function digits(s: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Epoch ms of a timestamp exactly as toISOString() writes it (YYYY-MM-DDTHH:MM:SS.sssZ), else undefined. */
export function timeOf(s: string): number | undefined {
  // by hand: a regular expression, Date.parse and a round trip cost a microsecond a row at 1M rows
  if (
    s.length !== 24 ||
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58 ||
    s.charCodeAt(19) !== 46 ||
    s.charCodeAt(23) !== 90
  )
    return undefined;
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 7);
  const d = digits(s, 8, 10);
  const h = digits(s, 11, 13);
  const mi = digits(s, 14, 16);
  const sec = digits(s, 17, 19);
  const ms = digits(s, 20, 23);
  // years below 100 are left as text: Date.UTC reads them as 19xx
  if (y < 100 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 || ms < 0)
    return undefined;
  const leap = mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > DAYS[mo - 1] + (leap ? 1 : 0)) return undefined;
  return Date.UTC(y, mo - 1, d, h, mi, sec, ms);
}

const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/**
 * `new Date(ms).toISOString()` for the years timeOf accepts (100–9999), by hand: at a million rows the Date
 * round trip was half a second of every scan.
 */
export function isoTime(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  let rest = ms - days * 86_400_000;
  // days since 1970-01-01 to a civil date (H. Hinnant's algorithm)
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const sec = rest % 60;
  rest = (rest - sec) / 60;
  const min = rest % 60;
  const hour = (rest - min) / 60;
  return `${TWO[Math.floor(year / 100)]}${TWO[year % 100]}-${TWO[month]}-${TWO[day]}T${TWO[hour]}:${TWO[min]}:${TWO[sec]}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}
