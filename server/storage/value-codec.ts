/**
 * A compact binary form of JSON values, for tables of many small rows (a million annotations): as parsed JS
 * objects each row cost ~300 bytes of heap and the whole table seconds of GC; encoded, ~50 bytes in one buffer.
 *
 * Strings that repeat across rows (object keys, usernames, instance ids, labels) are written once into a
 * dictionary and referred to by number; ISO timestamps become 8-byte numbers. Decoding gives back exactly what
 * `JSON.parse(JSON.stringify(value))` would: undefined properties dropped, non-finite numbers as null.
 */
import { ByteWriter, readVarint, type Cursor } from './byte-writer.js';
import { isoTime, timeOf } from './iso-time.js';

const NULL = 0;
const FALSE = 1;
const TRUE = 2;
export const INT = 3; // zigzag varint, 32-bit range
export const FLOAT = 4; // float64
export const WORD = 5; // dictionary string: varint id
export const STRING = 6; // varint byte length, UTF-8
export const ARRAY = 7; // varint count, values
export const OBJECT = 8; // varint count, (varint key id, value) pairs
export const TIME = 9; // an ISO-8601 UTC timestamp as toISOString() writes it, as float64 epoch ms
export const SHAPED = 10; // varint shape id (a list of keys), then the values in that order

/** Strings up to this length are worth a dictionary entry: ids, names, labels; longer ones are text. */
const WORD_MAX = 24;
/** Past this many entries only object keys are added, so free text cannot grow the dictionary without end. */
const DICTIONARY_CAP = 1 << 20;
/**
 * A string becomes a word only when it comes again: one-off strings (span ids, short span texts) were two-thirds of
 * the dictionary at 1M annotations, each costing an entry in memory and in the start-up's rebuild of the dictionary
 * for a saving of a few bytes once. The strings seen once are remembered by hash in a fixed table, so a string is
 * admitted the second time it is seen unless another hashed into its slot in between (it then waits one more time).
 * The table is sized so that ids repeated list after list (annotators' lists of 100k ids) mostly survive a list.
 */
const PROBATION_SLOTS = 1 << 18;
/** Past this many shapes objects are written key by key. */
const SHAPE_CAP = 1 << 16;

type Reader = (c: Cursor) => Record<string, unknown>;

/** A node of the shape trie: the shape whose keys are the path to it, and the longer shapes below. */
interface ShapeNode {
  id: number | undefined;
  next: Map<number, ShapeNode> | undefined;
}

export class ValueCodec {
  /** id → string; the dictionary only grows while the codec lives */
  readonly words: string[];
  /**
   * string → id, built at the first encode: a codec loaded from a pack that is only read never needs it, and
   * building it for a large pack's words is a noticeable part of a start
   */
  private idMap: Map<string, number> | undefined;
  /**
   * id → the key ids of an object shape. Rows repeat a few shapes (a record, its labels), and a shape read
   * through a compiled object literal builds its object several times faster than key-by-key stores.
   */
  readonly shapes: number[][];
  /**
   * key ids → shape id, as a trie walked one key id at a time while an object's keys are read: a string key built
   * from the ids (a join) and looked up cost more than the rest of encoding a record
   */
  private readonly shapeRoot: ShapeNode = { id: undefined, next: undefined };
  private readonly readers: (Reader | undefined)[] = [];
  private readonly decodeOne = (c: Cursor) => this.decode(c);
  /** 1 MB, allocated at the first string that is not a word yet: a codec that only reads never needs it */
  private probation: Int32Array | undefined;
  /** the last timestamp decoded: a row's created_at and updated_at are often the same moment */
  private lastMs = NaN;
  private lastTime = '';

  constructor(words: string[] = [], shapes: number[][] = []) {
    this.words = words;
    this.shapes = shapes;
    shapes.forEach((keys, i) => {
      let node = this.shapeRoot;
      for (const key of keys) node = childOf(node, key, true)!;
      node.id ??= i;
    });
  }

  /** The shape of an object whose kept keys led to `node`, added if new and there is room. */
  private shapeAt(node: ShapeNode, record: Record<string, unknown>): number | undefined {
    if (node.id === undefined && this.shapes.length < SHAPE_CAP) {
      const keys: number[] = [];
      for (const key in record) if (kept(record[key])) keys.push(this.word(key, true)!);
      node.id = this.shapes.push(keys) - 1;
    }
    return node.id;
  }

  /** Builds an object of shape `id` from the values that follow, through a literal compiled once. */
  private reader(id: number): Reader {
    let read = this.readers[id];
    if (read) return read;
    const keys = this.shapes[id].map((k) => this.words[k]);
    if (keys.includes('__proto__') || new Set(keys).size !== keys.length) {
      // a literal would set the prototype or lose a key: build it as JSON.parse would
      read = (c) => {
        const record: Record<string, unknown> = {};
        for (const key of keys) setOwn(record, key, this.decode(c));
        return record;
      };
    } else {
      // keys go in as JSON string literals (valid JS), so no key can inject code; values are read in order
      const literal = keys.map((k) => `${JSON.stringify(k)}: d(c)`).join(', ');
      read = new Function('d', `return (c) => ({ ${literal} });`)(this.decodeOne) as Reader;
    }
    this.readers[id] = read;
    return read;
  }

