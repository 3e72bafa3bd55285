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

const MEDIA = 'a format of regions on images, video or audio, which text annotation does not make';
/**
 * Potato's export formats that are not written here, and why. Media formats carry shapes this project never
 * makes. Parquet would add a dependency for nothing the JSONL export lacks: every tool that reads Parquet for
 * this kind of data (pandas, Hugging Face datasets, Polars, DuckDB, Spark) reads JSONL too, and the answers of
 * structured schemes are nested values that vary per scheme, which JSONL keeps as they are.
 */
const NOT_WRITTEN: Record<string, string> = {
  ...Object.fromEntries(
    ['coco', 'yolo', 'pascal_voc', 'cvat', 'labelme', 'kitti', 'cityscapes', 'darwin', 'mask_png', 'mot', 'davis'].map(
      (f) => [f, MEDIA],
    ),
  ),
  eaf: 'a format of tiers on audio and video, which text annotation does not make',
  textgrid: 'a Praat format of tiers on speech, which text annotation does not make',
  parquet:
    'not written: the jsonl export loads as it is into pandas (read_json(lines=True)), Hugging Face datasets (load_dataset("json")), Polars and DuckDB, which can save it as Parquet',
  huggingface:
    'not written: Potato pushes it to the Hugging Face Hub over the network; export jsonl and load it with load_dataset("json")',
};

/** Why a format name is refused: Potato's formats we do not write say why, any other name lists ours. */
export function refusedFormat(format: string): string {
  const offered = `this project writes ${EXPORT_FORMATS.join(', ')}`;
  const why = Object.hasOwn(NOT_WRITTEN, format) ? NOT_WRITTEN[format] : undefined;
  return why ? `"${format}" is ${why}; ${offered}` : `"${format}" is not one of ${EXPORT_FORMATS.join(', ')}`;
}

/** The writer of `format`; a name that is not a format is a 400 naming the field, never some other format. */
export function exportWriter(format: string): ExportWriter {
  if (!Object.hasOwn(EXPORT_WRITERS, format)) throw invalid(`format: ${refusedFormat(format)}`);
  return EXPORT_WRITERS[format as ExportFormat];
}
