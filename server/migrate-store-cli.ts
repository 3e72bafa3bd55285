/**
 * `npm run migrate-store -- --from <data folder | postgres://…> --to <postgres://… | data folder>`: copies a
 * project between the data folder's journal and a PostgreSQL schema, and verifies the copy by row counts and a
 * checksum of every row (storage/migrate-store.ts). Run it while the server is stopped. The schema is the URL's
 * `?schema=`; without it, the data folder's id names it, as when the server is started with that data folder.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PACKED_TABLES } from './index.js';
import { runTool, stderrLogger } from './tool-runner.js';
import { JournalStore } from './storage/journal-store.js';
import { PostgresStore } from './storage/postgres/postgres-store.js';
import { dataFolderSchema, parseDatabaseUrl } from './storage/postgres/database-url.js';
import { migrateStore, type OpenableStore } from './storage/migrate-store.js';

const USAGE = 'usage: npm run migrate-store -- --from <data folder | postgres://…> --to <postgres://… | data folder>';
const isUrl = (s: string) => /^postgres(ql)?:\/\//i.test(s);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || !values.from || !values.to) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  if (isUrl(values.from) === isUrl(values.to))
    throw new Error('one of --from and --to is a data folder, the other a postgres:// URL');
  const toDatabase = isUrl(values.to);
  const folder = resolve(toDatabase ? values.from : values.to);
  const database = parseDatabaseUrl(toDatabase ? values.to : values.from, toDatabase ? '--to' : '--from');
  if (toDatabase && !existsSync(join(folder, 'snapshot.json')))
    throw new Error(`--from: ${folder} is not a Marginalia data folder (no snapshot.json)`);
  let schema = database.schema;
  if (!schema && toDatabase) schema = await dataFolderSchema(folder);
  if (!schema) {
    const id = await readFile(join(folder, 'store-id'), 'utf8').catch(() => '');
    if (!id.trim())
      throw new Error('--from: name the schema with ?schema= (the data folder has no store-id naming it)');
    schema = await dataFolderSchema(folder);
  }

  const openFolder = () => JournalStore.open(folder, { packed: PACKED_TABLES, logger: stderrLogger });
  const openDatabase = () =>
    PostgresStore.open({
      connectionString: database.connectionString,
      schema: schema!,
      packed: PACKED_TABLES,
      logger: stderrLogger,
      exclusive: true,
    });
  const [openFrom, openTo]: (() => Promise<OpenableStore>)[] = toDatabase
    ? [openFolder, openDatabase]
    : [openDatabase, openFolder];
  console.error(
    `copying ${toDatabase ? folder : `${database.shown} schema ${schema}`} → ${toDatabase ? `${database.shown} schema ${schema}` : folder}`,
  );
  const from = await openFrom();
  try {
    const to = await openTo();
    const report = await migrateStore(from, to, openTo);
    for (const r of report) console.log(`${r.table}\t${r.rows}\t${r.sha256}`);
    const rows = report.reduce((n, r) => n + r.rows, 0);
    console.error(`verified: ${rows} rows in ${report.length} tables, counts and checksums equal`);
  } finally {
    await from.close();
  }
}

runTool(main);
