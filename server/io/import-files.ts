/**
 * Streamed readers for import files: JSONL, CSV and TSV line by line, JSON arrays element by element, so a
 * file is never held whole in memory as text. Bytes are checked as UTF-8 a block at a time, and a block that
 * fails is decoded line by line to name the bad line. Every error names the file and the line.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, isAbsolute, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { invalid } from '../domain/errors.js';
import type { InputRow, Progress, RowSource } from '../domain/data/importer.js';
import type { Instance } from '../domain/task.js';
import { DataFileError, rowToInstance, type ItemKeys } from '../config/data-files.js';

export const DATA_FORMATS = ['json', 'jsonl', 'csv', 'tsv'] as const;
type DataFormat = (typeof DATA_FORMATS)[number];

/** An input: a file on this machine (relative paths from `baseDir`) or text sent in a request. */
export type InputSpec = { file: string; format?: DataFormat } | { content: string; format: DataFormat };

function formatOf(file: string): DataFormat {
  const ext = extname(file).slice(1).toLowerCase();
  if (!(DATA_FORMATS as readonly string[]).includes(ext))
    throw invalid(`${file}: unsupported file type "${ext ? `.${ext}` : file}" (use .json, .jsonl, .csv or .tsv)`);
  return ext as DataFormat;
}

interface Block {
  firstLine: number;
  /** complete lines, without their "\n" */
  lines: string[];
}

const fatal = new TextDecoder('utf-8', { fatal: true });

/** Splits bytes into lines, decoding as strict UTF-8; reports progress per chunk. */
async function* blocks(
  name: string,
  chunks: AsyncIterable<Buffer>,
  progress: (bytes: number) => void,
): AsyncGenerator<Block> {
  let rest: Buffer = Buffer.alloc(0);
  let line = 1;
  let bytes = 0;
  const decode = (buf: Buffer): string[] => {
    let text: string;
    try {
      text = fatal.decode(buf);
    } catch {
      // find the line: decode each one on its own
      let offset = 0;
      for (let n = 0; offset <= buf.length; n++) {
        const nl = buf.indexOf(10, offset);
        const end = nl === -1 ? buf.length : nl;
        try {
          fatal.decode(buf.subarray(offset, end));
        } catch {
          throw invalid(`${name}:${line + n}: is not valid UTF-8 text (save the file as UTF-8)`);
        }
        offset = end + 1;
      }
      throw invalid(`${name}: is not valid UTF-8 text (save the file as UTF-8)`); // not reached: UTF-8 errors are line-local
    }
    if (line === 1) text = text.replace(/^\uFEFF/, '');
    return text.split('\n');
  };
  for await (const chunk of chunks) {
    bytes += chunk.length;
    const buf: Buffer = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    const last = buf.lastIndexOf(10);
    if (last === -1) {
      rest = buf;
    } else {
      const lines = decode(buf.subarray(0, last));
      rest = Buffer.from(buf.subarray(last + 1));
      yield { firstLine: line, lines };
      line += lines.length;
    }
    progress(bytes);
  }
  if (rest.length) yield { firstLine: line, lines: decode(rest) };
}

async function* jsonLines(name: string, source: AsyncIterable<Block>): AsyncGenerator<InputRow> {
  for await (const { firstLine, lines } of source) {
    for (let n = 0; n < lines.length; n++) {
      const text = lines[n].trim();
      if (!text) continue;
      let item: unknown;
      try {
        item = JSON.parse(text);
      } catch (e) {
        throw invalid(`${name}:${firstLine + n}: not valid JSON (${(e as Error).message})`);
      }
      yield { name, line: firstLine + n, item };
    }
  }
}

