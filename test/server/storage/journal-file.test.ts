/**
 * JournalFile: appends land whole and in order where the data ends (zeros written ahead of them), a clean close
 * leaves the data alone, and on Linux the descriptor is O_DSYNC, which makes an append durable without a separate
 * fdatasync. On a nearly full disk the zeros leave room for the rest of the folder.
 */
import { appendFileSync, constants, readdirSync, readFileSync, readlinkSync, statfsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JournalFile } from '../../../server/storage/journal-file.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { mountTmpfs, unmountTmpfs } from '../../helpers/tmpfs.js';

/** The open flags of this process's descriptor for `path`, from /proc (Linux only). */
function openFlags(path: string): number {
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue;
    }
    if (target === path)
      return parseInt(/^flags:\s+(\d+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))![1], 8);
  }
  throw new Error(`${path} is not open`);
}

const data = (file: string) => readFileSync(file, 'utf8').split('\0')[0];

const small = mountTmpfs('4m');
afterAll(() => unmountTmpfs(small));

describe('JournalFile', () => {
  it('appends in order before the zeros, truncates, and closes to the data alone', async () => {
    const file = join(tempDir('marginalia-journal-file-'), 'j.jsonl');
    const journal = await JournalFile.open(file);
    expect(journal.size).toBe(0);
    await journal.append(Buffer.from('one\n'));
    await journal.append(Buffer.from('two\n'));
    expect(data(file)).toBe('one\ntwo\n');
    expect(readFileSync(file).length).toBeGreaterThan(1024 * 1024); // zeros written ahead
    expect(journal.size).toBe(8);
    await journal.truncate(4);
    await journal.append(Buffer.from('three\n'));
    expect(data(file)).toBe('one\nthree\n');
    await journal.close();
    expect(readFileSync(file, 'utf8')).toBe('one\nthree\n');

    const again = await JournalFile.open(file, 10);
    await again.append(Buffer.from('four\n'));
    await again.close();
    expect(readFileSync(file, 'utf8')).toBe('one\nthree\nfour\n');
  });

  it('takes an append larger than the zeros ahead of it', async () => {
    const file = join(tempDir('marginalia-journal-file-'), 'j.jsonl');
    const journal = await JournalFile.open(file);
    const big = Buffer.alloc(9 * 1024 * 1024, 'x');
    await journal.append(Buffer.from('a\n'));
    await journal.append(big);
    await journal.append(Buffer.from('\nb\n'));
    await journal.close();
    const text = readFileSync(file, 'utf8');
    expect(text.length).toBe(2 + big.length + 3);
    expect(text.endsWith('x\nb\n')).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'opens the file O_DSYNC on Linux, so each append is synced by the write itself',
    async () => {
      const file = join(tempDir('marginalia-journal-file-'), 'j.jsonl');
      const journal = await JournalFile.open(file);
      expect(journal.syncedWrites).toBe(true);
      expect(openFlags(file) & constants.O_DSYNC).toBe(constants.O_DSYNC);
      await journal.close();
    },
  );

  describe.skipIf(!small)('on a nearly full disk (needs root for a tmpfs)', () => {
    const free = () => statfsSync(small!).bavail * statfsSync(small!).bsize;

    it('writes zeros ahead over at most an eighth of the free space', async () => {
      const file = join(small!, 'eighth.jsonl');
      const before = free();
      const journal = await JournalFile.open(file);
      await journal.append(Buffer.from('one\n')); // waits for the first stretch of zeros
      expect(statSync(file).size).toBeGreaterThan(4);
      expect(statSync(file).size).toBeLessThanOrEqual(before / 8);
      await journal.close();
      expect(readFileSync(file, 'utf8')).toBe('one\n');
    });

    it('writes no zeros when little is free, and appends all the same', async () => {
      const file = join(small!, 'full.jsonl');
      try {
        appendFileSync(join(small!, 'filler'), Buffer.alloc(free() - 256 * 1024));
      } catch {
        /* filled to the brim is fine too */
      }
      const journal = await JournalFile.open(file);
      const line = Buffer.from(`${'x'.repeat(999)}\n`);
      for (let i = 0; i < 20; i++) await journal.append(line);
      expect(statSync(file).size).toBe(20 * line.length); // no zeros past the data
      await journal.close();
      expect(readFileSync(file, 'utf8')).toBe(line.toString().repeat(20));
    });
  });
});
