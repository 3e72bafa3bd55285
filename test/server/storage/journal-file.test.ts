/**
 * JournalFile: appends land in the file whole and in order, and on Linux the descriptor is O_DSYNC, which is
 * what makes an append durable without a separate fdatasync.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JournalFile } from '../../../server/storage/journal-file.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** The open flags of this process's descriptor for `path`, from /proc (Linux only). */
function openFlags(path: string): number {
  for (const fd of readdirSync('/proc/self/fd')) {
    let target = '';
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue;
    }
    if (target === path) return parseInt(/^flags:\s+(\d+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))![1], 8);
  }
  throw new Error(`${path} is not open`);
}

describe('JournalFile', () => {
  it('appends in order, reports its size and truncates', async () => {
    const file = join(tempDir('marginalia-journal-file-'), 'j.jsonl');
    const journal = await JournalFile.open(file);
    expect(await journal.size()).toBe(0);
    await journal.append(Buffer.from('one\n'));
    await journal.append(Buffer.from('two\n'));
    expect(readFileSync(file, 'utf8')).toBe('one\ntwo\n');
    expect(await journal.size()).toBe(8);
    await journal.truncate(4);
    await journal.append(Buffer.from('three\n'));
    expect(readFileSync(file, 'utf8')).toBe('one\nthree\n');
    await journal.close();

    const again = await JournalFile.open(file);
    await again.append(Buffer.from('four\n'));
    expect(readFileSync(file, 'utf8')).toBe('one\nthree\nfour\n');
    await again.close();
  });

  it.runIf(process.platform === 'linux')('opens the file O_DSYNC and O_APPEND on Linux, so each append is synced by the write itself', async () => {
    const file = join(tempDir('marginalia-journal-file-'), 'j.jsonl');
    const journal = await JournalFile.open(file);
    expect(journal.syncedWrites).toBe(true);
    const flags = openFlags(file);
    expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
    expect(flags & constants.O_APPEND).toBe(constants.O_APPEND);
    await journal.close();
  });
});
