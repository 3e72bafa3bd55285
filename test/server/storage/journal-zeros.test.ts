/**
 * The journal is kept written with zeros ahead of its data (journal-file.ts). What a crash can leave, then: data,
 * zeros, and possibly the torn start of a write in between or bits of it past the zeros. Every acknowledged write
 * must come back, nothing unacknowledged may be glued onto later writes, and a clean close leaves plain JSON lines.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalStore } from '../../../server/storage/journal-store.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { put } from './store-contract.js';

const journalOf = (dir: string) =>
  join(
    dir,
    readdirSync(dir).find((n) => /^journal-\d+\.jsonl$/.test(n))!,
  );
const quiet = () => {
  const warnings: string[] = [];
  return { warnings, logger: { info() {}, warn: (m: string) => warnings.push(m), error() {} } };
};

/** The journal as a crash would leave it now: the file as it is, zeros and all (the store stays open). */
async function crashImage(writes: number): Promise<{ dir: string; file: string; copy: Buffer }> {
  const dir = tempDir('marginalia-zeros-');
  const store = await JournalStore.open(dir);
  for (let n = 0; n < writes; n++) await store.write([put(`k${n}`, { n })]);
  const file = journalOf(dir);
  const copy = readFileSync(file);
  await store.close();
  return { dir, file, copy };
}

describe('JournalStore with zeros written ahead of the journal', () => {
  it('keeps zeros past the data while open, and cuts them off at a clean close', async () => {
    const { file, copy } = await crashImage(3);
    expect(copy.length).toBeGreaterThan(1024 * 1024);
    const end = copy.indexOf(0);
    expect(copy.subarray(end).every((b) => b === 0)).toBe(true);
    const closed = readFileSync(file);
    expect(closed.includes(0)).toBe(false);
    expect(closed.equals(copy.subarray(0, end))).toBe(true);
  });

  it('reopens a crash image with every write, without a warning, and appends over the zeros', async () => {
    const { dir, file, copy } = await crashImage(5);
    writeFileSync(file, copy);
    const { warnings, logger } = quiet();
    const store = await JournalStore.open(dir, { logger });
    expect(store.size('contract_a')).toBe(5);
    expect(warnings).toEqual([]);
    await store.write([put('later', { n: 9 })]);
    await store.close();
    const again = await JournalStore.open(dir);
    expect(again.size('contract_a')).toBe(6);
    await again.close();
  });

  it('skips a torn write before the zeros and does not let later writes glue onto it', async () => {
    const { dir, file, copy } = await crashImage(2);
    const end = copy.indexOf(0);
    const torn = Buffer.from('[{"table":"contract_a","key":"torn","value":{"n"');
    torn.copy(copy, end);
    writeFileSync(file, copy);
    const { warnings, logger } = quiet();
    const store = await JournalStore.open(dir, { logger });
    expect(store.get('contract_a', 'torn')).toBeUndefined();
    expect(warnings.join('\n')).toMatch(/incomplete write/);
    await store.write([put('after', { n: 3 })]);
    await store.close();
    const again = await JournalStore.open(dir);
    expect([...again.entries('contract_a')].map(([k]) => k).sort()).toEqual(['after', 'k0', 'k1']);
    await again.close();
  });

  it('cuts whatever a torn write left past the zeros, so a later append cannot run into it', async () => {
    const { dir, file, copy } = await crashImage(2);
    // the second page of an unacknowledged write reached the disk, its first did not
    const stray = Buffer.from(',"value":{"n":1}}]\n[{"table":"contract_a","key":"ghost","value":{"n":2}}]\n');
    stray.copy(copy, copy.indexOf(0) + 4096);
    writeFileSync(file, copy);
    const store = await JournalStore.open(dir);
    expect(statSync(file).size).toBeLessThanOrEqual(copy.indexOf(0) + 4 * 1024 * 1024);
    expect(readFileSync(file).includes(stray)).toBe(false);
    expect(store.get('contract_a', 'ghost')).toBeUndefined();
    await store.close();
  });

  it('adds the missing newline of a complete last line in place, not after the zeros', async () => {
    const { dir, file, copy } = await crashImage(1);
    Buffer.from(JSON.stringify([put('two', { n: 2 })])).copy(copy, copy.indexOf(0));
    writeFileSync(file, copy);
    const store = await JournalStore.open(dir);
    expect(store.get('contract_a', 'two')).toEqual({ n: 2 });
    await store.write([put('three', { n: 3 })]);
    await store.close();
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    // 'two' was written as a record of the format before checksums: a bare array of ops
    const ops = lines.map((l) => JSON.parse(l)).map((r) => (Array.isArray(r) ? r : r.ops));
    expect(ops.map((o) => o[0].key)).toEqual(['k0', 'two', 'three']);
  });

  it('loses no acknowledged write when the process is killed (SIGKILL) in the middle of writing', async () => {
    const dir = tempDir('marginalia-zeros-');
    const script = join(tempDir('marginalia-zeros-script-'), 'writer.mts');
    const storeModule = resolve(__dirname, '../../../server/storage/journal-store.ts');
    writeFileSync(
      script,
      `import { JournalStore } from ${JSON.stringify(storeModule)};
const store = await JournalStore.open(${JSON.stringify(dir)}, { compactBytes: 256 * 1024 });
let n = 0;
const writer = async () => {
  for (;;) {
    const key = 'w' + n++;
    await store.write([{ table: 'contract_a', key, value: { n, text: 'x'.repeat(n % 300) } }]);
    process.stdout.write(key + '\\n');
  }
};
for (let i = 0; i < 8; i++) void writer();
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: resolve(__dirname, '../../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (err += c));
    await new Promise<void>((done, fail) => {
      const started = Date.now();
      const check = setInterval(() => {
        // kill once it has acknowledged a good number of writes (past a compaction or two), or give up
        if (out.split('\n').length > 3000 || Date.now() - started > 20_000) {
          clearInterval(check);
          child.kill('SIGKILL');
        }
      }, 5);
      child.on('exit', () => (out.length ? done() : fail(new Error(`the writer acknowledged nothing:\n${err}`))));
    });
    const acked = out.split('\n').filter((k) => /^w\d+$/.test(k));
    expect(acked.length).toBeGreaterThan(100);
    const store = await JournalStore.open(dir);
    const missing = acked.filter((k) => store.get('contract_a', k) === undefined);
    expect(missing).toEqual([]);
    await store.close();
  }, 30_000);
});
