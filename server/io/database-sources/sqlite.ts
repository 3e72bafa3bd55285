/**
 * SQLite sources through sql.js: SQLite compiled to WebAssembly, so reading needs no native build for Node or
 * Electron. sql.js opens a copy of the file's bytes; a database in WAL mode has its log applied to that copy
 * (sqlite-wal.ts). The copy is opened again only when the file or its log changed since the last read.
 */
import { open as openFile, readFile, stat } from 'node:fs/promises';
import type { Database, SqlJsStatic } from 'sql.js';
import type { ReadRequest, Row, SourceReader } from '../../domain/data/database-source.js';
import { plainRow, statementFor } from './sql.js';
import { applyWal, isWalMode } from './sqlite-wal.js';

// sql.js is loaded with the first SQLite source read, not with every server (most projects have none)
let engine: Promise<SqlJsStatic> | undefined;

const HEADER = 'SQLite format 3\0';

// the first bytes of a rollback journal that still holds a transaction (a finished one is deleted, cut or zeroed)
const JOURNAL_MAGIC = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7];

async function hotJournal(path: string): Promise<boolean> {
  const handle = await openFile(path, 'r').catch(() => undefined);
  if (!handle) return false;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0);
    return bytesRead === 8 && JOURNAL_MAGIC.every((b, i) => buffer[i] === b);
  } finally {
    await handle.close();
  }
}

async function signature(path: string): Promise<string> {
  const s = await stat(path).catch(() => undefined);
  return s ? `${s.size}:${s.mtimeMs}:${s.ino}` : '-';
}

export class SqliteReader implements SourceReader {
  private db?: Database;
  private seen = '';

  constructor(
    private readonly file: string,
    private readonly query: string,
  ) {}

  private async open(): Promise<Database> {
    const [main, wal] = await Promise.all([signature(this.file), signature(`${this.file}-wal`)]);
    if (main === '-') throw new Error(`${this.file}: database file not found`);
    // a live rollback journal beside the file: a writer is changing it now, and the file may hold half a transaction
    if (await hotJournal(`${this.file}-journal`))
      throw new Error(`${this.file}: a write is in progress (its -journal file is there); read at the next poll`);
    const now = `${main}|${wal}`;
    if (this.db && now === this.seen) return this.db;
    let bytes: Uint8Array = await readFile(this.file);
    if (bytes.length < 100 || new TextDecoder().decode(bytes.subarray(0, 16)) !== HEADER)
      throw new Error(`${this.file}: not a SQLite database`);
    if (isWalMode(bytes) && wal !== '-') bytes = applyWal(bytes, await readFile(`${this.file}-wal`));
    const SQL = await (engine ??= import('sql.js').then((m) => m.default()));
    this.db?.close();
    this.db = new SQL.Database(bytes);
    this.seen = now;
    return this.db;
  }

  async read(request: ReadRequest): Promise<Row[]> {
    const db = await this.open();
    const { sql, params } = statementFor(this.query, request, (n) => `?${n}`);
    const statement = db.prepare(sql);
    try {
      statement.bind(params);
      const rows: Row[] = [];
      while (statement.step()) rows.push(plainRow(statement.getAsObject()));
      return rows;
    } finally {
      statement.free();
    }
  }

  async close(): Promise<void> {
    this.db?.close();
    this.db = undefined;
  }
}
