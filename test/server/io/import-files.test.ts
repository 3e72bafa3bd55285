/** The streamed import readers on real files: formats, line numbers, encodings, chunk boundaries, progress. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowSource, type InputSpec } from '../../../server/io/import-files.js';
import type { InputRow, Progress } from '../../../server/domain/data/importer.js';
import { tempDir } from '../../helpers/temp-dir.js';

async function read(spec: InputSpec, progress: Progress[] = []): Promise<InputRow[]> {
  const rows: InputRow[] = [];
  for await (const row of rowSource(spec, '/')((p) => progress.push(p))) rows.push(row);
  return rows;
}

function file(name: string, content: string | Buffer): string {
  const path = join(tempDir('marginalia-import-'), name);
  writeFileSync(path, content);
  return path;
}

const failure = (spec: InputSpec) =>
  read(spec).then(
    () => 'no error',
    (e: Error) => e.message,
  );

describe('rowSource', () => {
  it('reads JSONL with a byte-order mark, CRLF line ends and blank lines, naming each row by its line', async () => {
    const path = file('a.jsonl', '\uFEFF{"id": 1, "text": "é"}\r\n\r\n{"id": 2, "text": "b"}\r\n');
    expect(await read({ file: path })).toEqual([
      { name: path, line: 1, item: { id: 1, text: 'é' } },
      { name: path, line: 3, item: { id: 2, text: 'b' } },
    ]);
  });

  it('reads a JSON array element by element, each named by the line it starts on', async () => {
    const text =
      '[\n  {"id": "a", "text": "has ] and } and \\" inside"},\n  {"id": "b",\n   "nested": [[1, 2], {"x": "]"}]}, {"id": "c"}\n]\n';
    const rows = await read({ content: text, format: 'json' });
    expect(rows.map((r) => [r.line, r.item])).toEqual([
      [2, { id: 'a', text: 'has ] and } and " inside' }],
      [3, { id: 'b', nested: [[1, 2], { x: ']' }] }],
      [4, { id: 'c' }],
    ]);
    expect(await read({ content: ' [ ] ', format: 'json' })).toEqual([]);
  });

  it.each([
    ['[\n{"id": 1},\n]\n', /^request body:3: an empty element or a trailing comma/],
    ['[{"id": 1},,{"id": 2}]', /^request body:1: an empty element/],
    ['[\n{"id": 1}\n', /^request body: the JSON array is not closed/],
    ['[{"id": 1}]\n{"id": 2}\n', /^request body:2: unexpected text after the end/],
    ['[\n{"id": 1},\n{"id": 2,\n"text": nope}]', /^request body:3: not valid JSON/],
  ])('refuses the malformed JSON array %j, naming the line', async (content, message) => {
    expect(await failure({ content, format: 'json' })).toMatch(message);
  });

  it('reads CSV with quoted commas, quotes and line breaks, and TSV with quotes as plain text', async () => {
    const csv = await read({ content: 'id,text\n1,"a, ""b""\nc"\n2,d\n', format: 'csv' });
    expect(csv.map((r) => [r.line, r.item])).toEqual([
      [3, { id: '1', text: 'a, "b"\nc' }],
      [4, { id: '2', text: 'd' }],
    ]);
    const tsv = await read({ content: 'id\ttext\n1\tsay "hi"\n', format: 'tsv' });
    expect(tsv.map((r) => r.item)).toEqual([{ id: '1', text: 'say "hi"' }]);
    expect(await failure({ content: 'id,text\n1,a\n2,a,b\n', format: 'csv' })).toMatch(/^request body:3: .*column/i);
  });

  it('keeps multi-byte characters split across read chunks intact, and finds a bad byte deep in a big file', async () => {
    // lines of 3-byte characters, long enough that 1 MiB chunk borders fall inside characters
    const line = (n: number) => JSON.stringify({ id: n, text: '€'.repeat(100 + (n % 7)) });
    const lines = Array.from({ length: 12_000 }, (_, n) => line(n));
    const good = file('big.jsonl', lines.join('\n') + '\n');
    const progress: Progress[] = [];
    const rows = await read({ file: good }, progress);
    expect(rows).toHaveLength(12_000);
    expect(rows[11_999]).toEqual({
      name: good,
      line: 12_000,
      item: { id: 11_999, text: '€'.repeat(100 + (11_999 % 7)) },
    });
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toEqual({
      bytes_read: progress[0].total_bytes,
      total_bytes: Buffer.byteLength(lines.join('\n') + '\n'),
    });
    for (let i = 1; i < progress.length; i++)
      expect(progress[i].bytes_read).toBeGreaterThanOrEqual(progress[i - 1].bytes_read);

    const bytes = Buffer.from(lines.join('\n') + '\n');
    const at = bytes.indexOf(Buffer.from(line(9_000)));
    bytes[at + 20] = 0xff; // not UTF-8 anywhere
    const bad = file('bad.jsonl', bytes);
    expect(await failure({ file: bad })).toBe(`${bad}:9001: is not valid UTF-8 text (save the file as UTF-8)`);
  });

  it('names missing files and unknown types', async () => {
    expect(await failure({ file: '/no/such.jsonl' })).toBe('/no/such.jsonl: file not found');
    expect(await failure({ file: file('x.xml', '<x/>') })).toMatch(/unsupported file type ".xml"/);
    // relative paths are taken from the base folder
    const path = file('rel.jsonl', '{"id": 1}\n');
    const rows: InputRow[] = [];
    for await (const row of rowSource({ file: 'rel.jsonl' }, join(path, '..'))(() => undefined)) rows.push(row);
    expect(rows).toEqual([{ name: path, line: 1, item: { id: 1 } }]);
  });
});
