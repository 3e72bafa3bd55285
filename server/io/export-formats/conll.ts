import { conllBlock, spanSchemes } from '../../domain/data/export-rows.js';
import type { ExportWriter } from './writer.js';

/** Spans as BIO tags, a column per span scheme; a project without span schemes cannot fill it. */
export const conll: ExportWriter = {
  label: 'CoNLL (spans as BIO tags)',
  contentType: 'text/plain; charset=utf-8',
  extension: 'conll',
  check: spanSchemes,
  *parts(task, items) {
    const schemes = spanSchemes(task);
    for (const item of items) yield conllBlock(schemes, item);
  },
};
