/**
 * Items of a line-per-item data file keep their text in the file and read it again when asked for: the text and
 * raw item must come back exactly as a whole load gave them (a BOM, CRLF line ends, multi-byte text, blank lines),
 * and a file edited under a running server must be named (a 503 over HTTP), not read as some other item.
 */
import { dirname, join } from 'node:path';
import { rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readInstances } from '../../../server/config/data-files.js';
import { FileItem } from '../../../server/config/file-items.js';
import { textLengthOf } from '../../../server/domain/task.js';
import { startServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

const keys = { idKey: 'id', textKey: 'text' };

const items = Array.from({ length: 300 }, (_, i) => ({
  id: i % 7 ? `item-${i}` : i, // numeric ids become strings
  // one line longer than the blocks the file is read in (8 KB), read by itself
  text: `${i % 3 ? 'Straße 😀 ' : ''}review ${i}: ${'word '.repeat(i === 150 ? 4000 : i % 40)}`.trim(),
  meta: { n: i, tags: ['a', i % 2 ? 'é' : 'b'] },
}));

describe('items read from their data file on demand', () => {
  it('gives back each text and raw item exactly, whatever the line ends and characters', () => {
    const dir = tempDir('marginalia-items-');
    const lines = items.map(
      (item, i) => JSON.stringify(item) + (i % 5 === 0 ? '\r\n' : '\n') + (i % 11 === 0 ? '\n' : ''),
    );
    writeFileSync(join(dir, 'data.jsonl'), '\uFEFF' + lines.join(''));
    writeFileSync(join(dir, 'lines.json'), lines.join(''));
    for (const file of ['data.jsonl', 'lines.json']) {
      const loaded = readInstances([join(dir, file)], keys);
      expect(loaded).toHaveLength(items.length);
      // read in an order that reuses and evicts the kept items
      for (const n of [...items.keys(), ...[...items.keys()].reverse(), 5, 5, 37, 5]) {
        const instance = loaded[n];
        expect(instance).toBeInstanceOf(FileItem);
        expect(instance.id).toBe(String(items[n].id));
        expect(instance.text).toBe(items[n].text);
        expect(textLengthOf(instance)).toBe(items[n].text.length);
        expect(instance.data).toEqual(items[n]);
      }
    }
  });

  it('keeps the items of a JSON array whole', () => {
    const dir = tempDir('marginalia-items-');
    writeFileSync(join(dir, 'data.json'), JSON.stringify(items.slice(0, 5)));
    const loaded = readInstances([join(dir, 'data.json')], keys);
    expect(loaded[0]).not.toBeInstanceOf(FileItem);
    expect(loaded[4].text).toBe(items[4].text);
  });

  it('names a data file edited since the load instead of reading another item', async () => {
    const dir = tempDir('marginalia-items-');
    const file = join(dir, 'data.jsonl');
    writeFileSync(file, items.map((item) => JSON.stringify(item)).join('\n'));
    const loaded = readInstances([file], keys);
    expect(loaded[1].text).toBe(items[1].text);
    writeFileSync(
      file,
      items
        .slice(1)
        .map((item) => JSON.stringify(item))
        .join('\n'),
    ); // the first line removed
    // for a quarter second the block read a moment ago may still serve its lines as they were loaded: the item's
    // own text or the error, never another item's (which of the two depends on this machine's pace)
    let soon: string;
    try {
      soon = loaded[2].text;
    } catch (e) {
      soon = (e as Error).message;
    }
    expect(soon === items[2].text || /changed since the server started/.test(soon)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(() => loaded[3].text).toThrow(
      new RegExp(`data.jsonl:4: the file changed since the server started .*"item-3"`),
    );
    expect(() => loaded[250].data).toThrow(/changed since the server started/);
  });

  it('names a data file moved away since the load', async () => {
    const dir = tempDir('marginalia-items-');
    const file = join(dir, 'data.jsonl');
    writeFileSync(file, items.map((item) => JSON.stringify(item)).join('\n'));
    const loaded = readInstances([file], keys);
    expect(loaded[1].text).toBe(items[1].text); // opens the file
    rmSync(file);
    expect(loaded[2].text).toBe(items[2].text); // read through the descriptor still open
    await new Promise((r) => setTimeout(r, 2100)); // which is closed after 2 s without a read
    expect(() => loaded[3].text).toThrow(/data.jsonl: cannot be read any more \(ENOENT\)/);
  });
});

describe('a data file edited under a running server, over HTTP', () => {
  it('answers 503 with a JSON error naming the file', async () => {
    // 40 items: the search index reads every item at start, and the first ones must have left the cache of
    // recently read items (32 slots) by the time the file is edited
    const t = await startServer({ items: items.slice(0, 40).map((i) => ({ ...i, id: String(i.id) })) });
    try {
      await expect.poll(() => t.server.services.search.indexedItems).toBe(40);
      await new Promise((r) => setTimeout(r, 300)); // past the freshness of the block read last
      const alice = await t.client().login('alice');
      writeFileSync(join(dirname(t.configFile), 'data.jsonl'), '{"id":"other","text":"x"}\n'.repeat(5));
      const r = await alice.get('/api/current_instance');
      expect(r.status).toBe(503);
      expect(r.body.error).toMatch(/data\.jsonl:1: the file changed since the server started/);
    } finally {
      await t.close();
    }
  });
});
