/**
 * The packed form of a value must read back as exactly what a JSON round trip gives: the store promised JSON
 * semantics before packing, and every caller relies on them. Checked on hand-picked edge cases and on many
 * seeded random values.
 */
import { describe, expect, it } from 'vitest';
import { ValueCodec } from '../../../server/storage/value-codec.js';
import { ByteWriter } from '../../../server/storage/byte-writer.js';
import { isoTime } from '../../../server/storage/iso-time.js';
import { seededRandom } from '../../../server/domain/seeded-random.js';

function roundTrip(codec: ValueCodec, value: unknown): unknown {
  const out = new ByteWriter(4);
  codec.encode(value, out);
  const c = { buf: out.buf, pos: 0 };
  const back = codec.decode(c);
  expect(c.pos).toBe(out.length); // a value knows its own end: rows are laid one after another
  return back;
}

const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('ValueCodec', () => {
  it('reads back what JSON would, on edge cases', () => {
    const codec = new ValueCodec();
    const cases: unknown[] = [
      null,
      true,
      false,
      0,
      -0,
      1,
      -1,
      2 ** 31 - 1,
      -(2 ** 31),
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53,
      1e300,
      -0.5,
      0.1 + 0.2,
      NaN,
      Infinity,
      '',
      'a',
      'x'.repeat(24),
      'x'.repeat(25),
      'é✓😀',
      'line\nbreak \u2028 \u0000',
      'y'.repeat(70_000),
      '2026-01-01T00:00:00.000Z',
      '2024-02-29T23:59:59.999Z',
      '2026-02-29T00:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '0099-01-01T00:00:00.000Z',
      '2026-01-01T00:00:00Z',
      '2026-01-01T24:00:00.000Z',
      '+02026-01-01T00:00:00.000Z',
      [],
      [1, 'two', null, undefined, () => 1],
      {},
      { a: undefined, b: 1, c: () => 2 },
      { b: 1, a: 2, 10: 'ten', 2: 'two' },
      { nested: { deeper: { list: [{ x: [] }] } } },
      JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}'),
      { toJSON: () => ({ replaced: true }) },
      new Date(0),
    ];
    for (const value of cases) {
      const back = roundTrip(codec, value);
      expect(back, JSON.stringify(value)?.slice(0, 60)).toStrictEqual(asJson(value) ?? null);
    }
    // "__proto__" stays an own property and never becomes the prototype
    const proto = roundTrip(codec, JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps key order as JSON does, through shapes shared between objects', () => {
    const codec = new ValueCodec();
    const first = roundTrip(codec, { z: 1, a: 2, 5: 3 });
    const second = roundTrip(codec, { z: 'x', a: 'y', 5: 'w' });
    expect(Object.keys(first as object)).toEqual(['5', 'z', 'a']);
    expect(second).toStrictEqual({ 5: 'w', z: 'x', a: 'y' });
    expect(codec.shapes).toHaveLength(1);
  });

  it('cannot be made to run code by a key', () => {
    const codec = new ValueCodec();
    const key = '"}); globalThis.hacked = 1; ({"';
    expect(roundTrip(codec, { [key]: 1, '`${x}`': 2 })).toStrictEqual({ [key]: 1, '`${x}`': 2 });
    expect((globalThis as Record<string, unknown>).hacked).toBeUndefined();
  });

  it('makes a word of a string the second time it comes, so one-off strings do not fill the dictionary', () => {
    const codec = new ValueCodec();
    const size = (value: unknown) => {
      const out = new ByteWriter(4);
      codec.encode(value, out);
      return out.length;
    };
    const keysOnly = size({ id: 'k' }) && codec.words.length; // keys are words from the start
    for (let i = 0; i < 5000; i++)
      expect(roundTrip(codec, { id: `sp_${i.toString(36)}x9` })).toStrictEqual({ id: `sp_${i.toString(36)}x9` });
    expect(codec.words.length).toBe(keysOnly);
    const first = size('item-000042');
    const second = size('item-000042');
    const third = size('item-000042');
    expect(first).toBeGreaterThan(second); // written out, then by number
    expect(third).toBe(second);
    expect(codec.words).toContain('item-000042');
  });

  it('stops adding shapes at its cap and writes further objects key by key', () => {
    const codec = new ValueCodec();
    for (let i = 0; i < 70_000; i++) {
      const value = { [`k${i}`]: i, shared: true };
      // read back now and then: reading compiles each new shape's reader, which is the slow part here
      if (i % 5000 === 0 || i >= 69_990) expect(roundTrip(codec, value)).toStrictEqual(value);
      else codec.encode(value, new ByteWriter(4));
    }
    expect(codec.shapes).toHaveLength(1 << 16);
    expect(roundTrip(codec, { k1: 'still shaped', shared: 1 })).toStrictEqual({ k1: 'still shaped', shared: 1 });
  });

  it('reads old values with a dictionary handed over as a pack file holds it', () => {
    const codec = new ValueCodec();
    const out = new ByteWriter();
    const value = { username: 'alice', labels: { sentiment: { positive: 'true' } }, at: '2026-03-04T05:06:07.089Z' };
    codec.encode(value, out);
    const again = new ValueCodec(
      [...codec.words],
      codec.shapes.map((s) => [...s]),
    );
    expect(again.decode({ buf: out.buf, pos: 0 })).toStrictEqual(value);
    // and writes with it: the words and shapes it was handed, no new ones
    const rewritten = new ByteWriter();
    again.encode(value, rewritten);
    expect(again.words).toEqual(codec.words);
    expect(again.shapes).toEqual(codec.shapes);
    expect(rewritten.buf.subarray(0, rewritten.length)).toEqual(out.buf.subarray(0, out.length));
  });

  it('writes timestamps as toISOString would, over the years it packs', () => {
    const random = seededRandom(7);
    const min = Date.UTC(100, 0, 1);
    const max = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    for (let i = 0; i < 20_000; i++) {
      const ms = Math.floor(min + random() * (max - min));
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('reads back what JSON would, on seeded random values', () => {
    const random = seededRandom(11);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    const words = [
      'alice',
      'bob',
      'positive',
      'négatif',
      '',
      '2026-05-06T07:08:09.010Z',
      'x'.repeat(30),
      '\u0001',
      '😀',
    ];
    const make = (depth: number): unknown => {
      const kind = Math.floor(random() * (depth > 3 ? 4 : 7));
      if (kind === 0) return pick([null, true, false]);
      if (kind === 1) return pick([0, -7, 123456789, 2 ** 40, -1.25, random()]);
      if (kind === 2 || kind === 3) return pick(words) + (random() < 0.3 ? String(Math.floor(random() * 1e6)) : '');
      if (kind === 4) return Array.from({ length: Math.floor(random() * 4) }, () => make(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 5) }, () => [pick(words) + pick(['', '1', 'k']), make(depth + 1)]),
      );
    };
    const codec = new ValueCodec();
    for (let i = 0; i < 3000; i++) {
      const value = make(0);
      expect(roundTrip(codec, value)).toStrictEqual(asJson(value));
    }
  });
});
