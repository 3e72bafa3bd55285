/**
 * Copies a project from one Store to another (the data folder's journal to a PostgreSQL schema, or back), then
 * verifies the copy: the target is closed and opened again, and each table's row count and a SHA-256 of every
 * row (table, key and the value's JSON, in the tables' order) must equal the source's.
 */
import { createHash } from 'node:crypto';
import type { Store, StoreOp, TableName } from '../domain/ports.js';
import type { TableReader } from './tables.js';

export type OpenableStore = Store & Pick<TableReader, 'tableNames'>;

export interface TableReport {
  table: string;
  rows: number;
  sha256: string;
}

const BATCH = 5_000;

/** Row count and checksum of each table that has rows, by table name. */
export function fingerprint(store: OpenableStore): TableReport[] {
  const out: TableReport[] = [];
  for (const table of store.tableNames().sort()) {
    const hash = createHash('sha256');
    let rows = 0;
    for (const [key, value] of store.entries(table as TableName)) {
      hash.update(`${key.length}:${key}${JSON.stringify(value)}\n`);
      rows++;
    }
    if (rows) out.push({ table, rows, sha256: hash.digest('hex') });
  }
  return out;
}

class MigrationError extends Error {}

/**
 * Copies every row of `from` into `to` (which must be empty), in the tables' order, in batches; closes `to` and
 * checks what `reopen` reads back against `from`. Returns the source's report.
 */
export async function migrateStore(
  from: OpenableStore,
  to: OpenableStore,
  reopen: () => Promise<OpenableStore>,
): Promise<TableReport[]> {
  const occupied = to.tableNames().filter((t) => to.size(t as TableName) > 0);
  if (occupied.length) {
    await to.close();
    throw new MigrationError(
      `the target already holds data (tables ${occupied.join(', ')}); migrate into an empty one`,
    );
  }
  const expected = fingerprint(from);
  for (const { table } of expected) {
    let ops: StoreOp[] = [];
    for (const [key, value] of from.entries(table as TableName)) {
      ops.push({ table, key, value } as StoreOp);
      if (ops.length === BATCH) {
        await to.write(ops);
        ops = [];
      }
    }
    if (ops.length) await to.write(ops);
  }
  await to.close();
  const copy = await reopen();
  try {
    const got = fingerprint(copy);
    const byTable = new Map(got.map((r) => [r.table, r]));
    const wrong = expected
      .filter((r) => byTable.get(r.table)?.rows !== r.rows || byTable.get(r.table)?.sha256 !== r.sha256)
      .map((r) => r.table);
    const extra = got.filter((r) => !expected.some((e) => e.table === r.table)).map((r) => r.table);
    if (wrong.length || extra.length)
      throw new MigrationError(`the copy does not match the source in tables ${[...wrong, ...extra].join(', ')}`);
  } finally {
    await copy.close();
  }
  return expected;
}
