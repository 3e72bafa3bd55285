import { jsonlLine } from '../../domain/data/export-rows.js';
import type { ExportWriter } from './writer.js';

/** One JSON object a line, the shape pre-annotation imports read back. */
export const jsonl: ExportWriter = {
  label: 'JSONL',
  contentType: 'application/x-ndjson; charset=utf-8',
  extension: 'jsonl',
  *parts(task, items) {
    for (const item of items) yield jsonlLine(task, item) + '\n';
  },
};