  private ids(): Map<string, number> {
    if (this.idMap) return this.idMap;
    const ids = new Map<string, number>();
    this.words.forEach((w, i) => ids.set(w, i));
    return (this.idMap = ids);
  }

  private word(s: string, force: boolean): number | undefined {
    const ids = this.ids();
    let id = ids.get(s);
    if (id === undefined && (force || (this.words.length < DICTIONARY_CAP && this.seenBefore(s)))) {
      id = this.words.push(s) - 1;
      ids.set(s, id);
    }
    return id;
  }

  private seenBefore(s: string): boolean {
    let h = 2166136261;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
    h |= 1; // never 0, the empty slot
    const slot = (h >>> 14) & (PROBATION_SLOTS - 1);
    const probation = (this.probation ??= new Int32Array(PROBATION_SLOTS));
    if (probation[slot] === h) return true;
    probation[slot] = h;
    return false;
  }

  encode(value: unknown, out: ByteWriter): void {
    if (value === null || value === undefined) return out.byte(NULL);
    switch (typeof value) {
      case 'boolean':
        return out.byte(value ? TRUE : FALSE);
      case 'number':
        if (!Number.isFinite(value)) return out.byte(NULL);
        if (Number.isInteger(value) && value >= -0x80000000 && value <= 0x7fffffff) {
          out.byte(INT);
          return out.varint(((value << 1) ^ (value >> 31)) >>> 0);
        }
        out.byte(FLOAT);
        return out.float(value);
      case 'string': {
        const ms = timeOf(value);
        if (ms !== undefined) {
          out.byte(TIME);
          return out.float(ms);
        }
        const id = value.length <= WORD_MAX ? this.word(value, false) : undefined;
        if (id !== undefined) {
          out.byte(WORD);
          return out.varint(id);
        }
        out.byte(STRING);
        return out.utf8(value);
      }
      case 'object': {
        const json = (value as { toJSON?: () => unknown }).toJSON;
        if (typeof json === 'function') return this.encode(json.call(value), out);
        if (Array.isArray(value)) {
          out.byte(ARRAY);
          out.varint(value.length);
          for (const item of value) this.encode(typeof item === 'function' ? null : item, out);
          return;
        }
        const record = value as Record<string, unknown>;
        // past the cap no node is added, so objects of ever new key sets cannot grow the trie without end
        const growing = this.shapes.length < SHAPE_CAP;
        let node: ShapeNode | undefined = this.shapeRoot;
        let count = 0;
        for (const key in record) {
          if (!kept(record[key])) continue;
          const id = this.word(key, true)!;
          if (node) node = childOf(node, id, growing);
          count++;
        }
        const shape = node && this.shapeAt(node, record);
        if (shape !== undefined) {
          out.byte(SHAPED);
          out.varint(shape);
        } else {
          out.byte(OBJECT);
          out.varint(count);
        }
        for (const key in record) {
          const v = record[key];
          if (!kept(v)) continue;
          if (shape === undefined) out.varint(this.word(key, true)!);
          this.encode(v, out);
        }
        return;
      }
      default:
        return out.byte(NULL);
    }
  }

  decode(c: Cursor): unknown {
    const tag = c.buf[c.pos++];
    switch (tag) {
      case NULL:
        return null;
      case FALSE:
        return false;
      case TRUE:
        return true;
      case INT: {
        const z = readVarint(c);
        return (z >>> 1) ^ -(z & 1);
      }
      case FLOAT: {
        const x = c.buf.readDoubleLE(c.pos);
        c.pos += 8;
        return x;
      }
      case TIME: {
        const ms = c.buf.readDoubleLE(c.pos);
        c.pos += 8;
        if (ms !== this.lastMs) {
          this.lastMs = ms;
          this.lastTime = isoTime(ms);
        }
        return this.lastTime;
      }
      case WORD:
        return this.words[readVarint(c)];
      case STRING: {
        const n = readVarint(c);
        const s = c.buf.toString('utf8', c.pos, c.pos + n);
        c.pos += n;
        return s;
      }
      case ARRAY: {
        const n = readVarint(c);
        const list: unknown[] = new Array(n);
        for (let i = 0; i < n; i++) list[i] = this.decode(c);
        return list;
      }
      case OBJECT: {
        const n = readVarint(c);
        const record: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) {
          const key = this.words[readVarint(c)];
          if (key === '__proto__') setOwn(record, key, this.decode(c));
          else record[key] = this.decode(c);
        }
        return record;
      }
      case SHAPED:
        return this.reader(readVarint(c))(c);
      default:
        throw new Error(`damaged packed value: unknown tag ${tag} at byte ${c.pos - 1}`);
    }
  }
}

function childOf(node: ShapeNode, key: number, create: boolean): ShapeNode | undefined {
  let child = node.next?.get(key);
  if (!child && create) (node.next ??= new Map()).set(key, (child = { id: undefined, next: undefined }));
  return child;
}

/** JSON.stringify leaves out properties whose value is undefined, a function or a symbol. */
function kept(v: unknown): boolean {
  return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';
}

/** As JSON.parse sets a property: "__proto__" becomes an own property, never the prototype. */
function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
