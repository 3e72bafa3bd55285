/** The reader a database source's connection names. */
import type { DatabaseSourceConfig } from '../../config/database-sources.js';
import type { SourceReader } from '../../domain/data/database-source.js';
import { PostgresReader } from './postgres.js';
import { SqliteReader } from './sqlite.js';

export function openSourceReader(source: DatabaseSourceConfig): SourceReader {
  const { connection } = source;
  return connection.kind === 'sqlite'
    ? new SqliteReader(connection.file, source.query)
    : new PostgresReader(connection.url, source.query);
}
