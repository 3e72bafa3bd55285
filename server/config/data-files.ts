/**
 * Instance files: `.json` (an array, or one object per line), `.jsonl`, `.csv`, `.tsv`. Every error names the
 * file and the line. Ids are strings; a missing id or a duplicate id stops the load. A missing text stops it too,
 * unless the caller takes such items (a task's own data files, as Potato does: their text is empty).
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Instance } from '../domain/task.js';
import { decodeUtf8, eachLineOf, forEachLine, NotUtf8Error } from './line-reader.js';
import { FileItem, ItemFile } from './file-items.js';
import { itemText } from './item-text.js';

export class DataFileError extends Error {}

/** A data file and the decoder of its text when it is not UTF-8 (file-encoding.ts). */
export interface DataFile {
  path: string;
  decoder?: TextDecoder;
}

export interface ItemKeys {
  idKey: string;
  textKey: string;
  /** fields made from the item's own as it is read (Potato's cot_segmentation steps) */
  derive?: (fields: Record<string, unknown>) => void;
}

/** Told of each item without a text field, which is then kept with an empty text instead of stopping the load. */
export type MissingText = (file: string, line: number) => void;

type Row = { line: number; item: unknown };
/**
 * Items are handed over one at a time rather than as an array of rows: a 100k-line file built 100k row objects.
 * Items of a line-per-item file come with where their line lies (bytes), to be read again on demand.
 */
type EachItem = (item: unknown, line: number, at?: number, bytes?: number) => void;

/** The file's text: UTF-8 unless `decoder` reads another encoding (a byte it cannot read is an error, not a guess). */
function decode(file: string, decoder?: TextDecoder): string {
  if (!decoder) return decodeUtf8(file, readFileSync(file)).replace(/^\uFEFF/, '');
  try {
    return decoder.decode(readFileSync(file)).replace(/^\uFEFF/, '');
  } catch {
    throw new DataFileError(`${file}: is not valid ${decoder.encoding} text (its data_files encoding)`);
  }
}

function parseLine(file: string, each: EachItem): (raw: string, n: number, at?: number, bytes?: number) => void {
  return (raw, n, at, bytes) => {
    const line = raw.trim();
    if (!line) return;
    let item: unknown;
    try {
      item = JSON.parse(line);
    } catch (e) {
      throw new DataFileError(`${file}:${n}: not valid JSON (${(e as Error).message})`);
    }
    each(item, n, at, bytes);
  };
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

const ASCII_SPACE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20]);

/** Whether a `.json` file may be an array; "no" only when its first visible character is plain ASCII and not `[`. */
function mayBeArray(file: string): boolean {
  const head = Buffer.alloc(4096);
  const fd = openSync(file, 'r');
  let got: number;
  try {
    got = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < got && ASCII_SPACE.has(head[i])) i++;
  // a byte ≥ 0x80 may be Unicode white space that trimStart would skip: decide on the whole text instead
  return i === got || head[i] === 0x5b || head[i] >= 0x80;
}

function jsonArray(file: string, text: string, each: EachItem): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const pos = /position (\d+)/.exec((e as Error).message);
    const where = pos ? `:${lineOf(text, Number(pos[1]))}` : '';
    throw new DataFileError(`${file}${where}: not valid JSON (${(e as Error).message})`);
  }
  (parsed as unknown[]).forEach((item, n) => each(item, n + 1));
}

function csvRows(file: string, ext: string, each: EachItem, decoder?: TextDecoder): void {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(decode(file, decoder), {
      columns: true,
      delimiter: ext === '.tsv' ? '\t' : ',',
      skip_empty_lines: true,
      relax_quotes: ext === '.tsv',
      quote: ext === '.tsv' ? false : '"',
      info: true,
    });
  } catch (e) {
    if (e instanceof NotUtf8Error || e instanceof DataFileError) throw e;
    const err = e as Error & { lines?: number };
    throw new DataFileError(`${file}${err.lines ? `:${err.lines}` : ''}: ${err.message}`);
  }
  for (const { record, info } of records) each(record, info.lines);
}

