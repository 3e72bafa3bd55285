/**
 * The Store contract (server/domain/ports.ts), as one suite every implementation runs. An implementation's test
 * file calls `storeContract(name, open)`; `open` gives a fresh, empty store.
 */
import { describe, expect, it } from 'vitest';
import type { Store, StoreOp } from '../../../server/domain/ports.js';

export interface ContractRow {
  n: number;
  text?: string;
  nested?: { list: unknown[]; flag: boolean | null };
}

declare module '../../../server/domain/ports.js' {
  interface Tables {
    contract_a: ContractRow;
    contract_b: ContractRow;
  }
}

type ContractTable = 'contract_a' | 'contract_b';
// the cast: TypeScript cannot narrow a union-typed table name to one member of the StoreOp union
export const put = (key: string, value: ContractRow, table: ContractTable = 'contract_a') =>
  ({ table, key, value }) as StoreOp;
export const del = (key: string, table: ContractTable = 'contract_a') => ({ table, key, delete: true }) as StoreOp;

export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    it('reads nothing from an empty store', async () => {
      const store = await open();
      expect(store.get('contract_a', 'missing')).toBeUndefined();
      expect(store.size('contract_a')).toBe(0);
      expect([...store.entries('contract_a')]).toEqual([]);
      await store.close();
    });

    it('makes a write visible to reads at once, before it resolves', async () => {
      const store = await open();
      const done = store.write([put('k1', { n: 1 })]);
      expect(store.get('contract_a', 'k1')).toEqual({ n: 1 });
      expect(store.size('contract_a')).toBe(1);
      await done;
      expect(store.get('contract_a', 'k1')).toEqual({ n: 1 });
      await store.close();
    });

    it('applies the ops of one write in order, across tables, as one unit', async () => {
      const store = await open();
      await store.write([
        put('a', { n: 1 }),
        put('a', { n: 2 }),
        put('b', { n: 3 }, 'contract_b'),
        put('gone', { n: 4 }),
        del('gone'),
      ]);
      expect(store.get('contract_a', 'a')).toEqual({ n: 2 });
      expect(store.get('contract_b', 'b')).toEqual({ n: 3 });
      expect(store.get('contract_a', 'gone')).toBeUndefined();
      expect(store.size('contract_a')).toBe(1);
      expect(store.size('contract_b')).toBe(1);
      await store.close();
    });

    it('lists entries with their keys, and forgets deleted ones', async () => {
      const store = await open();
      await store.write([put('x', { n: 1 }), put('y', { n: 2 }), put('z', { n: 3 })]);
      await store.write([del('y'), del('never-there')]);
      const entries = new Map(store.entries('contract_a'));
      expect(entries).toEqual(
        new Map([
          ['x', { n: 1 }],
          ['z', { n: 3 }],
        ]),
      );
      expect([...store.keys('contract_a')]).toEqual([...entries.keys()]);
      expect([...store.keys('contract_b')]).toEqual([]); // never written
      expect(store.size('contract_a')).toBe(2);
      await store.close();
    });

    it('keeps awkward keys and values intact: unicode, newlines, separators, nulls, nesting', async () => {
      const store = await open();
      const key = 'alice\u0001item/../1 \u2028 ✓';
      const value: ContractRow = {
        n: -0.5,
        text: 'line one\nline two\r\n"quoted" \u2028\u2029 😀 \\',
        nested: { list: [1, 'two', null, { three: [3] }], flag: null },
      };
      await store.write([put(key, value)]);
      expect(store.get('contract_a', key)).toEqual(value);
      expect([...store.entries('contract_a')].map(([k]) => k)).toEqual([key]);
      expect([...store.keys('contract_a')]).toEqual([key]);
      await store.close();
    });

    it('resolves an empty write', async () => {
      const store = await open();
      await expect(store.write([])).resolves.toBeUndefined();
      expect(store.size('contract_a')).toBe(0);
      await store.close();
    });

    it('resolves every one of many concurrent writes, the last write of a key winning', async () => {
      const store = await open();
      const writes = Array.from({ length: 200 }, (_, i) =>
        store.write([put(`k${i % 50}`, { n: i }), put(`log${i}`, { n: i }, 'contract_b')]),
      );
      await Promise.all(writes);
      expect(store.size('contract_a')).toBe(50);
      expect(store.size('contract_b')).toBe(200);
      for (let k = 0; k < 50; k++) expect(store.get('contract_a', `k${k}`)).toEqual({ n: 150 + k });
      await store.close();
    });

    it('outlines each live row: the fields asked for as stored, and counts of the entries of others', async () => {
      const store = await open();
      await store.write([
        put('full', { n: 1, text: 'kept', nested: { list: [1, [2, 3], { a: 'x' }], flag: true } }),
        put('bare', { n: 2 }),
        put('gone', { n: 3, text: 'deleted' }),
        put('again', { n: 4, nested: { list: [], flag: null } }),
      ]);
      await store.write([
        del('gone'),
        put('again', { n: 5, text: 'rewritten', nested: { list: ['one'], flag: false } }),
      ]);
      const outline = [...store.outline('contract_a', ['n', 'text'], ['nested'])];
      const want = (key: string) => {
        const row = store.get('contract_a', key)!;
        return { n: row.n, ...(row.text === undefined ? {} : { text: row.text }), nested: row.nested ? 2 : 0 };
      };
      // the order `entries` gives
      expect(outline).toEqual([...store.keys('contract_a')].map(want));
      expect(outline).toHaveLength(3);
      expect(outline).toContainEqual({ n: 5, text: 'rewritten', nested: 2 });
      expect(outline).toContainEqual({ n: 2, nested: 0 });
      expect([...store.outline('contract_b', ['n'], ['nested'])]).toEqual([]);
      await store.close();
    });

    it('inserts a row only where none is, and of two claims of one key made at once grants one', async () => {
      const store = await open();
      expect(await store.insertIfAbsent('contract_a', 'once', { n: 1 })).toBe(true);
      expect(await store.insertIfAbsent('contract_a', 'once', { n: 2 })).toBe(false);
      expect(store.get('contract_a', 'once')).toEqual({ n: 1 });
      const both = await Promise.all([
        store.insertIfAbsent('contract_a', 'race', { n: 3 }),
        store.insertIfAbsent('contract_a', 'race', { n: 4 }),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect(store.get('contract_a', 'race')).toEqual({ n: both[0] ? 3 : 4 });
      // the same key in another table is another row
      expect(await store.insertIfAbsent('contract_b', 'once', { n: 5 })).toBe(true);
      await store.close();
    });

    it('keeps one table apart from another with the same keys', async () => {
      const store = await open();
      await store.write([put('same', { n: 1 }, 'contract_a'), put('same', { n: 2 }, 'contract_b')]);
      await store.write([del('same', 'contract_a')]);
      expect(store.get('contract_a', 'same')).toBeUndefined();
      expect(store.get('contract_b', 'same')).toEqual({ n: 2 });
      await store.close();
    });
  });
}
