/**
 * `npm run repair` on damage outside the journal: a changed byte in a pack file's rows sets aside exactly the rows
 * of the block that fails its checksum; a damaged dictionary sets every row aside; a damaged snapshot sets its tables
 * aside whole. The folder then starts from the rest, and what was set aside is in the quarantine file as far as it
 * can be read.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKED_TABLES } from '../../../server/index.js';
import { JournalStore } from '../../../server/storage/journal-store.js';
import { CHECKED_BLOCK, PackDamageError } from '../../../server/storage/pack-file.js';
import { repairFolder } from '../../../server/storage/repair.js';
import { SnapshotDamageError } from '../../../server/storage/snapshot-check.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { builtCommand } from '../../helpers/cli.js';

const N = 6000;
const value = (i: number) => ({
  n: i,
  label: `positive-${i}`,
  at: `2026-01-02T03:04:${String(i % 60).padStart(2, '0')}.678Z`,
});
const open = (dir: string) => JournalStore.open(dir, { packed: PACKED_TABLES });
const openError = (dir: string) =>
  open(dir).then(
    async (s) => {
      await s.close();
      return undefined;
    },
    (e: Error) => e,
  );

/** A closed folder: annotations in a pack, settings in the snapshot, and writes after the compaction in the journal. */
async function compactedFolder(): Promise<{ dir: string; pack: string; snapshot: string }> {
  const dir = tempDir('marginalia-repair-pack-');
  const store = await open(dir);
  for (let i = 0; i < N; i += 100) {
    const ops = [];
    for (let j = i; j < i + 100; j++) ops.push({ table: 'annotations', key: `k${j}`, value: value(j) });
    ops.push({ table: 'settings', key: `p${i}`, value: value(i) });
    await store.write(ops as never);
  }
  await store.compact();
  await store.write([
    { table: 'annotations', key: 'after', value: value(-1) },
    { table: 'settings', key: 'after', value: value(-2) },
  ] as never);
  await store.close();
  const pack = join(
    dir,
    readdirSync(dir).find((n) => n.endsWith('.pack'))!,
  );
  return { dir, pack, snapshot: join(dir, 'snapshot.json') };
}

const quarantined = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

