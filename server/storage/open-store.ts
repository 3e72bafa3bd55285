/**
 * Chooses and opens the project's Store: PostgreSQL when a database URL is given (`--database-url`,
 * `MARGINALIA_DATABASE_URL`, or the config's `storage.url`), else the journal in the data folder.
 */
import type { Logger, Store } from '../domain/ports.js';
import type { ProjectConfig } from '../config/load.js';
import { JournalStore } from './journal-store.js';
import type { PostgresStore } from './postgres/postgres-store.js';
import { StorageError } from './tables.js';
import { checkSchemaName, dataFolderSchema, parseDatabaseUrl } from './postgres/database-url.js';

export interface DatabaseChoice {
  url: string;
  /** where the URL came from, for messages: "--database-url", "MARGINALIA_DATABASE_URL" */
  from: string;
}

/** The database a command names: `--database-url`, else the `MARGINALIA_DATABASE_URL` environment variable. */
export function databaseFromCommandLine(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): DatabaseChoice | undefined {
  if (flag) return { url: flag, from: '--database-url' };
  const url = env.MARGINALIA_DATABASE_URL;
  return url ? { url, from: 'MARGINALIA_DATABASE_URL' } : undefined;
}

/** The database a project names could not be opened (out of reach, refused, a bad schema): nothing else is opened. */
export class DatabaseOpenError extends StorageError {
  constructor(
    message: string,
    /** the URL without its password, and the schema */
    readonly database: string,
  ) {
    super(message);
  }
}

/** Where a server keeps the project, for people: "PostgreSQL host:port/db, schema s" or "the data folder …". */
export function describeStore(store: Store, dataDir: string): string {
  // read by its fields, not `instanceof`, so describing a store never loads the PostgreSQL modules
  const pg = store as Partial<Pick<PostgresStore, 'where' | 'schema'>>;
  return pg.where ? `PostgreSQL ${pg.where}, schema ${pg.schema}` : `the data folder ${dataDir}`;
}

export interface OpenStoreOptions {
  config: ProjectConfig;
  dataDir: string;
  logger: Logger;
  packed: readonly string[];
  /** a URL given outside the config; it wins over `storage.url` */
  database?: DatabaseChoice;
  /** a tool that must have the project alone; several servers may share a database project */
  exclusive?: boolean;
}

export async function openStore({
  config,
  dataDir,
  logger,
  packed,
  database,
  exclusive,
}: OpenStoreOptions): Promise<Store> {
  const inConfig = (key: string) => `storage.${key} in ${config.file}`;
  const choice = database ?? (config.storage.url ? { url: config.storage.url, from: inConfig('url') } : undefined);
  if (!choice) {
    if (config.storage.schema)
      logger.warn(
        `${inConfig('schema')} is ignored: no database URL is given, so the project is kept in the data folder ${dataDir}`,
      );
    return JournalStore.open(dataDir, { logger, packed });
  }
  if (database && config.storage.url) logger.warn(`${inConfig('url')} is ignored: ${database.from} names the database`);
  const target = parseDatabaseUrl(choice.url, choice.from);
  if (target.schema && config.storage.schema && target.schema !== config.storage.schema) {
    logger.warn(`${inConfig('schema')} is ignored: the URL from ${choice.from} names schema ${target.schema}`);
  }
  const schema =
    target.schema ??
    (config.storage.schema
      ? checkSchemaName(config.storage.schema, inConfig('schema'))
      : await dataFolderSchema(dataDir));
  logger.info(`storage: PostgreSQL ${target.shown}, schema ${schema}`);
  try {
    // loaded only here: a project in a data folder never pays for the PostgreSQL client's modules at start-up
    const { PostgresStore } = await import('./postgres/postgres-store.js');
    return await PostgresStore.open({ connectionString: target.connectionString, schema, logger, packed, exclusive });
  } catch (e) {
    throw new DatabaseOpenError((e as Error).message, `${target.shown}, schema ${schema}`);
  }
}
