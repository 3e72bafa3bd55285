/**
 * Compaction writes its snapshot in pieces while requests go on: writes made during it are acknowledged before
 * it ends (it does not hold the event loop), the snapshot holds exactly the state at one moment (its boundary,
 * not a mix of before and after), and reopening gives every write. No time is measured.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalStore } from '../../../server/storage/journal-store.js';
import { readPackFile } from '../../../server/storage/pack-file.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { del, put } from './store-contract.js';

const ROWS = 60_000; // ~5 MB of snapshot: several pieces

/** The rows of contract_a as the snapshot holds them, from the JSON or from its pack file. */
async function snapshotRows(dir: string): Promise<Record<string, unknown>> {
  const snapshot = JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8'));
  const pack = snapshot.packs?.contract_a;
  return pack ? Object.fromEntries((await readPackFile(join(dir, pack))).entries()) : snapshot.tables.contract_a;
}

describe.each([
  ['JSON tables', [] as string[]],
  ['packed tables', ['contract_a', 'contract_b']],
])('JournalStore compaction under writes, %s', (_, packed) => {
  it('serves writes while it snapshots, and the snapshot is the state at one moment, not a mix', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir, { packed });
    const row = (i: number) => ({ n: i, text: 'row text '.repeat(6) });
    await store.write(Array.from({ length: ROWS }, (_, i) => put(`k${i}`, row(i))));

    // write j changes one key, deletes another and adds a third; they go on, one after another, until the
    // compaction is done, so some land before its boundary and some after
    const change = (j: number) => [
      put(`k${j % 100}`, { n: 1_000_000 + j }),
      del(`k${1000 + j}`),
      put(`new${j}`, { n: j }),
    ];
    let compacted = false;
    const compaction = store.compact().then(() => (compacted = true));
    let written = 0;
    let acknowledgedDuring = 0;
    while (!compacted) {
      await store.write(change(written++));
      if (!compacted) acknowledgedDuring++;
    }
    await compaction;
    expect(acknowledgedDuring).toBeGreaterThan(0);

    // the snapshot is the state after the first m writes, for one m: every key agrees with that prefix
    const rows = await snapshotRows(dir);
    const m = Object.keys(rows).filter((k) => k.startsWith('new')).length;
    expect(m).toBeLessThan(written); // some writes came after the boundary: they must not be in it
    const expected = new Map<string, unknown>(Array.from({ length: ROWS }, (_, i) => [`k${i}`, row(i)]));
    for (let j = 0; j < m; j++) {
      expected.set(`k${j % 100}`, { n: 1_000_000 + j });
      expected.delete(`k${1000 + j}`);
      expected.set(`new${j}`, { n: j });
    }
    expect(Object.keys(rows).length).toBe(expected.size);
    for (const [key, value] of expected) expect(rows[key], key).toEqual(value);

    // and reopening gives every write
    await store.close();
    const again = await JournalStore.open(dir, { packed });
    for (let j = m; j < written; j++) {
      expected.set(`k${j % 100}`, { n: 1_000_000 + j });
      expected.delete(`k${1000 + j}`);
      expected.set(`new${j}`, { n: j });
    }
    expect(again.size('contract_a')).toBe(expected.size);
    for (const [key, value] of expected) expect(again.get('contract_a', key), key).toEqual(value);
    await again.close();
  });

  it('snapshots the boundary exactly when writes wait there, deletes included', async () => {
    // writes go on without waiting for each other (as requests arrive), so some are waiting (applied in memory,
    // not yet in the journal) when the journal is swapped; the keys they delete were still there at the boundary
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir, { packed });
    const KEYS = 20_000;
    await store.write(Array.from({ length: KEYS }, (_, i) => put(`k${i}`, { n: i })));
    const order: number[] = []; // writes in the order they were made, which is the order they apply
    let next = 0;
    let compacted = false;
    const compaction = store.compact().then(() => (compacted = true));
    const writes: Promise<void>[] = [];
    while (!compacted && next < KEYS) {
      const j = next++;
      order.push(j);
      writes.push(store.write([put(`new${j}`, { n: j }), del(`k${j}`)]));
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all([...writes, compaction]);

    const rows = await snapshotRows(dir);
    const m = Object.keys(rows).filter((k) => k.startsWith('new')).length;
    expect(m).toBeLessThan(order.length);
    const expected = new Map<string, unknown>(Array.from({ length: KEYS }, (_, i) => [`k${i}`, { n: i }]));
    for (const j of order.slice(0, m)) {
      expected.set(`new${j}`, { n: j });
      expected.delete(`k${j}`);
    }
    expect(Object.keys(rows).length).toBe(expected.size);
    for (const [key, value] of expected) expect(rows[key], key).toEqual(value);
    await store.close();
  });

  it('runs one compaction at a time when asked twice, and loses nothing', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir, { packed });
    await store.write(Array.from({ length: 5_000 }, (_, i) => put(`k${i}`, { n: i })));
    const first = store.compact();
    const between = store.write([put('k0', { n: -1 })]);
    const second = store.compact();
    await Promise.all([first, between, second]);
    const snapshot = JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8'));
    expect(snapshot.generation).toBe(2);
    expect((await snapshotRows(dir)).k0).toEqual({ n: -1 });
    await store.close();
    expect(readdirSync(dir).filter((n) => n.endsWith('.pack'))).toHaveLength(packed.length ? 1 : 0); // older packs deleted
    const again = await JournalStore.open(dir, { packed });
    expect(again.size('contract_a')).toBe(5_000);
    expect(again.get('contract_a', 'k0')).toEqual({ n: -1 });
    await again.close();
  });
});
