/**
 * A few top-level fields of rows the value codec wrote, read without decoding the rest: a field wanted as a
 * value is decoded, one wanted as a count gives the entries of the object or list it holds, and every other field
 * is stepped over. Start-up indexes a million stored answers by who, which item, when and whether they are empty,
 * and decoding each answer whole (its labels' objects, its spans) was most of that index's time.
 */
import { readVarint, type Cursor } from './byte-writer.js';
import { ARRAY, FLOAT, INT, OBJECT, SHAPED, STRING, TIME, WORD, type ValueCodec } from './value-codec.js';

const SKIP = 0;
const VALUE = 1;
const COUNT = 2;

export class ValueOutline {
  /** per shape id: what to do with each of its values in order */
  private readonly plans: (Uint8Array | null)[] = [];

  constructor(
    private readonly codec: ValueCodec,
    private readonly values: readonly string[],
    private readonly counts: readonly string[],
  ) {}

  /** The outline of the value at `c` (an object as stored rows are; anything else outlines as if empty). */
  read(c: Cursor): Record<string, unknown> {
    if (c.buf[c.pos] !== SHAPED) return this.project(this.codec.decode(c));
    const start = c.pos++;
    const shape = readVarint(c);
    const keys = this.codec.shapes[shape];
    let plan = this.plans[shape];
    if (plan === undefined) this.plans[shape] = plan = this.planFor(keys);
    if (plan === null) {
      c.pos = start;
      return this.project(this.codec.decode(c));
    }
    const out: Record<string, unknown> = {};
    for (const name of this.counts) out[name] = 0;
    for (let i = 0; i < plan.length; i++) {
      if (plan[i] === VALUE) out[this.codec.words[keys[i]]] = this.codec.decode(c);
      else if (plan[i] === COUNT) out[this.codec.words[keys[i]]] = this.countAndSkip(c);
      else this.skip(c);
    }
    return out;
  }

  /** null: read such rows whole (a key twice or "__proto__", which the codec's decode sets as JSON.parse does) */
  private planFor(keys: readonly number[]): Uint8Array | null {
    const names = keys.map((k) => this.codec.words[k]);
    if (new Set(names).size !== names.length || names.includes('__proto__')) return null;
    return Uint8Array.from(names, (n) => (this.values.includes(n) ? VALUE : this.counts.includes(n) ? COUNT : SKIP));
  }

  private project(value: unknown): Record<string, unknown> {
    return outlineOf(value, this.values, this.counts);
  }

  private countAndSkip(c: Cursor): number {
    const tag = c.buf[c.pos];
    if (tag !== ARRAY && tag !== OBJECT && tag !== SHAPED) {
      this.skip(c);
      return 0;
    }
    c.pos++;
    const n = tag === SHAPED ? this.codec.shapes[readVarint(c)].length : readVarint(c);
    for (let i = 0; i < n; i++) {
      if (tag === OBJECT) readVarint(c);
      this.skip(c);
    }
    return n;
  }

  /** Steps over one value (value-codec.ts's format), allocating nothing. */
  private skip(c: Cursor): void {
    const tag = c.buf[c.pos++];
    switch (tag) {
      case INT:
      case WORD:
        readVarint(c);
        return;
      case FLOAT:
      case TIME:
        c.pos += 8;
        return;
      case STRING: {
        const n = readVarint(c); // read first: `c.pos += readVarint(c)` would add to the position before it
        c.pos += n;
        return;
      }
      case ARRAY:
      case OBJECT:
      case SHAPED: {
        c.pos--;
        this.countAndSkip(c);
        return;
      }
      default:
        if (tag > SHAPED) throw new Error(`damaged packed value: unknown tag ${tag} at byte ${c.pos - 1}`);
    }
  }
}

/** The outline of a value already decoded (a row past the codec's shape cap, or a row of a Map table). */
export function outlineOf(
  value: unknown,
  values: readonly string[],
  counts: readonly string[],
): Record<string, unknown> {
  const row = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const name of values) if (Object.hasOwn(row, name)) out[name] = row[name];
  for (const name of counts) out[name] = entries(row[name]);
  return out;
}

/** Entries of an object or list; 0 for anything else. */
function entries(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value === null || typeof value !== 'object') return 0;
  let n = 0;
  for (const _ in value) n++;
  return n;
}
