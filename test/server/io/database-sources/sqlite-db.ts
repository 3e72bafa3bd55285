/**
 * SQLite files for the database-source tests, written with sql.js (the same engine the server reads with, and one
 * that needs no tool on the machine): created or changed in memory, then put in place by a rename so the server
 * never reads half a file.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import initSqlJs from 'sql.js';

export async function changeDb(file: string, statements: string, params: unknown[][] = []): Promise<void> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(existsSync(file) ? readFileSync(file) : undefined);
  if (params.length) {
    const statement = db.prepare(statements);
    for (const p of params) statement.run(p as never);
    statement.free();
  } else db.run(statements);
  writeFileSync(`${file}.tmp`, db.export());
  db.close();
  renameSync(`${file}.tmp`, file);
}

export const CREATE = 'CREATE TABLE instances (id TEXT PRIMARY KEY, text TEXT NOT NULL, created_at TEXT NOT NULL)';
export const INSERT = 'INSERT INTO instances (id, text, created_at) VALUES (?, ?, ?)';
