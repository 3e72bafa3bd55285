/**
 * `npm run repair`: a journal with damaged records in the middle refuses to start; repair copies the folder aside,
 * moves exactly the damaged records to a quarantine file with what they held, prints them, and the folder starts
 * from the rest.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKED_TABLES } from '../../../server/index.js';
import { JournalStore } from '../../../server/storage/journal-store.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { builtCommand } from '../../helpers/cli.js';

const journalOf = (dir: string) =>
  join(
    dir,
    readdirSync(dir).find((n) => /^journal-\d+\.jsonl$/.test(n))!,
  );

function repair(dir: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [builtCommand('repair-cli'), '--data-dir', dir], (error, _stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

describe('npm run repair', () => {
  it(
    'quarantines exactly the damaged records, keeps the rest, and says what was lost',
    { timeout: 60_000 },
    async () => {
      const dir = tempDir('marginalia-repair-');
      const store = await JournalStore.open(dir, { packed: PACKED_TABLES });
      for (let i = 1; i <= 34; i++)
        await store.write([{ table: 'settings', key: `k${i}`, value: { label: `label-${i}` } } as never]);
      await store.close();
      const file = journalOf(dir);
      const bytes = readFileSync(file);
      bytes[bytes.indexOf('label-19')] = 'L'.charCodeAt(0); // inside a value: still parses
      bytes[bytes.indexOf('{"crc"', bytes.indexOf('label-25'))] = 0x21; // the start of record 26: unreadable as a record
      writeFileSync(file, bytes);
      await expect(JournalStore.open(dir, { packed: PACKED_TABLES })).rejects.toThrow(/record 19 .* is damaged/);

      const r = await repair(dir);
      expect(r.stderr).toContain('set 2 damaged record(s) aside');
      expect(r.stderr).toMatch(
        /record 19 \(byte offset \d+, checksum mismatch\), as far as it can be read: settings\/k19 = \{"label":"Label-19"\}/,
      );
      expect(r.stderr).toMatch(/record 26 \(byte offset \d+, [^)]*\)/);
      expect(r.stderr).toContain('starts again');
      expect(r.code).toBe(0);

      const backup = r.stderr.match(/copied the folder as it was to (\S+)/)![1];
      expect(readFileSync(journalOf(backup)).equals(bytes), 'the copy is the folder as it was').toBe(true);
      const quarantine = readdirSync(dir).find((n) => n.startsWith('quarantine-'))!;
      const held = readFileSync(join(dir, quarantine), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(held.map((h) => h.record)).toEqual([19, 26]);
      expect(held[0].ops).toEqual([{ table: 'settings', key: 'k19', value: { label: 'Label-19' } }]);
      expect(held[1].text).toContain('label-26');

      const again = await JournalStore.open(dir, { packed: PACKED_TABLES });
      for (let i = 1; i <= 34; i++)
        expect(again.get('settings', `k${i}`), `k${i}`).toEqual(
          i === 19 || i === 26 ? undefined : { label: `label-${i}` },
        );
      await again.close();
    },
  );

  it('on a sound folder changes nothing and says so', { timeout: 60_000 }, async () => {
    const dir = tempDir('marginalia-repair-');
    const store = await JournalStore.open(dir);
    await store.write([{ table: 'settings', key: 'a', value: { n: 1 } } as never]);
    await store.close();
    const before = readFileSync(journalOf(dir));
    const r = await repair(dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('nothing damaged found');
    expect(readFileSync(journalOf(dir)).equals(before)).toBe(true);
    expect(readdirSync(dir).some((n) => n.startsWith('quarantine-'))).toBe(false);
    expect(existsSync(r.stderr.match(/copied the folder as it was to (\S+)/)![1])).toBe(true);
  });
});
