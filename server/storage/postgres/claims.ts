/** The rows processes share outside the change log: webhook delivery claims and the project's secrets. */
import type pg from 'pg';
import { StorageError } from '../tables.js';
import type { Statements } from './statements.js';

/** Takes `key` for `owner` for `leaseMs`, unless another process holds an unexpired claim or is taking it now. */
export async function claim(
  pool: pg.Pool,
  sql: Statements,
  key: string,
  owner: string,
  leaseMs: number,
): Promise<boolean> {
  const { rows } = await pool.query({ name: 'marginalia_claim', text: sql.claim, values: [key, owner, leaseMs] });
  return rows.length > 0;
}

/** The project's secret `name`: `proposed` stored if it has none yet, else the stored one. */
export async function sharedSecret(pool: pg.Pool, sql: Statements, name: string, proposed: string): Promise<string> {
  for (let i = 0; i < 3; i++) {
    // empty only when another process stored it in the same instant, after this statement's snapshot
    const { rows } = await pool.query<{ value: string }>({
      name: 'marginalia_secret',
      text: sql.secret,
      values: [name, proposed],
    });
    if (rows.length) return rows[0].value;
  }
  throw new StorageError(`could not read the shared secret ${name} from PostgreSQL`);
}
