/** Reading a project's every row back, as a process does at start and after it was cut off for long. */
import type pg from 'pg';
import type { Statements } from './statements.js';

const LOAD_PAGE = 20_000;

/**
 * Every row, in the order keys were first written, handed to `put`, and the log position they stand at, read in
 * one snapshot so the two agree.
 */
export async function loadRows(
  client: pg.PoolClient,
  sql: Statements,
  put: (table: string, key: string, value: unknown) => void,
): Promise<number> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const { rows: head } = await client.query<{ id: string }>(sql.head);
    let after = '0';
    for (;;) {
      const { rows } = await client.query<{ tbl: string; key: string; value: string; seq: string }>({
        name: 'marginalia_load',
        text: sql.load,
        values: [after, LOAD_PAGE],
      });
      for (const row of rows) put(row.tbl, row.key, JSON.parse(row.value));
      if (rows.length < LOAD_PAGE) break;
      after = rows[rows.length - 1].seq;
    }
    return Number(head[0].id);
  } finally {
    await client.query('COMMIT').catch(() => undefined);
  }
}
