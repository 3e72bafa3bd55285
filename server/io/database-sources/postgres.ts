/** PostgreSQL sources through pg: one small pool per source, connections opened when a read needs one. */
import type pg from 'pg';
import type { ReadRequest, Row, SourceReader } from '../../domain/data/database-source.js';
import { plainRow, statementFor } from './sql.js';

export class PostgresReader implements SourceReader {
  /** made on the first read: a project whose sources are never read never loads the PostgreSQL client */
  private pool?: Promise<pg.Pool>;

  constructor(
    private readonly url: string,
    private readonly query: string,
  ) {}

  private connect(): Promise<pg.Pool> {
    this.pool ??= import('pg').then(({ default: client }) => {
      const pool = new client.Pool({
        connectionString: this.url,
        max: 1,
        connectionTimeoutMillis: 5_000,
        idleTimeoutMillis: 10_000,
        application_name: 'marginalia-source',
      });
      // a connection dropped while idle is reported here; the next read opens another
      pool.on('error', () => undefined);
      return pool;
    });
    return this.pool;
  }

  async read(request: ReadRequest): Promise<Row[]> {
    const { sql, params } = statementFor(this.query, request, (n) => `$${n}`);
    const result = await (await this.connect()).query(sql, params);
    return result.rows.map((r: Record<string, unknown>) => plainRow(r));
  }

  async close(): Promise<void> {
    if (this.pool) await (await this.pool).end();
  }
}
