/** The phases view of the export: phase-page answers as JSONL or CSV (multiselect answers joined by `|`). */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { invalid } from '../../domain/errors.js';
import { PHASE_ANSWER_COLUMNS, type PhaseAnswerRow } from '../../domain/phases/phase-export.js';
import { EXPORT_WRITERS } from './index.js';

const PHASE_ANSWER_FORMATS = ['jsonl', 'csv'] as const;

function* lines(format: 'jsonl' | 'csv', rows: Iterable<PhaseAnswerRow>, keepHidden: boolean): Generator<string> {
  const columns = PHASE_ANSWER_COLUMNS.filter((c) => keepHidden || c !== 'hidden');
  if (format === 'csv') yield stringify([columns]);
  for (const row of rows) {
    if (format === 'jsonl') yield `${JSON.stringify(row)}\n`;
    else {
      const cell = (c: (typeof columns)[number]) => {
        const v = row[c];
        return Array.isArray(v) ? v.join('|') : v === null || v === undefined ? '' : String(v);
      };
      yield stringify([columns.map(cell)]);
    }
  }
}

/** The rows as a stream in `format`; a format this view is not written in is a 400 naming the field. */
export function phaseAnswerStream(format: string, rows: Iterable<PhaseAnswerRow>, keepHidden: boolean) {
  if (!(PHASE_ANSWER_FORMATS as readonly string[]).includes(format))
    throw invalid(`format: the phases view is written as ${PHASE_ANSWER_FORMATS.join(' or ')}, not ${format}`);
  const f = format as 'jsonl' | 'csv';
  return { body: Readable.from(lines(f, rows, keepHidden)), writer: EXPORT_WRITERS[f] };
}
