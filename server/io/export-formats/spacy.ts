import { spacyDoc } from '../../domain/data/export-rows.js';
import type { ExportWriter } from './writer.js';

/** A JSON array of spaCy-style documents. */
export const spacy: ExportWriter = {
  label: 'spaCy JSON',
  contentType: 'application/json; charset=utf-8',
  extension: 'json',
  *parts(task, items) {
    let first = true;
    yield '[';
    for (const item of items) {
      yield (first ? '\n' : ',\n') + JSON.stringify(spacyDoc(task, item));
      first = false;
    }
    yield first ? ']\n' : '\n]\n';
  },
};
