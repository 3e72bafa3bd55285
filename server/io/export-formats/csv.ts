import { stringify } from 'csv-stringify/sync';
import { csvHeader, csvRow } from '../../domain/data/export-rows.js';
import type { ExportWriter } from './writer.js';

/** A header and a row per annotation record, quoted by csv-stringify 500 rows at a time. */
export const csv: ExportWriter = {
  label: 'CSV',
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  *parts(task, items) {
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
  },
};
