/**
 * A packed table's outline of its rows against the same outline of the decoded rows: the fields asked for as
 * stored, the counts of the ones asked for as counts, whatever the fields stepped over hold.
 */
import { describe, expect, it } from 'vitest';
import { PackedTable } from '../../../server/storage/packed-table.js';
import { outlineOf } from '../../../server/storage/value-outline.js';
import { seededRandom } from '../../../server/domain/seeded-random.js';

/** A value of any kind the codec writes: words, long strings, times, numbers, lists, objects of many shapes. */
function anyValue(rand: () => number, depth: number): unknown {
  const pick = Math.floor(rand() * (depth > 2 ? 7 : 10));
  if (pick === 0) return null;
  if (pick === 1) return rand() < 0.5;
  if (pick === 2) return Math.floor(rand() * 1e6) - 5e5;
  if (pick === 3) return rand() * 1e12;
  if (pick === 4) return `w${Math.floor(rand() * 5)}`;
  if (pick === 5) return 'a long text é '.repeat(1 + Math.floor(rand() * 30));
  if (pick === 6) return new Date(1e12 + Math.floor(rand() * 1e9)).toISOString();
  if (pick === 7) return Array.from({ length: Math.floor(rand() * 4) }, () => anyValue(rand, depth + 1));
  const out: Record<string, unknown> = {};
  for (let i = Math.floor(rand() * 4); i > 0; i--) out[`k${Math.floor(rand() * 6)}`] = anyValue(rand, depth + 1);
  return out;
}

/** A codec 20 shapes short of its cap: the first rows' shapes get ids, later objects are written key by key. */
const nearCap = () => new PackedTable({ words: ['filler'], shapes: Array.from({ length: (1 << 16) - 20 }, () => [0]) });

describe('outline', () => {
  it.each([
    ['objects of shapes', () => new PackedTable()],
    ['objects past the shape cap', nearCap],
  ])('gives what decoding the whole row and picking its fields gives: %s', (_, empty) => {
    const rand = seededRandom(7);
    const table = empty();
    const model = new Map<string, unknown>();
    for (let i = 0; i < 3000; i++) {
      const row: Record<string, unknown> = { username: `u${i % 9}` };
      if (rand() < 0.9) row.labels = anyValue(rand, 1);
      row.note = anyValue(rand, 0);
      if (rand() < 0.9) row.spans = anyValue(rand, 1);
      row.updated_at = anyValue(rand, 2);
      table.set(`r${i % 2500}`, row);
      model.set(`r${i % 2500}`, row);
    }
    const values = ['username', 'updated_at'];
    const counts = ['labels', 'spans'];
    const rows = [...table.entries()];
    const want = rows.map(([key]) => outlineOf(JSON.parse(JSON.stringify(model.get(key))), values, counts));
    expect(want.some((o) => (o.labels as number) > 0)).toBe(true);
    expect([...table.outline(values, counts)]).toEqual(want);
  });
});
