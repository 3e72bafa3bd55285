/**
 * The export formats: each is one module with an ExportWriter, listed here once. The HTTP query's enum, the
 * export command's --format, the content types and the desktop menu all read this list, so a format is added in
 * one place and a name not in it is refused everywhere.
 */
import { invalid } from '../../domain/errors.js';
import { conll } from './conll.js';
import { csv } from './csv.js';
import { jsonl } from './jsonl.js';
import { spacy } from './spacy.js';
import { bwsScoresFormat } from './bws-scores.js';
import { time } from './time.js';
import type { ExportWriter } from './writer.js';

export type { ExportWriter } from './writer.js';

export const EXPORT_WRITERS = { jsonl, csv, conll, spacy, bws_scores: bwsScoresFormat, time } as const satisfies Record<
  string,
  ExportWriter
>;
export type ExportFormat = keyof typeof EXPORT_WRITERS;
export const EXPORT_FORMATS = Object.keys(EXPORT_WRITERS) as [ExportFormat, ...ExportFormat[]];

/** The writer of `format`; a name that is not a format is a 400 naming the field, never some other format. */
export function exportWriter(format: string): ExportWriter {
  if (!Object.hasOwn(EXPORT_WRITERS, format))
    throw invalid(`format: "${format}" is not one of ${EXPORT_FORMATS.join(', ')}`);
  return EXPORT_WRITERS[format as ExportFormat];
}