/**
 * Calls `each` with every item of a data file and the line it starts on. A file in another encoding than UTF-8 is
 * decoded whole and its items kept whole: only UTF-8 lines are read again from the file by their byte offsets.
 */
function forEachItem(file: string, each: EachItem, decoder?: TextDecoder): void {
  const ext = extname(file).toLowerCase();
  try {
    if (!decoder && (ext === '.jsonl' || (ext === '.json' && !mayBeArray(file))))
      return forEachLine(file, parseLine(file, each));
    if (ext === '.jsonl' || ext === '.json') {
      const text = decode(file, decoder);
      if (text.trimStart().startsWith('[')) return jsonArray(file, text, each);
      eachLineOf(text, 1, parseLine(file, each));
      return;
    }
    if (ext === '.csv' || ext === '.tsv') return csvRows(file, ext, each, decoder);
  } catch (e) {
    if (e instanceof NotUtf8Error) throw new DataFileError(e.message);
    throw e;
  }
  throw new DataFileError(
    `${file}: unsupported data file type "${ext || basename(file)}" (use .json, .jsonl, .csv or .tsv)`,
  );
}

export function rowToInstance(file: string, row: Row, keys: ItemKeys): Instance {
  return toInstance(file, row.item, row.line, keys);
}

function toInstance(file: string, item: unknown, line: number, keys: ItemKeys, missingText?: MissingText): Instance {
  if (!item || typeof item !== 'object' || Array.isArray(item))
    throw new DataFileError(`${file}:${line}: each item must be an object`);
  const data = item as Record<string, unknown>;
  const id = data[keys.idKey];
  if (id === undefined || id === null || id === '')
    throw new DataFileError(`${file}:${line}: missing id field "${keys.idKey}"`);
  if (typeof id !== 'string' && typeof id !== 'number')
    throw new DataFileError(`${file}:${line}: id field "${keys.idKey}" must be a string or number`);
  let text = itemText(data, keys.textKey);
  if (text === undefined && missingText) {
    missingText(file, line);
    text = '';
  }
  if (text === undefined)
    throw new DataFileError(
      `${file}:${line}: missing text field "${keys.textKey}" (a string, a number, or a list of strings or turns)`,
    );
  const idText = String(id);
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (idText.length > 256 || /[\u0000-\u001f]/.test(idText))
    throw new DataFileError(`${file}:${line}: id "${idText.slice(0, 40)}" is too long or has control characters`);
  keys.derive?.(data);
  return { id: idText, text, data };
}

/**
 * Reads every file in order; ids must be unique across all of them (and across `existing`). Items of line-per-item
 * files leave their text in the file (file-items.ts); the others are kept whole.
 */
export function readInstances(
  files: readonly (string | DataFile)[],
  keys: ItemKeys,
  existing: ReadonlySet<string> = new Set(),
  missingText?: MissingText,
): Instance[] {
  // where each id was read, as one number (line * files + file index): a "file:line" string per id cost ~100 bytes
  // each, and the message is only needed for a duplicate
  const seen = new Map<string, number>();
  const paths = files.map((f) => (typeof f === 'string' ? f : f.path));
  const place = (packed: number) => `${paths[packed % files.length]}:${Math.floor(packed / files.length)}`;
  const instances: Instance[] = [];
  files.forEach((given, f) => {
    const file = paths[f];
    const source = new ItemFile(file, keys);
    const decoder = typeof given === 'string' ? undefined : given.decoder;
    const each: EachItem = (item, line, at, bytes) => {
      const whole = toInstance(file, item, line, keys, missingText);
      const instance = at === undefined ? whole : new FileItem(whole.id, whole.text.length, source, at, bytes!, line);
      if (existing.has(instance.id))
        throw new DataFileError(`${file}:${line}: duplicate instance id "${instance.id}" (already in the project)`);
      const first = seen.get(instance.id);
      if (first !== undefined)
        throw new DataFileError(`${file}:${line}: duplicate instance id "${instance.id}" (first at ${place(first)})`);
      seen.set(instance.id, line * files.length + f);
      instances.push(instance);
    };
    forEachItem(file, each, decoder);
  });
  return instances;
}
