/** PostgreSQL sources through pg: one small pool per source, connections opened when a read needs one. */
import pg from 'pg';
import type { ReadRequest, Row, SourceReader } from '../../domain/data/database-source.js';
import { plainRow, statementFor } from './sql.js';

export class PostgresReader implements SourceReader {
  private readonly pool: pg.Pool;

  constructor(
    url: string,
    private readonly query: string,
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 10_000,
      application_name: 'marginalia-source',
    });
    // a connection dropped while idle is reported here; the next read opens another
    this.pool.on('error', () => undefined);
  }

  async read(request: ReadRequest): Promise<Row[]> {
    const { sql, params } = statementFor(this.query, request, (n) => `$${n}`);
    const result = await this.pool.query(sql, params);
    return result.rows.map((r: Record<string, unknown>) => plainRow(r));
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
