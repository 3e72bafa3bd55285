/**
 * Exports as streams: rows are rendered a batch at a time into chunks of about 64 KiB, and the next batch is
 * rendered only when the reader (an HTTP response, a file) has taken the last, so an export of any size runs
 * in bounded memory. The row shapes are in server/domain/data/export-rows.ts.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Task } from '../domain/task.js';
import { conllBlock, csvHeader, csvRow, jsonlLine, spacyDoc, spanSchemes, type ExportFormat, type ExportItem } from '../domain/data/export-rows.js';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  conll: 'text/plain; charset=utf-8',
  spacy: 'application/json; charset=utf-8',
};

export const FILE_EXTENSIONS: Record<ExportFormat, string> = { jsonl: 'jsonl', csv: 'csv', conll: 'conll', spacy: 'json' };

const CHUNK = 64 * 1024;

/** Renders items one at a time and yields text chunks of about CHUNK characters. */
function* chunked(parts: Iterable<string>): Generator<string> {
  let buffer: string[] = [];
  let size = 0;
  for (const part of parts) {
    buffer.push(part);
    size += part.length;
    if (size >= CHUNK) {
      yield buffer.join('');
      buffer = [];
      size = 0;
    }
  }
  if (buffer.length) yield buffer.join('');
}

function* csvParts(task: Task, items: Iterable<ExportItem>): Generator<string> {
  yield stringify([csvHeader(task)]);
  let batch: string[][] = [];
  for (const item of items) {
    batch.push(csvRow(task, item));
    if (batch.length === 500) {
      yield stringify(batch);
      batch = [];
    }
  }
  if (batch.length) yield stringify(batch);
}

function* spacyParts(task: Task, items: Iterable<ExportItem>): Generator<string> {
  let first = true;
  yield '[';
  for (const item of items) {
    yield (first ? '\n' : ',\n') + JSON.stringify(spacyDoc(task, item));
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

function* parts(format: ExportFormat, task: Task, items: Iterable<ExportItem>): Generator<string> {
  if (format === 'jsonl') for (const item of items) yield jsonlLine(task, item) + '\n';
  else if (format === 'csv') yield* csvParts(task, items);
  else if (format === 'spacy') yield* spacyParts(task, items);
  else {
    const schemes = spanSchemes(task);
    for (const item of items) yield conllBlock(schemes, item);
  }
}

/**
 * The export as a byte stream. Errors a caller can fix (a CoNLL export without span schemas) are thrown here,
 * before any byte is sent, so the HTTP layer can still answer with a JSON error.
 */
export function exportStream(format: ExportFormat, task: Task, items: Iterable<ExportItem>): Readable {
  if (format === 'conll') spanSchemes(task);
  return Readable.from(chunked(parts(format, task, items)), { objectMode: false });
}

/** The number of items, for progress on the command line. */
export function* counting<T>(items: Iterable<T>, onItem: (n: number) => void): Generator<T> {
  let n = 0;
  for (const item of items) {
    yield item;
    onItem(++n);
  }
}
