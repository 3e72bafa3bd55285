/** migrateStore between two stores: copies every row in order and checks counts and checksums of what it reads back. */
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../server/storage/memory-store.js';
import { fingerprint, migrateStore } from '../../../server/storage/migrate-store.js';
import { del, put } from './store-contract.js';

async function source(): Promise<MemoryStore> {
  const store = new MemoryStore(['contract_b']);
  await store.write([
    put('z', { n: 1, text: 'ü\n' }),
    put('a', { n: 2 }),
    put('gone', { n: 3 }),
    put('b1', { n: 4 }, 'contract_b'),
  ]);
  await store.write([del('gone'), ...Array.from({ length: 12_000 }, (_, i) => put(`row${i}`, { n: i }, 'contract_b'))]);
  return store;
}

describe('migrateStore', () => {
  it('copies every row in the same order and verifies it', async () => {
    const from = await source();
    const to = new MemoryStore();
    const report = await migrateStore(from, to, async () => to);
    expect(report.map((r) => [r.table, r.rows])).toEqual([
      ['contract_a', 2],
      ['contract_b', 12_001],
    ]);
    expect([...to.entries('contract_a')]).toEqual([...from.entries('contract_a')]);
    expect(fingerprint(to)).toEqual(fingerprint(from));
  });

  it('fails when what it reads back differs in a value, a key or a count', async () => {
    for (const tamper of [put('a', { n: 99 }), put('extra', { n: 1 }), del('z')]) {
      const from = await source();
      const to = new MemoryStore();
      const reopen = async () => {
        await to.write([tamper]);
        return to;
      };
      await expect(migrateStore(from, to, reopen)).rejects.toThrow(/does not match the source in tables contract_a/);
    }
  });

  it('refuses a target that already holds data', async () => {
    const to = new MemoryStore();
    await to.write([put('x', { n: 1 })]);
    await expect(migrateStore(await source(), to, async () => to)).rejects.toThrow(
      /already holds data \(tables contract_a\); migrate into an empty one/,
    );
  });
});
