/**
 * Reading the shared change log. Every commit is one numbered entry (statements.ts's `commit` keeps the numbers
 * dense and in commit order by moving the one-row `log_head`), so a process that applied entry n needs exactly
 * n + 1 … head, and a gap means entries it needed were pruned.
 */
import type pg from 'pg';
import type { Statements } from './statements.js';

/** One entry: the rows one commit wrote (a null value: deleted), in its order. */
export interface Change {
  id: string;
  tbls: string[];
  keys: string[];
  vals: (string | null)[];
}

const LOG_PAGE = 1_000;

/**
 * The log head and every change after `after`, read a page at a time; null when they do not follow each other
 * from `after` + 1 to the head (entries this process needed were pruned).
 */
export async function changesAfter(
  pool: pg.Pool,
  sql: Statements,
  after: number,
): Promise<{ head: number; changes: Change[] } | null> {
  const changes: Change[] = [];
  for (;;) {
    const { rows } = await pool.query<Change & { head: string }>({
      name: 'marginalia_changes',
      text: sql.changesAfter,
      values: [after, LOG_PAGE],
    });
    const head = Number(rows[0].head);
    for (const row of rows) {
      if (row.id === null) continue;
      if (Number(row.id) !== ++after) return null;
      changes.push(row);
    }
    if (after >= head) return after === head ? { head, changes } : null;
    if (rows.length < LOG_PAGE) return null;
  }
}
