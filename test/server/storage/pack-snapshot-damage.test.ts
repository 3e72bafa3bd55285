/**
 * Damage in a pack file or the snapshot is found and named, never served: each 64 KiB block of a pack's rows, its
 * dictionary and its trailer carry a CRC-32, and so does the snapshot; a changed byte stops start-up naming the
 * file and the place.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalStore } from '../../../server/storage/journal-store.js';
import { CHECKED_BLOCK, PackDamageError } from '../../../server/storage/pack-file.js';
import { SnapshotDamageError } from '../../../server/storage/snapshot-check.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { put } from './store-contract.js';

const N = 3000;
const value = (i: number) => ({
  n: i,
  label: `positive-${i}`,
  at: `2026-01-02T03:04:${String(i % 60).padStart(2, '0')}.678Z`,
});

/** A closed, compacted folder: table contract_a in a pack file, contract_b in the snapshot. */
async function compactedFolder(): Promise<{ dir: string; pack: string; snapshot: string }> {
  const dir = tempDir('marginalia-pack-damage-');
  const store = await JournalStore.open(dir, { packed: ['contract_a'] });
  for (let i = 0; i < N; i += 100) {
    const ops = [];
    for (let j = i; j < i + 100; j++) ops.push(put(`k${j}`, value(j)));
    ops.push(put(`p${i}`, value(i), 'contract_b'));
    await store.write(ops);
  }
  await store.compact();
  await store.close();
  const pack = join(
    dir,
    readdirSync(dir).find((n) => n.endsWith('.pack'))!,
  );
  return { dir, pack, snapshot: join(dir, 'snapshot.json') };
}

const openError = (dir: string) =>
  JournalStore.open(dir, { packed: ['contract_a'] }).then(
    async (s) => {
      await s.close();
      return undefined;
    },
    (e: Error) => e,
  );

describe('pack file and snapshot damage', () => {
  it('a compacted folder with checksums opens with every row', async () => {
    const { dir } = await compactedFolder();
    const store = await JournalStore.open(dir, { packed: ['contract_a'] });
    expect(store.get('contract_a', 'k2999')).toEqual(value(2999));
    expect(store.get('contract_b', 'p2900')).toEqual(value(2900));
    await store.close();
  });

  it('a byte changed inside a row of a pack (it still decodes) stops start-up naming the file, block and bytes', async () => {
    const { dir, pack } = await compactedFolder();
    const bytes = readFileSync(pack);
    expect(bytes.length, 'the rows span several blocks').toBeGreaterThan(2 * CHECKED_BLOCK);
    const at = bytes.indexOf('positive-2500');
    bytes[at] = 'n'.charCodeAt(0);
    writeFileSync(pack, bytes);
    const error = await openError(dir);
    expect(error).toBeInstanceOf(PackDamageError);
    const block = Math.floor((at - 4) / CHECKED_BLOCK);
    expect(error!.message).toContain(`${pack}: rows block ${block} (bytes ${4 + block * CHECKED_BLOCK}-`);
    expect(error!.message).toContain(`npm run repair -- --data-dir ${dir}`);
    expect(readFileSync(pack).equals(bytes), 'nothing is changed').toBe(true);
  });

  it("a byte changed in a pack's dictionary or trailer is named too", async () => {
    const { dir, pack } = await compactedFolder();
    const original = readFileSync(pack);
    const dictionary = Buffer.from(original);
    dictionary[dictionary.lastIndexOf('"words"') + 2] ^= 0x01;
    writeFileSync(pack, dictionary);
    expect((await openError(dir))!.message).toMatch(/its dictionary \(bytes \d+-\d+\) fails its checksum/);
    const trailer = Buffer.from(original);
    trailer[trailer.length - 8] ^= 0x01; // the dictionary's CRC as the trailer holds it
    writeFileSync(pack, trailer);
    expect((await openError(dir))!.message).toMatch(/its trailer \(bytes \d+-\d+\) fails its checksum/);
  });

  it('a byte changed inside a value of the snapshot stops start-up naming the file', async () => {
    const { dir, snapshot } = await compactedFolder();
    const text = readFileSync(snapshot, 'utf8');
    expect(text).toMatch(/,"crc":"[0-9a-f]{8}"\}$/);
    writeFileSync(snapshot, text.replace('positive-2900', 'nositive-2900'));
    const error = await openError(dir);
    expect(error).toBeInstanceOf(SnapshotDamageError);
    expect(error!.message).toContain(
      `${snapshot}: its bytes do not match their checksum (the file still parses, so a value inside it changed)`,
    );
    writeFileSync(snapshot, text.replace('"positive-2900"', '"positive-2900'));
    expect((await openError(dir))!.message).toMatch(/it stops parsing at byte \d+/);
  });
});
