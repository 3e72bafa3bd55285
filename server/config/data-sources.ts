/**
 * Potato's other ways of naming the data: `data_sources` (a list of typed sources; local files are read like
 * `data_files`, database sources are read by the server (database-sources.ts), remote ones are not read) and
 * `data_directory` (every data file in a folder, read at start-up). Both add to `data_files`; what is not read is
 * warned about with what happens instead, and a config left with no data at all stops start-up saying why.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readDatabaseSource, type DatabaseSourceConfig } from './database-sources.js';

export class DataSourcesError extends Error {}

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => !!v && typeof v === 'object' && !Array.isArray(v);

/** Top-level keys acted on (or warned about) here. */
export const DATA_SOURCE_KEYS = new Set([
  'data_sources',
  'data_directory',
  'watch_data_directory',
  'watch_poll_interval',
  'data_directory_encoding',
  'partial_loading',
  'data_cache',
]);

const DATA_FILE = /\.(jsonl?|csv|tsv)$/i;
const isOn = (v: unknown) => v === true || v === 'true' || v === 'True' || v === 'yes';

/**
 * Returns the config with `data_files` extended by the local sources; `locate` finds a name the way every other
 * file key is found. A file named twice (in data_files and as a source) is read once. Database sources are
 * pushed to `databases`; the key that gave a file added here its encoding goes to `encodingKeys` under the
 * file's name, for the error about an encoding no decoder knows, given when the file is read (task-items.ts).
 */
export function adaptDataSources(
  config: Mapping,
  locate: (name: string) => string,
  warn: (m: string) => void,
  databases: DatabaseSourceConfig[] = [],
  encodingKeys = new Map<string, string>(),
): Mapping {
  const { data_sources: sources, data_directory: directory } = config;
  const partial = config.partial_loading;
  if (isOn(partial) || (isMapping(partial) && isOn(partial.enabled)))
    warn('partial_loading is not acted on: every item is loaded at start-up');
  if (isMapping(config.data_cache) && isOn(config.data_cache.enabled))
    warn('data_cache is not acted on: remote sources are not read, so nothing is cached');
  if (directory === undefined || directory === null) {
    for (const key of ['watch_data_directory', 'watch_poll_interval', 'data_directory_encoding'])
      if (config[key] !== undefined && config[key] !== false) warn(`${key} is ignored: there is no data_directory`);
  } else if (config.watch_poll_interval !== undefined)
    warn('watch_poll_interval is not acted on: the data folder is read at start-up, not watched');
  if (sources === undefined && directory === undefined) return config;
  const given =
    config.data_files === undefined || config.data_files === null
      ? []
      : Array.isArray(config.data_files)
        ? config.data_files
        : [config.data_files];
  const files: unknown[] = [...given];
  const pathOf = (f: unknown) => (typeof f === 'string' ? f : isMapping(f) ? f.path : undefined);
  const seen = new Set(
    given
      .map(pathOf)
      .filter((f): f is string => typeof f === 'string')
      .map((f) => locate(f)),
  );
  const add = (name: string, encoding: unknown, where: string) => {
    if (encoding !== undefined && (typeof encoding !== 'string' || !encoding))
      throw new DataSourcesError(`${where}: expected the name of an encoding such as utf-8 or latin-1`);
    const at = locate(name);
    if (seen.has(at)) {
      if (encoding !== undefined) warn(`${where} is not acted on: ${name} is read once, as named first`);
    } else if (encoding === undefined) files.push(name);
    else {
      files.push({ path: name, encoding });
      encodingKeys.set(name, where);
    }
    seen.add(at);
  };
  const skipped: string[] = [];

  if (sources !== undefined && sources !== null) {
    if (!Array.isArray(sources))
      throw new DataSourcesError(
        'data_sources: expected a list of sources such as {type: file, path: data/items.jsonl}',
      );
    sources.forEach((source, i) => {
      if (!isMapping(source)) throw new DataSourcesError(`data_sources[${i}]: expected a mapping with a type`);
      const type = String(source.type ?? (source.path ? 'file' : ''));
      if (type === 'file') {
        if (typeof source.path !== 'string' || !source.path)
          throw new DataSourcesError(`data_sources[${i}].path: a file source needs the path of a data file`);
        add(source.path, source.encoding, `data_sources[${i}].encoding`);
        const rest = Object.keys(source).filter((k) => !['type', 'path', 'id', 'encoding'].includes(k));
        if (rest.length)
          warn(`data_sources[${i}]: ${rest.join(', ')} not acted on; the file is read whole at start-up`);
      } else if (type === 'database') {
        const idKey = isMapping(config.item_properties) ? config.item_properties.id_key : undefined;
        try {
          const db = readDatabaseSource(source, i, typeof idKey === 'string' ? idKey : 'id', locate, warn);
          if (databases.some((d) => d.id === db.id))
            throw new Error(`data_sources[${i}].id: "${db.id}" names another source too; each keeps its own cursor`);
          databases.push(db);
        } catch (e) {
          throw new DataSourcesError((e as Error).message);
        }
      } else {
        skipped.push(`${type || 'untyped'}`);
        warn(
          `data_sources[${i}] (type ${type || 'not given'}) is not read: only local files (type: file) and databases (type: database) are read here; download the data into a file and name it in data_files`,
        );
      }
    });
  }

  if (directory !== undefined && directory !== null) {
    if (typeof directory !== 'string' || !directory)
      throw new DataSourcesError('data_directory: expected the name of a folder of data files');
    const folder = locate(directory);
    if (!existsSync(folder) || !statSync(folder).isDirectory())
      throw new DataSourcesError(`data_directory: folder ${resolve(folder)} not found`);
    const names = readdirSync(folder)
      .filter((n) => DATA_FILE.test(n) && statSync(join(folder, n)).isFile())
      .sort();
    for (const name of names)
      add(join(directory, name), config.data_directory_encoding ?? undefined, 'data_directory_encoding');
    if (isOn(config.watch_data_directory))
      warn(
        'watch_data_directory is not acted on: the folder is read at start-up; files added later are read at the next start',
      );
  }

  if (!files.length && !databases.length) {
    const why = skipped.length
      ? `its sources (${skipped.join(', ')}) are not read here, only type: file and type: database are`
      : 'data_directory holds no .json, .jsonl, .csv or .tsv file';
    throw new DataSourcesError(`data_files: no data to annotate: ${why}`);
  }
  return { ...config, data_files: files };
}