function repairCli(dir: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [builtCommand('repair-cli'), '--data-dir', dir], (error, _stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

describe('repair of pack files and the snapshot', () => {
  it(
    'sets aside exactly the rows of the pack block that fails its checksum, and the folder starts from the rest',
    { timeout: 90_000 },
    async () => {
      const { dir, pack } = await compactedFolder();
      const bytes = readFileSync(pack);
      // where each row starts, found from its key as the test wrote it (flag 1, key length, key)
      const starts = Array.from(
        { length: N },
        (_, i) => [i, bytes.indexOf(Buffer.concat([Buffer.from([1, `k${i}`.length]), Buffer.from(`k${i}`)]))] as const,
      );
      expect(starts.every(([, at]) => at > 0)).toBe(true);
      const changed = bytes.indexOf('positive-3000');
      bytes[changed] = 'n'.charCodeAt(0); // inside a value: the row still decodes
      writeFileSync(pack, bytes);
      const error = await openError(dir);
      expect(error).toBeInstanceOf(PackDamageError);
      expect(error!.message).toContain(`npm run repair -- --data-dir ${dir}`);

      const block = Math.floor((changed - 4) / CHECKED_BLOCK);
      const [from, to] = [4 + block * CHECKED_BLOCK, 4 + (block + 1) * CHECKED_BLOCK];
      const sorted = [...starts].sort((a, b) => a[1] - b[1]);
      const inBlock = sorted
        .filter(([, at], n) => at < to && (n + 1 < sorted.length ? sorted[n + 1][1] : Infinity) > from)
        .map(([i]) => `k${i}`);
      expect(inBlock.length).toBeGreaterThan(100);
      expect(inBlock.length).toBeLessThan(N / 2);
      expect(
        sorted.some(([, at]) => at >= to),
        'rows after the block, so rows cross both its edges',
      ).toBe(true);

      const r = await repairCli(dir);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`set ${inBlock.length} damaged record(s) aside`);
      expect(r.stderr).toMatch(
        new RegExp(
          `row at byte offset \\d+ \\(rows block ${block} fails its checksum\\), as far as it can be read: annotations/k3000 = \\{"n":3000,"label":"nositive-3000"`,
        ),
      );
      expect(r.stderr).toContain('starts again');

      const held = quarantined(
        join(
          dir,
          readdirSync(dir).find((n) => n.startsWith('quarantine-'))!,
        ),
      );
      expect(held.map((h) => h.key).sort()).toEqual([...inBlock].sort());
      expect(held.find((h) => h.key === 'k3000').value).toEqual({ ...value(3000), label: 'nositive-3000' });
      expect(held.find((h) => h.key === inBlock[0]).value).toEqual(value(Number(inBlock[0].slice(1))));

      const lost = new Set(inBlock);
      const store = await open(dir);
      for (let i = 0; i < N; i++)
        expect(store.get('annotations', `k${i}`), `k${i}`).toEqual(lost.has(`k${i}`) ? undefined : value(i));
      expect(store.get('annotations', 'after')).toEqual(value(-1));
      expect(store.get('settings', 'p2900')).toEqual(value(2900));
      await store.close();
    },
  );

  it(
    "sets every row aside when the pack's dictionary fails its checksum, each as far as it still decodes",
    { timeout: 60_000 },
    async () => {
      const { dir, pack } = await compactedFolder();
      const bytes = readFileSync(pack);
      bytes[bytes.lastIndexOf('"label"') + 2] ^= 0x01; // "lAbel"
      writeFileSync(pack, bytes);
      expect((await openError(dir))!.message).toMatch(/its dictionary .* fails its checksum/);
      const report = await repairFolder(dir);
      expect(report.records).toHaveLength(N);
      expect(report.records.every((r) => r.kind === 'pack row' && r.why === 'its dictionary fails its checksum')).toBe(
        true,
      );
      const store = await open(dir);
      expect(store.get('annotations', 'k7')).toBeUndefined();
      expect(store.get('annotations', 'after')).toEqual(value(-1));
      await store.close();
    },
  );

  it("loses nothing when only the pack trailer's copy of a checksum changed", { timeout: 60_000 }, async () => {
    const { dir, pack } = await compactedFolder();
    const bytes = readFileSync(pack);
    bytes[bytes.length - 8] ^= 0x01; // the dictionary's CRC as the trailer holds it
    writeFileSync(pack, bytes);
    expect((await openError(dir))!.message).toMatch(/its trailer .* fails its checksum/);
    const report = await repairFolder(dir);
    expect(report.records).toEqual([]);
    expect(report.rewritten).toEqual([pack]);
    const store = await open(dir);
    for (let i = 0; i < N; i++) expect(store.get('annotations', `k${i}`), `k${i}`).toEqual(value(i));
    await store.close();
  });

  it(
    "sets a damaged snapshot's tables aside whole and starts from the packs and journals",
    { timeout: 60_000 },
    async () => {
      const { dir, snapshot } = await compactedFolder();
      writeFileSync(snapshot, readFileSync(snapshot, 'utf8').replace('positive-2900', 'nositive-2900'));
      const error = await openError(dir);
      expect(error).toBeInstanceOf(SnapshotDamageError);
      expect(error!.message).toContain(`npm run repair -- --data-dir ${dir}`);

      const report = await repairFolder(dir);
      expect(report.records).toHaveLength(1);
      const [lost] = quarantined(report.quarantine!);
      expect(lost.kind).toBe('snapshot');
      expect(lost.tables.settings.p2900).toEqual({ ...value(2900), label: 'nositive-2900' });
      expect(Object.keys(lost.tables.settings)).toHaveLength(N / 100);

      const store = await open(dir);
      expect(store.get('settings', 'p0')).toBeUndefined();
      expect(store.get('settings', 'after')).toEqual(value(-2));
      for (let i = 0; i < N; i++) expect(store.get('annotations', `k${i}`), `k${i}`).toEqual(value(i));
      await store.close();
    },
  );

  it('starts from the packs and journals when the damaged snapshot no longer parses', { timeout: 60_000 }, async () => {
    const { dir, snapshot } = await compactedFolder();
    writeFileSync(snapshot, readFileSync(snapshot, 'utf8').replace('"packs":{', '"packs"{'));
    expect(await openError(dir)).toBeInstanceOf(SnapshotDamageError);
    const report = await repairFolder(dir);
    const [lost] = quarantined(report.quarantine!);
    expect(lost.tables).toBeUndefined();
    expect(lost.text).toContain('"packs"{');
    const store = await open(dir);
    expect(store.get('annotations', 'k2999')).toEqual(value(2999));
    expect(store.get('annotations', 'after')).toEqual(value(-1));
    await store.close();
  });
});
