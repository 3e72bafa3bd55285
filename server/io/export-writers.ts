/**
 * Exports as streams: rows are rendered a batch at a time into chunks of about 64 KiB, and the next batch is
 * rendered only when the reader (an HTTP response, a file) has taken the last, so an export of any size runs
 * in bounded memory. The formats are in export-formats/, the row shapes in server/domain/data/export-rows.ts.
 */
import { Readable } from 'node:stream';
import type { Task } from '../domain/task.js';
import type { ExportItem } from '../domain/data/export-rows.js';
import { exportWriter } from './export-formats/index.js';

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

/**
 * The export as a byte stream. Errors a caller can fix (an unknown format, a CoNLL export without span schemes)
 * are thrown here, before any byte is sent, so the HTTP layer can still answer with a JSON error.
 */
export function exportStream(format: string, task: Task, items: Iterable<ExportItem>): Readable {
  const writer = exportWriter(format);
  writer.check?.(task);
  return Readable.from(chunked(writer.parts(task, items)), { objectMode: false });
}

/** The number of items, for progress on the command line. */
export function* counting<T>(items: Iterable<T>, onItem: (n: number) => void): Generator<T> {
  let n = 0;
  for (const item of items) {
    yield item;
    onItem(++n);
  }
}
