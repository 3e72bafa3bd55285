import { stringify } from 'csv-stringify/sync';
import { invalid } from '../../domain/errors.js';
import { bwsSchemes, bwsScoresByScheme } from '../../domain/data/bws-scores.js';
import type { Task } from '../../domain/task.js';
import type { ExportWriter } from './writer.js';

const COLUMNS = ['schema', 'item_id', 'text', 'score', 'best_count', 'worst_count', 'appearances', 'rank'];

function check(task: Task): void {
  if (!bwsSchemes(task).length)
    throw invalid('format: bws_scores scores the items of best–worst (bws) schemes, and this project has none');
}

/**
 * Best–worst scaling per pool item, counted over the exported answers (the same filter and view as any export):
 * a CSV row per item and bws scheme, highest score first. The scores need every answer first, so this one
 * format is written at the end rather than item by item.
 */
export const bwsScoresFormat: ExportWriter = {
  label: 'Best–worst scores per item (CSV)',
  shortLabel: 'best–worst scores',
  contentType: 'text/csv; charset=utf-8',
  extension: 'bws-scores.csv',
  check,
  *parts(task, items) {
    check(task);
    const schemes = bwsSchemes(task);
    const scores = bwsScoresByScheme(schemes, items);
    yield stringify([COLUMNS]);
    for (const scheme of schemes) {
      const rows = scores
        .get(scheme.name)!
        .map((s) => [
          scheme.name,
          s.item_id,
          s.text,
          String(s.score),
          String(s.best_count),
          String(s.worst_count),
          String(s.appearances),
          String(s.rank),
        ]);
      if (rows.length) yield stringify(rows);
    }
  },
};
