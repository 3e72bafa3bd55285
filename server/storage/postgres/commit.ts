/**
 * A batch's one commit: its keys' final states written as the change after the one this process applied last,
 * in one statement (one round trip, one transaction) unless a key was deleted and written again in the batch.
 */
import type pg from 'pg';
import type { Final } from './batches.js';
import type { Statements } from './statements.js';
import { arrayParam, JSON_TYPE, TEXT } from './array-param.js';

export interface LogPosition {
  /** the id of the last change of the log this process applied */
  applied: number;
  /** this process, in the log's `origin` */
  origin: string;
  /** the NOTIFY channel of the schema's commits */
  channel: string;
}

const table = (s: Final) => s.table;
const key = (s: Final) => s.key;

/** The batch committed as the change after `at.applied`; null when the log had moved on (nothing written). */
export async function commitStates(
  pool: pg.Pool,
  sql: Statements,
  states: readonly Final[],
  at: LogPosition,
): Promise<number | null> {
  const deleted: Final[] = [];
  const written: Final[] = [];
  for (const s of states) (s.json === undefined ? deleted : written).push(s);
  const values = [
    arrayParam(TEXT, deleted, table),
    arrayParam(TEXT, deleted, key),
    arrayParam(TEXT, written, table),
    arrayParam(TEXT, written, key),
    arrayParam(JSON_TYPE, written, (s) => s.json!),
    at.applied,
    at.origin,
    at.channel,
  ];
  const again = written.filter((s) => s.wasDeleted);
  if (!again.length) {
    const { rows } = await pool.query<{ id: string }>({ name: 'marginalia_commit', text: sql.commit, values });
    return rows.length ? Number(rows[0].id) : null;
  }
  // A key deleted and written again within the batch goes to the end of the order, as in memory: it is
  // deleted first, in the same transaction, so the upsert inserts it with a new position.
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query({
      name: 'marginalia_delete',
      text: sql.deleteOnly,
      values: [arrayParam(TEXT, again, table), arrayParam(TEXT, again, key)],
    });
    const { rows } = await client.query<{ id: string }>({ name: 'marginalia_commit', text: sql.commit, values });
    await client.query(rows.length ? 'COMMIT' : 'ROLLBACK');
    client.release();
    return rows.length ? Number(rows[0].id) : null;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release(e as Error);
    throw e;
  }
}
