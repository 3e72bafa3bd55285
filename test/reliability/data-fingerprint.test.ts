/**
 * The data folder's fingerprint, which the fuzzers rely on to prove a refused request wrote nothing, sees every
 * change: a file rewritten with as many bytes at once after a fingerprint (within one timestamp tick) or after it
 * was kept a while, one replaced by a rename, one added and one removed.
 */
import { appendFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { fingerprint } from './data-fingerprint.js';

describe('data folder fingerprint', () => {
  it('changes with every write, however soon and however alike in size', async () => {
    const dir = tempDir('marginalia-fingerprint-');
    const file = join(dir, 'journal.jsonl');
    writeFileSync(file, 'aaaa\n');
    const first = fingerprint(dir);
    writeFileSync(file, 'bbbb\n'); // same size, same tick
    const second = fingerprint(dir);
    expect(second).not.toEqual(first);

    // a file last changed over a second ago is not read again until its stat moves
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    await new Promise((r) => setTimeout(r, 1_100)); // its ctime (set by utimes) a second old too
    const kept = fingerprint(dir);
    expect(fingerprint(dir)).toEqual(kept);
    writeFileSync(file, 'cccc\n');
    utimesSync(file, old, old); // mtime put back; ctime cannot be
    expect(fingerprint(dir)).not.toEqual(kept);

    const before = fingerprint(dir);
    writeFileSync(join(dir, 'next'), 'dddd\n');
    renameSync(join(dir, 'next'), file);
    expect(fingerprint(dir)).not.toEqual(before);
    appendFileSync(join(dir, 'new.jsonl'), 'x');
    const added = fingerprint(dir);
    expect(Object.keys(added)).toContain('new.jsonl');
    rmSync(join(dir, 'new.jsonl'));
    expect(Object.keys(fingerprint(dir))).not.toContain('new.jsonl');
  });
});
