/**
 * Instance files: `.json` (an array, or one object per line), `.jsonl`, `.csv`, `.tsv`. Every error names the
 * file and the line. Ids are strings; a missing id or text, or a duplicate id, stops the load.
 */
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Instance } from '../domain/task.js';

export class DataFileError extends Error {}

export interface ItemKeys {
  idKey: string;
  textKey: string;
}

type Row = { line: number; item: unknown };

function decode(file: string): string {
  const bytes = readFileSync(file);
  try {
    // fatal: a file that is not UTF-8 is reported instead of silently turned into replacement characters
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new DataFileError(`${file}: is not valid UTF-8 text`);
  }
}

function jsonLines(file: string, text: string): Row[] {
  const rows: Row[] = [];
  text.split('\n').forEach((raw, n) => {
    const line = raw.trim();
    if (!line) return;
    try {
      rows.push({ line: n + 1, item: JSON.parse(line) });
    } catch (e) {
      throw new DataFileError(`${file}:${n + 1}: not valid JSON (${(e as Error).message})`);
    }
  });
  return rows;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

export function readRows(file: string): Row[] {
  const text = decode(file);
  const ext = extname(file).toLowerCase();
  if (ext === '.jsonl') return jsonLines(file, text);
  if (ext === '.json') {
    if (text.trimStart().startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (e) {
        const pos = /position (\d+)/.exec((e as Error).message);
        const where = pos ? `:${lineOf(text, Number(pos[1]))}` : '';
        throw new DataFileError(`${file}${where}: not valid JSON (${(e as Error).message})`);
      }
      return (parsed as unknown[]).map((item, n) => ({ line: n + 1, item }));
    }
    return jsonLines(file, text);
  }
  if (ext === '.csv' || ext === '.tsv') {
    try {
      const records = parseCsv(text, {
        columns: true,
        delimiter: ext === '.tsv' ? '\t' : ',',
        skip_empty_lines: true,
        relax_quotes: ext === '.tsv',
        quote: ext === '.tsv' ? false : '"',
        info: true,
      }) as { record: Record<string, string>; info: { lines: number } }[];
      return records.map(({ record, info }) => ({ line: info.lines, item: record }));
    } catch (e) {
      const err = e as Error & { lines?: number };
      throw new DataFileError(`${file}${err.lines ? `:${err.lines}` : ''}: ${err.message}`);
    }
  }
  throw new DataFileError(`${file}: unsupported data file type "${ext || basename(file)}" (use .json, .jsonl, .csv or .tsv)`);
}

export function rowToInstance(file: string, row: Row, keys: ItemKeys): Instance {
  const { item, line } = row;
  if (!item || typeof item !== 'object' || Array.isArray(item)) throw new DataFileError(`${file}:${line}: each item must be an object`);
  const data = item as Record<string, unknown>;
  const id = data[keys.idKey];
  if (id === undefined || id === null || id === '') throw new DataFileError(`${file}:${line}: missing id field "${keys.idKey}"`);
  if (typeof id !== 'string' && typeof id !== 'number') throw new DataFileError(`${file}:${line}: id field "${keys.idKey}" must be a string or number`);
  const text = data[keys.textKey];
  if (typeof text !== 'string') throw new DataFileError(`${file}:${line}: missing text field "${keys.textKey}"`);
  const idText = String(id);
  if (idText.length > 256 || /[\u0000-\u001f]/.test(idText)) throw new DataFileError(`${file}:${line}: id "${idText.slice(0, 40)}" is too long or has control characters`);
  return { id: idText, text, data };
}

/** Reads every file in order; ids must be unique across all of them (and across `existing`). */
export function readInstances(files: string[], keys: ItemKeys, existing: ReadonlySet<string> = new Set()): Instance[] {
  const seen = new Map<string, string>();
  const instances: Instance[] = [];
  for (const file of files) {
    for (const row of readRows(file)) {
      const instance = rowToInstance(file, row, keys);
      const where = `${file}:${row.line}`;
      if (existing.has(instance.id)) throw new DataFileError(`${where}: duplicate instance id "${instance.id}" (already in the project)`);
      const first = seen.get(instance.id);
      if (first) throw new DataFileError(`${where}: duplicate instance id "${instance.id}" (first at ${first})`);
      seen.set(instance.id, where);
      instances.push(instance);
    }
  }
  return instances;
}
