/**
 * JournalStore: the Store contract, plus what only a durable store promises — data survives reopening, a torn
 * last line (a write a crash cut short, never acknowledged) is skipped whole, compaction keeps everything, and
 * the data folder records its format version.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMAT_VERSION, JournalStore, StorageError } from '../../../server/storage/journal-store.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { del, put, storeContract } from './store-contract.js';

storeContract('JournalStore', () => JournalStore.open(tempDir('marginalia-journal-')));
storeContract('JournalStore with packed tables', () =>
  JournalStore.open(tempDir('marginalia-journal-'), { packed: ['contract_a', 'contract_b'] }),
);

const journals = (dir: string) =>
  readdirSync(dir)
    .filter((n) => /^journal-\d+\.jsonl$/.test(n))
    .sort();
const onlyJournal = (dir: string) => {
  const names = journals(dir);
  expect(names).toHaveLength(1);
  return join(dir, names[0]);
};

describe('JournalStore on disk', () => {
  it('keeps every acknowledged write across close and reopen, deletes included', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir);
    await store.write([put('a', { n: 1, text: 'first' }), put('b', { n: 2 })]);
    await store.write([del('b'), put('c', { n: 3 }, 'contract_b')]);
    await store.close();

    const again = await JournalStore.open(dir);
    expect(new Map(again.entries('contract_a'))).toEqual(new Map([['a', { n: 1, text: 'first' }]]));
    expect(again.get('contract_b', 'c')).toEqual({ n: 3 });
    await again.close();
  });

  it('has an acknowledged write on disk, fsynced, before close', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir);
    await store.write([put('acked', { n: 7 })]);
    // no close: as if the process were killed right after acknowledging; the line is already in the file, before
    // the zeros written ahead of the data
    const data = readFileSync(onlyJournal(dir), 'utf8').split('\0')[0];
    const lines = data
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([{ crc: expect.stringMatching(/^[0-9a-f]{8}$/), ops: [put('acked', { n: 7 })] }]);
    await store.close();
  });

  it('writes one journal line per write, so a write is all or nothing on disk', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir);
    await store.write([put('kept', { n: 1 })]);
    await store.write([put('x', { n: 1 }), put('y', { n: 2 }), put('z', { n: 3 })]);
    await store.close();
    const file = onlyJournal(dir);
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);

    // cut the second write in the middle: none of its three ops may come back
    truncateSync(file, statSync(file).size - Math.floor(lines[1].length / 2));
    const again = await JournalStore.open(dir);
    expect(again.get('contract_a', 'kept')).toEqual({ n: 1 });
    expect(['x', 'y', 'z'].map((k) => again.get('contract_a', k))).toEqual([undefined, undefined, undefined]);
    await again.close();
  });

  it('skips a torn last line and cuts it off, so the next write does not glue onto it', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir);
    await store.write([put('before', { n: 1 })]);
    await store.close();
    const file = onlyJournal(dir);
    appendFileSync(file, '[{"table":"contract_a","key":"torn","value":{"n"');

    const warnings: string[] = [];
    const logger = { info() {}, warn: (m: string) => warnings.push(m), error() {} };
    const second = await JournalStore.open(dir, { logger });
    expect(second.get('contract_a', 'torn')).toBeUndefined();
    expect(second.get('contract_a', 'before')).toEqual({ n: 1 });
    expect(warnings.join('\n')).toMatch(/incomplete write/);
    await second.write([put('after', { n: 2 })]);
    await second.close();

    const third = await JournalStore.open(dir);
    expect([...third.entries('contract_a')].map(([k]) => k).sort()).toEqual(['after', 'before']);
    await third.close();
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean))
      expect(() => JSON.parse(line)).not.toThrow();
  });

  it('replays a last line that is complete but lacks its newline, and appends after it cleanly', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir);
    await store.write([put('one', { n: 1 })]);
    await store.close();
    const file = onlyJournal(dir);
    appendFileSync(file, JSON.stringify([put('two', { n: 2 })]));

    const second = await JournalStore.open(dir);
    expect(second.get('contract_a', 'two')).toEqual({ n: 2 });
    await second.write([put('three', { n: 3 })]);
    await second.close();
    const third = await JournalStore.open(dir);
    expect(third.size('contract_a')).toBe(3);
    await third.close();
  });

  it('cuts a torn tail at the right byte after lines of multi-byte text, and appends after it cleanly', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir);
    for (let i = 0; i < 50; i++) await store.write([put(`k${i}`, { n: i, text: `é✓😀 ${'ü'.repeat(i)}` })]);
    await store.close();
    const file = onlyJournal(dir);
    appendFileSync(file, '[{"table":"contract_a","key":"torn","value":{"text":"😀 cut'); // a write a crash tore

    const second = await JournalStore.open(dir);
    expect(second.size('contract_a')).toBe(50);
    await second.write([put('after', { n: -1, text: 'ß' })]);
    await second.close();
    const third = await JournalStore.open(dir);
    expect(third.size('contract_a')).toBe(51);
    expect(third.get('contract_a', 'k49')).toEqual({ n: 49, text: `é✓😀 ${'ü'.repeat(49)}` });
    expect(third.get('contract_a', 'after')).toEqual({ n: -1, text: 'ß' });
    await third.close();
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean))
      expect(() => JSON.parse(line)).not.toThrow();
  });

  it('refuses writes after close', async () => {
    const store = await JournalStore.open(tempDir('marginalia-journal-'));
    await store.close();
    await expect(store.write([put('late', { n: 1 })])).rejects.toBeInstanceOf(StorageError);
  });

  it('removes temp files a crash left behind', async () => {
    const dir = tempDir('marginalia-journal-');
    writeFileSync(join(dir, '.snapshot.json.123.456.tmp'), '{"half');
    const store = await JournalStore.open(dir);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    await store.close();
  });
});

describe('JournalStore compaction', () => {
  it('compacts into a versioned snapshot, starts a new journal, deletes the old one and loses nothing', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir);
    for (let i = 0; i < 20; i++) await store.write([put(`k${i}`, { n: i })]);
    await store.write([del('k0')]);
    const before = journals(dir);
    await store.compact();
    const snapshot = JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8'));
    expect(snapshot.format).toBe(FORMAT_VERSION);
    expect(snapshot.generation).toBe(1);
    expect(Object.keys(snapshot.tables.contract_a)).toHaveLength(19);
    expect(journals(dir)).not.toEqual(before);
    expect(journals(dir)).toHaveLength(1);
    // writes after compaction go to the new journal
    await store.write([put('after', { n: 99 })]);
    await store.close();

    const again = await JournalStore.open(dir);
    expect(again.size('contract_a')).toBe(20);
    expect(again.get('contract_a', 'k0')).toBeUndefined();
    expect(again.get('contract_a', 'after')).toEqual({ n: 99 });
    await again.close();
  });

  it('compacts on its own past the size threshold while writes keep coming, and reopens with every write', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir, { compactBytes: 2_000 });
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 300; i++) {
      writes.push(store.write([put(`k${i}`, { n: i, text: 'x'.repeat(40) })]));
      if (i % 10 === 0) await Promise.all(writes.splice(0));
    }
    await Promise.all(writes);
    await store.close();
    expect(existsSync(join(dir, 'snapshot.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')).generation).toBeGreaterThan(1);

    const again = await JournalStore.open(dir);
    expect(again.size('contract_a')).toBe(300);
    for (let i = 0; i < 300; i += 37) expect(again.get('contract_a', `k${i}`)).toEqual({ n: i, text: 'x'.repeat(40) });
    await again.close();
  });

  it('ignores a journal the snapshot already holds (a crash before the old journal was deleted)', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir);
    await store.write([put('k', { n: 1 })]);
    const oldJournal = readFileSync(onlyJournal(dir), 'utf8');
    await store.compact();
    await store.write([put('k', { n: 2 })]);
    await store.close();
    // put the compacted journal back, as if the crash came between the snapshot and the clean-up
    writeFileSync(join(dir, 'journal-00000000.jsonl'), oldJournal);

    const again = await JournalStore.open(dir);
    expect(again.get('contract_a', 'k')).toEqual({ n: 2 });
    await again.close();
  });

  it('replays a newer journal whose snapshot was never written (a crash during compaction)', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir);
    await store.write([put('old', { n: 1 })]);
    await store.close();
    // the next generation's journal exists, the snapshot still says generation 0 (or is missing)
    writeFileSync(join(dir, 'journal-00000001.jsonl'), JSON.stringify([put('new', { n: 2 }), del('old')]) + '\n');

    const again = await JournalStore.open(dir);
    expect(again.get('contract_a', 'new')).toEqual({ n: 2 });
    expect(again.get('contract_a', 'old')).toBeUndefined();
    await again.write([put('later', { n: 3 })]);
    await again.close();
    expect(readFileSync(join(dir, 'journal-00000001.jsonl'), 'utf8')).toContain('later');
  });
});

describe('JournalStore format version', () => {
  it('records the format version in a new data folder at once, not only at the first compaction', async () => {
    const dir = tempDir('marginalia-journal-');
    const store = await JournalStore.open(dir);
    expect(JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8'))).toEqual({
      format: FORMAT_VERSION,
      generation: 0,
      tables: {},
    });
    await store.write([put('a', { n: 1 })]);
    await store.close();
    const again = await JournalStore.open(dir);
    expect(again.get('contract_a', 'a')).toEqual({ n: 1 });
    await again.close();
  });

  it('refuses a data folder written by a newer format, naming the file and both versions', async () => {
    const dir = tempDir('marginalia-journal-');
    writeFileSync(
      join(dir, 'snapshot.json'),
      JSON.stringify({ format: FORMAT_VERSION + 1, generation: 0, tables: {} }),
    );
    const error = await JournalStore.open(dir).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(StorageError);
    expect(error!.message).toContain(join(dir, 'snapshot.json'));
    expect(error!.message).toContain(`format ${FORMAT_VERSION + 1}`);
  });

  it('names a damaged snapshot file instead of failing with a bare JSON error', async () => {
    const dir = tempDir('marginalia-journal-');
    writeFileSync(join(dir, 'snapshot.json'), '{"format": 1, "generation"');
    const error = await JournalStore.open(dir).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(StorageError);
    expect(error!.message.startsWith(`${join(dir, 'snapshot.json')}: is not valid JSON`), error!.message).toBe(true);
  });

  it('loads a snapshot of the current format as written by an earlier run', async () => {
    const dir = tempDir('marginalia-journal-');
    writeFileSync(
      join(dir, 'snapshot.json'),
      JSON.stringify({ format: FORMAT_VERSION, generation: 3, tables: { contract_a: { kept: { n: 5 } } } }),
    );
    const store = await JournalStore.open(dir);
    expect(store.get('contract_a', 'kept')).toEqual({ n: 5 });
    await store.write([put('next', { n: 6 })]);
    await store.close();
    expect(journals(dir)).toEqual(['journal-00000003.jsonl']);
  });

  it('loads a format-1 folder into packed tables and writes them as a pack file at its next compaction', async () => {
    const dir = tempDir('marginalia-journal-');
    writeFileSync(
      join(dir, 'snapshot.json'),
      JSON.stringify({ format: 1, generation: 0, tables: { contract_a: { kept: { n: 5 } } } }),
    );
    writeFileSync(join(dir, 'contract_a-00000009.pack'), 'left by a compaction a crash cut short');
    const store = await JournalStore.open(dir, { packed: ['contract_a'] });
    expect(existsSync(join(dir, 'contract_a-00000009.pack'))).toBe(false);
    expect(store.get('contract_a', 'kept')).toEqual({ n: 5 });
    await store.write([put('next', { n: 6 })]);
    await store.compact();
    await store.close();
    const snapshot = JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8'));
    expect(snapshot.format).toBe(FORMAT_VERSION);
    expect(snapshot.packs).toEqual({ contract_a: 'contract_a-00000001.pack' });
    expect(snapshot.tables.contract_a).toBeUndefined();
    const again = await JournalStore.open(dir, { packed: ['contract_a'] });
    expect(new Map(again.entries('contract_a'))).toEqual(
      new Map([
        ['kept', { n: 5 }],
        ['next', { n: 6 }],
      ]),
    );
    await again.close();
  });
});
