/**
 * Which PostgreSQL database and schema a project uses: the URL comes from `--database-url`,
 * `MARGINALIA_DATABASE_URL` or the config's `storage.url`; the schema from the URL's `?schema=`, the config's
 * `storage.schema`, or else a name made from an id generated once into the data folder, so that a fresh data
 * folder is a fresh project.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';

class DatabaseUrlError extends Error {}

export interface DatabaseTarget {
  /** the URL as pg takes it (without `schema`) */
  connectionString: string;
  /** the schema the URL names, if it does */
  schema?: string;
  /** the URL with its password masked, for messages */
  shown: string;
}

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export function checkSchemaName(name: string, where: string): string {
  if (!SCHEMA_NAME.test(name))
    throw new DatabaseUrlError(
      `${where}: "${name}" is not a schema name Marginalia uses (letters, digits and _, not starting with a digit, at most 63)`,
    );
  return name;
}

export function parseDatabaseUrl(url: string, where: string): DatabaseTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseUrlError(`${where}: not a URL (expected postgres://user:password@host:5432/database)`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new DatabaseUrlError(`${where}: a ${parsed.protocol} URL; only postgres:// and postgresql:// are supported`);
  const schema = parsed.searchParams.get('schema') ?? undefined;
  if (schema !== undefined) checkSchemaName(schema, `${where} ?schema=`);
  parsed.searchParams.delete('schema');
  const connectionString = parsed.toString();
  if (parsed.password) parsed.password = '***';
  return { connectionString, schema, shown: parsed.toString() };
}

/** `marginalia_<id>`, the id read from (or generated once into) the data folder's `store-id`. */
export async function dataFolderSchema(dataDir: string): Promise<string> {
  const path = join(dataDir, 'store-id');
  let id = '';
  try {
    id = (await readFile(path, 'utf8')).trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (id && !/^[a-z0-9]{1,40}$/.test(id))
    throw new DatabaseUrlError(`${path}: not an id Marginalia wrote; restore it, or remove it to start a new project`);
  if (!id) {
    id = randomBytes(8).toString('hex');
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(path, id + '\n', 0o600);
  }
  return `marginalia_${id}`;
}
