/**
 * The chunked line reader must number and cut lines exactly as decoding the whole file and `split('\n')` did,
 * wherever the chunk boundaries fall (tiny chunks here force every case).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forEachLine, NotUtf8Error } from '../../../server/config/line-reader.js';
import { tempDir } from '../../helpers/temp-dir.js';

function lines(content: string | Buffer, chunkBytes: number): [string, number][] {
  const file = join(tempDir(), 'f.jsonl');
  writeFileSync(file, content);
  const out: [string, number][] = [];
  forEachLine(file, (line, n) => out.push([line, n]), chunkBytes);
  return out;
}

const asSplit = (text: string) => text.split('\n').map((line, i) => [line, i + 1]);

describe('forEachLine', () => {
  const text = 'ab\n\ncdé€𝄞 long line here\r\nlast without newline';
  for (const chunk of [1, 2, 3, 5, 64, 1 << 20]) {
    it(`numbers lines like split with ${chunk}-byte chunks, multi-byte characters across a boundary included`, () => {
      const got = lines(text, chunk);
      expect(got).toEqual(asSplit(text));
      expect(lines(text + '\n', chunk).filter(([l]) => l)).toEqual(asSplit(text + '\n').filter(([l]) => l));
    });
  }

  it('drops a leading BOM only', () => {
    expect(lines('\uFEFFa\n\uFEFFb', 2)).toEqual([
      ['a', 1],
      ['\uFEFFb', 2],
    ]);
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(() => lines(Buffer.from([0x61, 0x0a, 0xe9, 0x0a]), 2)).toThrow(NotUtf8Error);
  });

  it('finds no content in an empty file', () => {
    expect(lines('', 4).filter(([l]) => l)).toEqual([]);
  });
});
