/**
 * PackedTable against a Map as the model: any sequence of sets and deletes must leave both answering alike,
 * through index growth, tombstones, garbage reclaim and a trip through a pack file.
 */
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PackedTable } from '../../../server/storage/packed-table.js';
import { packFilePieces, readPackFile } from '../../../server/storage/pack-file.js';
import { writeFileAtomicChunks } from '../../../server/storage/atomic-file.js';
import { StorageError } from '../../../server/storage/tables.js';
import { seededRandom } from '../../../server/domain/seeded-random.js';
import { tempDir } from '../../helpers/temp-dir.js';

function expectSame(table: PackedTable, model: Map<string, unknown>): void {
  expect(table.size).toBe(model.size);
  expect(new Map(table.entries())).toEqual(model);
  for (const [key, value] of model) expect(table.get(key)).toEqual(value);
}

const record = (i: number) => ({
  username: `u${i % 7}`,
  instance_id: `item-${i}`,
  labels: { s: { [`l${i % 3}`]: 'true' } },
  spans: [],
  updated_at: new Date(1e12 + i * 1000).toISOString(),
});

describe('PackedTable', () => {
  it('answers like a Map through random sets and deletes, reclaiming its garbage', () => {
    const table = new PackedTable({ garbageFloor: 4096 });
    const model = new Map<string, unknown>();
    const random = seededRandom(3);
    for (let step = 0; step < 20_000; step++) {
      const key = `k${Math.floor(random() * 500)}\u0001${step % 3 ? 'é' : ''}`;
      if (random() < 0.25) expect(table.delete(key)).toBe(model.delete(key));
      else {
        const value = record(step);
        table.set(key, value);
        model.set(key, value);
      }
      if (step % 997 === 0) expectSame(table, model);
      expect(table.has(key)).toBe(model.has(key));
    }
    expectSame(table, model);
    expect(table.bytes).toBeLessThan(20_000 * 60); // garbage was reclaimed, not kept
  });

  it('visits rows written during an iteration and skips rows deleted before it gets to them', () => {
    const table = new PackedTable();
    for (let i = 0; i < 10; i++) table.set(`k${i}`, i);
    const seen: string[] = [];
    for (const [key] of table.entries()) {
      seen.push(key);
      if (key === 'k0') {
        table.delete('k5');
        table.set('late', 1);
        table.set('k1', 'moved'); // a rewritten row moves to the end
      }
    }
    expect(seen).toEqual(['k0', 'k2', 'k3', 'k4', 'k6', 'k7', 'k8', 'k9', 'late', 'k1']);
  });

  it('goes through a pack file intact, with frozen values standing in for rows changed since the pin', async () => {
    const dir = tempDir('marginalia-pack-');
    const table = new PackedTable();
    for (let i = 0; i < 5000; i++) table.set(`key-${i}`, record(i));
    const end = table.pin();
    // after the pin: changes the file must not see, with their pinned values frozen
    const frozen = new Map<string, unknown>([
      ['key-1', table.get('key-1')],
      ['key-2', table.get('key-2')],
      ['new', undefined],
    ]);
    table.set('key-1', { changed: true });
    table.delete('key-2');
    table.set('new', 1);
    const file = join(dir, 'rows-1.pack');
    await writeFileAtomicChunks(file, packFilePieces(table, end, frozen));
    table.release();
    const back = await readPackFile(file);
    expect(back.size).toBe(5000);
    for (let i = 0; i < 5000; i += 7) expect(back.get(`key-${i}`)).toEqual(record(i));
    expect(back.get('key-1')).toEqual(record(1));
    expect(back.get('key-2')).toEqual(record(2));
    expect(back.get('new')).toBeUndefined();
    back.set('after-load', { ok: true }); // the loaded arena keeps taking writes
    expect(back.get('after-load')).toEqual({ ok: true });
  });

  it('writes a key once when it changes after its row was copied, and loads the index it wrote', async () => {
    const dir = tempDir('marginalia-pack-');
    const table = new PackedTable();
    const N = 30_000; // ~2 MB of rows: the first piece is handed out while rows are still being copied
    for (let i = 0; i < N; i++) table.set(`key-${i}`, record(i));
    const end = table.pin();
    const frozen = new Map<string, unknown>();
    const pieces = packFilePieces(table, end, frozen);
    const out = [pieces.next().value!, pieces.next().value!]; // the magic, then a piece of rows starting at key-0
    for (const key of ['key-0', `key-${N - 1}`]) frozen.set(key, table.get(key)); // copied already, and not yet
    table.set('key-0', { changed: true });
    table.delete(`key-${N - 1}`);
    for (const piece of pieces) out.push(piece);
    table.release();
    const file = join(dir, 'rows-1.pack');
    writeFileSync(file, Buffer.concat(out));
    const back = await readPackFile(file);
    expect(back.size).toBe(N);
    expect(new Set(back.keys()).size).toBe(N); // no key twice
    expect(back.get('key-0')).toEqual(record(0));
    expect(back.get(`key-${N - 1}`)).toEqual(record(N - 1));
    for (let i = 0; i < N; i += 997) expect(back.get(`key-${i}`)).toEqual(record(i));
    back.delete('key-0');
    expect(back.get('key-0')).toBeUndefined();
    expect(back.size).toBe(N - 1);

    // a damaged index is named, not trusted: a flipped byte in it
    const bytes = Buffer.concat(out);
    const rowBytes = bytes.readUInt32LE(bytes.length - 24);
    bytes[4 + rowBytes + 4 * 100] ^= 0x40;
    writeFileSync(join(dir, 'flipped.pack'), bytes);
    await expect(readPackFile(join(dir, 'flipped.pack'))).rejects.toThrow(/index does not match/);
  });

  it('names a damaged pack file instead of loading garbage', async () => {
    const dir = tempDir('marginalia-pack-');
    for (const [name, bytes] of [
      ['short.pack', Buffer.from('MGP')],
      ['header.pack', Buffer.concat([Buffer.from('XXXX'), Buffer.alloc(24)])],
      [
        'lengths.pack',
        Buffer.concat([Buffer.from('MGP3'), Buffer.from([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0])]),
      ],
      ['missing.pack', null],
    ] as const) {
      if (bytes) writeFileSync(join(dir, name), bytes);
      const error = await readPackFile(join(dir, name)).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error).toBeInstanceOf(StorageError);
      expect(error!.message).toContain(join(dir, name));
    }
  });
});
