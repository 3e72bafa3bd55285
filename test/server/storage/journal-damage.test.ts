/**
 * Damage in a journal is found and named, never skipped quietly: each record carries a checksum; only a bad last
 * record (a write a crash tore, never acknowledged) may be dropped at start, and a bad record anywhere else stops
 * start-up naming the file, the record and its byte offset.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalStore } from '../../../server/storage/journal-store.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { put } from './store-contract.js';

const journalOf = (dir: string) =>
  join(
    dir,
    readdirSync(dir).find((n) => /^journal-\d+\.jsonl$/.test(n))!,
  );

/** A closed folder with `n` records, one write each: key k<i> holds a label and a timestamp. */
async function folderWith(n: number): Promise<{ dir: string; file: string; bytes: Buffer; starts: number[] }> {
  const dir = tempDir('marginalia-damage-');
  const store = await JournalStore.open(dir);
  for (let i = 1; i <= n; i++)
    await store.write([put(`k${i}`, { n: i, text: `positive-${i} at 2026-01-02T03:04:05.678Z` })]);
  await store.close();
  const file = journalOf(dir);
  const bytes = readFileSync(file);
  const starts = [0];
  for (let at = bytes.indexOf(0x0a); at >= 0 && at < bytes.length - 1; at = bytes.indexOf(0x0a, at + 1))
    starts.push(at + 1);
  return { dir, file, bytes, starts };
}

describe('journal damage', () => {
  it('refuses to start on a changed byte at the start of record 19 of 34, naming file, record and offset', async () => {
    const { dir, file, bytes, starts } = await folderWith(34);
    expect(starts).toHaveLength(34);
    bytes[starts[18]] ^= 0x20;
    writeFileSync(file, bytes);
    const opened = JournalStore.open(dir);
    await expect(opened).rejects.toThrow(`${file}: record 19 (byte offset ${starts[18]}) is damaged`);
    await expect(opened).rejects.toThrow(/npm run repair -- --data-dir/);
    expect(readFileSync(file).equals(bytes), 'nothing is changed').toBe(true);
  });

  it('catches a byte changed inside a value (the record still parses)', async () => {
    const { dir, file, bytes, starts } = await folderWith(34);
    const inValue = bytes.indexOf('positive-19', starts[18]);
    bytes[inValue] = 'n'.charCodeAt(0); // "nositive-19": valid JSON, wrong label
    writeFileSync(file, bytes);
    await expect(JournalStore.open(dir)).rejects.toThrow(
      /record 19 \(byte offset \d+\) is damaged \(checksum mismatch\)/,
    );
  });

  it('catches a changed timestamp digit', async () => {
    const { dir, file, bytes, starts } = await folderWith(5);
    const digit = bytes.indexOf('2026', starts[2]) + 3;
    bytes[digit] = '7'.charCodeAt(0);
    writeFileSync(file, bytes);
    await expect(JournalStore.open(dir)).rejects.toThrow(/record 3 .*checksum mismatch/);
  });

  it('drops a damaged last record (a torn write) with a warning, and keeps the rest', async () => {
    const { dir, file, bytes, starts } = await folderWith(5);
    bytes[bytes.indexOf('positive-5', starts[4])] = 'n'.charCodeAt(0);
    writeFileSync(file, bytes);
    const warnings: string[] = [];
    const store = await JournalStore.open(dir, { logger: { info() {}, warn: (m) => warnings.push(m), error() {} } });
    expect(warnings.join('\n')).toMatch(/record|incomplete write/);
    expect(store.get('contract_a', 'k4')).toEqual({ n: 4, text: 'positive-4 at 2026-01-02T03:04:05.678Z' });
    expect(store.get('contract_a', 'k5')).toBeUndefined();
    await store.close();
  });

  it('loads a journal written before records had checksums, and appends checksummed records after it', async () => {
    const dir = tempDir('marginalia-damage-');
    const old = [1, 2, 3].map((i) => JSON.stringify([put(`k${i}`, { n: i })])).join('\n') + '\n';
    writeFileSync(join(dir, 'journal-00000000.jsonl'), old);
    const store = await JournalStore.open(dir);
    expect(store.get('contract_a', 'k3')).toEqual({ n: 3 });
    await store.write([put('k4', { n: 4 })]);
    await store.close();
    const again = await JournalStore.open(dir);
    expect(['k1', 'k2', 'k3', 'k4'].map((k) => again.get('contract_a', k))).toEqual([1, 2, 3, 4].map((n) => ({ n })));
    await again.close();
    const lines = readFileSync(journalOf(dir), 'utf8').split('\n').filter(Boolean);
    expect(lines[3]).toMatch(/^\{"crc":"[0-9a-f]{8}","ops":\[/);
  });
});