/** The elements of a top-level JSON array, each parsed on its own and named by the line it starts on. */
async function* jsonArray(name: string, source: AsyncIterable<Block>): AsyncGenerator<InputRow> {
  let depth = 0; // 0 before "[", 1 between elements
  let inString = false;
  let escaped = false;
  let closed = false;
  let parts: string[] = [];
  let startLine = 0; // line of the current element's first character; 0 before it starts
  let count = 0;
  for await (const { firstLine, lines } of source) {
    for (let n = 0; n < lines.length; n++) {
      const line = lines[n];
      const lineNo = firstLine + n;
      let from = 0; // where the current element's text starts on this line
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (inString) {
          if (escaped) escaped = false;
          else if (c === '\\') escaped = true;
          else if (c === '"') inString = false;
          continue;
        }
        const space = c === ' ' || c === '\t' || c === '\r';
        if (closed || depth === 0) {
          if (space) continue;
          if (closed) throw invalid(`${name}:${lineNo}: unexpected text after the end of the JSON array`);
          if (c !== '[') throw invalid(`${name}:${lineNo}: expected a JSON array of items`);
          depth = 1;
          from = i + 1;
          continue;
        }
        if (depth === 1 && (c === ',' || c === ']')) {
          parts.push(line.slice(from, i));
          const text = parts.join('').trim();
          parts = [];
          if (text) {
            let item: unknown;
            try {
              item = JSON.parse(text);
            } catch (e) {
              throw invalid(`${name}:${startLine}: not valid JSON (${(e as Error).message})`);
            }
            count++;
            yield { name, line: startLine, item };
          } else if (c === ',' || count > 0) {
            throw invalid(`${name}:${lineNo}: an empty element or a trailing comma in the JSON array`);
          }
          startLine = 0;
          from = i + 1;
          if (c === ']') [depth, closed] = [0, true];
          continue;
        }
        if (!startLine && !space) startLine = lineNo;
        if (c === '"') inString = true;
        else if (c === '{' || c === '[') depth++;
        else if (c === '}' || c === ']') depth--;
      }
      if (depth > 0) parts.push(line.slice(from) + '\n');
    }
  }
  if (!closed) throw invalid(`${name}: the JSON array is not closed (a "]" is missing at the end)`);
}

async function* delimited(name: string, source: AsyncIterable<Block>, tab: boolean): AsyncGenerator<InputRow> {
  const parser = parseCsv({
    columns: true,
    delimiter: tab ? '\t' : ',',
    skip_empty_lines: true,
    relax_quotes: tab,
    quote: tab ? false : '"',
    info: true,
  });
  async function* text() {
    for await (const { lines } of source) yield lines.join('\n') + '\n';
  }
  const input = Readable.from(text());
  input.on('error', (e) => parser.destroy(e));
  input.pipe(parser);
  let lastLine = 1; // where the last good record (or the header) ends
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      lastLine = info.lines;
      yield { name, line: info.lines, item: record };
    }
  } catch (e) {
    const err = e as Error & { lines?: number; code?: string };
    if (err.name === 'DomainError') throw err;
    // csv-parse notices an unclosed quote only at the end of the file: name the line the record starts on
    if (err.code === 'CSV_QUOTE_NOT_CLOSED')
      throw invalid(`${name}:${lastLine + 1}: a quoted field that starts in this record is never closed`);
    throw invalid(`${name}${err.lines ? `:${err.lines}` : ''}: ${err.message}`);
  }
}

/** The rows of an input, read when iterated. */
export function rowSource(spec: InputSpec, baseDir: string): RowSource {
  return (progress: (p: Progress) => void) =>
    (async function* () {
      let name: string;
      let format: DataFormat;
      let chunks: AsyncIterable<Buffer>;
      let total: number;
      if ('file' in spec) {
        name = isAbsolute(spec.file) ? spec.file : resolve(baseDir, spec.file);
        format = spec.format ?? formatOf(name);
        const info = await stat(name).catch(() => undefined);
        if (!info) throw invalid(`${name}: file not found`);
        if (!info.isFile()) throw invalid(`${name}: is not a file`);
        total = info.size;
        chunks = createReadStream(name, { highWaterMark: 1 << 20 });
      } else {
        name = 'request body';
        format = spec.format;
        const bytes = Buffer.from(spec.content, 'utf8');
        total = bytes.length;
        chunks = (async function* () {
          yield bytes;
        })();
      }
      progress({ bytes_read: 0, total_bytes: total });
      const lines = blocks(name, chunks, (bytes_read) => progress({ bytes_read, total_bytes: total }));
      if (format === 'jsonl') yield* jsonLines(name, lines);
      else if (format === 'csv' || format === 'tsv') yield* delimited(name, lines, format === 'tsv');
      else {
        // .json: an array, or (as Potato reads it) one object per line
        const first = await lines.next();
        if (first.done) return;
        const again = (async function* () {
          yield first.value;
          yield* lines;
        })();
        const opening = first.value.lines.join('\n').trimStart();
        yield* opening.startsWith('[') ? jsonArray(name, again) : jsonLines(name, again);
      }
    })();
}

/** Turns a row into an instance with the project's id and text keys; errors name file and line. */
export function instanceReader(keys: ItemKeys): (row: InputRow) => Instance {
  return (row) => {
    try {
      return rowToInstance(row.name, row, keys);
    } catch (e) {
      if (e instanceof DataFileError) throw invalid(e.message);
      throw e;
    }
  };
}
