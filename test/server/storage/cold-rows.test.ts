/**
 * A table loaded from a pack file leaves the rows in the file and reads them on demand. Against a Map as the
 * model: rows of every size (past the first read and past a scan's chunk), rows replaced and deleted while their
 * originals stay in the file, garbage reclaimed around them, and a second trip through a pack file.
 */
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { PackedTable } from '../../../server/storage/packed-table.js';
import { CHECKED_BLOCK, packFilePieces, readPackFile } from '../../../server/storage/pack-file.js';
import { writeFileAtomicChunks } from '../../../server/storage/atomic-file.js';
import { seededRandom } from '../../../server/domain/seeded-random.js';
import { tempDir } from '../../helpers/temp-dir.js';

const opened: PackedTable[] = [];
afterEach(() => opened.splice(0).forEach((t) => t.close()));

async function writePack(table: PackedTable, name: string): Promise<string> {
  const file = join(tempDir('marginalia-cold-'), name);
  const end = table.pin();
  await writeFileAtomicChunks(file, packFilePieces(table, end, undefined));
  table.release();
  return file;
}

async function throughFile(table: PackedTable, name: string, garbageFloor?: number): Promise<PackedTable> {
  const back = await readPackFile(await writePack(table, name), { garbageFloor });
  opened.push(back);
  return back;
}

function expectSame(table: PackedTable, model: Map<string, unknown>): void {
  expect(table.size).toBe(model.size);
  expect(new Map(table.entries())).toEqual(model);
  expect([...table.keys()].sort()).toEqual([...model.keys()].sort());
  for (const [key, value] of model) expect(table.get(key)).toEqual(value);
}

/** values from a few bytes to past the first read (512 bytes) and, now and then, past a scan's chunk (1 MiB) */
function valueOf(step: number, random: () => number): unknown {
  const r = random();
  if (step === 7 || step === 9007) return { list: Array.from({ length: 120_000 }, (_, i) => `item-${i}`) };
  if (r < 0.1) return { note: 'ü'.repeat(300 + Math.floor(random() * 400)), step };
  return { username: `u${step % 7}`, labels: { s: { [`l${step % 3}`]: 'true' } }, step };
}

describe('a packed table loaded from a pack file', () => {
  it('answers like a Map from the file, through replaced and deleted rows, reclaimed garbage and a second file', async () => {
    const random = seededRandom(11);
    const table = new PackedTable();
    const model = new Map<string, unknown>();
    for (let step = 0; step < 6000; step++) {
      const key = `k${step}\u0001${step % 5 ? 'é' : ''}`;
      const value = valueOf(step, random);
      table.set(key, value);
      model.set(key, value);
    }
    const cold = await throughFile(table, 'first.pack', 64 * 1024);
    expect(cold.memoryBytes).toBe(0); // the rows stayed in the file
    expectSame(cold, model);

    for (let step = 6000; step < 20_000; step++) {
      const key = `k${Math.floor(random() * 8000)}\u0001${Math.floor(random() * 5) ? 'é' : ''}`;
      if (random() < 0.3) expect(cold.delete(key)).toBe(model.delete(key));
      else {
        const value = valueOf(step, random);
        cold.set(key, value);
        model.set(key, value);
      }
      expect(cold.has(key)).toBe(model.has(key));
      if (step % 3001 === 0) expectSame(cold, model);
    }
    expectSame(cold, model);
    expect(cold.memoryBytes).toBeLessThan(cold.bytes); // rows written since the load, reclaimed as they were replaced

    const again = await throughFile(cold, 'second.pack');
    expectSame(again, model);
    again.set('late', 1);
    expect(again.get('late')).toBe(1);
  });

  it('still loads a pack file of the format before block checksums (MGP3)', async () => {
    const table = new PackedTable();
    for (let i = 0; i < 3000; i++) table.set(`key-${i}`, { i });
    const current = readFileSync(await writePack(table, 'current.pack'));
    // MGP4: magic, rows, slots, hashes, block checksums, dictionary, trailer (rows' bytes, slots, checksum,
    // dictionary's bytes, its CRC, the trailer's CRC); MGP3 is the same without block checksums and the two CRCs
    const trailer = current.subarray(current.length - 24);
    const rowBytes = trailer.readUInt32LE(0);
    const slotCount = trailer.readUInt32LE(4);
    const rowsAndIndex = current.subarray(4, 4 + rowBytes + 8 * slotCount);
    const dictionary = current.subarray(
      4 + rowBytes + 8 * slotCount + 4 * Math.ceil(rowBytes / CHECKED_BLOCK),
      current.length - 24,
    );
    const older = Buffer.concat([Buffer.from('MGP3'), rowsAndIndex, dictionary, trailer.subarray(0, 16)]);
    const file = join(tempDir('marginalia-cold-'), 'older.pack');
    writeFileSync(file, older);
    const back = await readPackFile(file);
    opened.push(back);
    expect(back.size).toBe(3000);
    for (let i = 0; i < 3000; i += 17) expect(back.get(`key-${i}`)).toEqual({ i });
    expect(back.get('key-3000')).toBeUndefined();
    for (let i = 0; i < 1000; i++) back.set(`new-${i}`, i); // its stored hashes carry it through a rehash
    expect(back.get('key-2999')).toEqual({ i: 2999 });
    expect(back.size).toBe(4000);

    // a flipped byte among the hashes is named too, not trusted
    const flipped = Buffer.from(older);
    flipped[4 + rowBytes + 4 * slotCount + 4 * 10] ^= 0x01;
    writeFileSync(file, flipped);
    await expect(readPackFile(file)).rejects.toThrow(/index does not match/);
  });
});
