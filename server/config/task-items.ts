/**
 * The task's items: read from `data_files` (with cot_segmentation's derived fields), then, for best–worst
 * scaling, grouped into the tuples that become its instances.
 */
import { existsSync } from 'node:fs';
import type { Instance, Scheme } from '../domain/task.js';
import { bwsTuples, BwsConfigError } from './bws-tuples.js';
import { ConfigError } from './config-error.js';
import { CotSegmentationError, readCotSegmentation, type Derive } from './cot-segmentation.js';
import { readInstances, DataFileError } from './data-files.js';
import { decoderOf, EncodingError } from './file-encoding.js';
import type { RawConfig } from './schema.js';
import { firstBuckets, roundTuples, type IbwsSettings } from '../domain/ibws/ibws-rounds.js';
import { tupleInstance } from '../domain/ibws/ibws-service.js';

export function readItems(
  raw: RawConfig,
  cotSegmentation: unknown,
  path: string,
  locate: (name: string) => string,
  warn: (message: string) => void,
  sources: {
    /** items also come from elsewhere at start (databases, batch groups' files): no data file items is then fine */
    otherSources: boolean;
    /** the key that named a file's encoding, where not data_files itself (adapt-config.ts) */
    encodingKeys: ReadonlyMap<string, string>;
  },
): { instances: Instance[]; deriveItem: Derive | undefined } {
  let instances: Instance[];
  let deriveItem: Derive | undefined;
  try {
    const itemKeys = { idKey: raw.item_properties.id_key, textKey: raw.item_properties.text_key };
    deriveItem = readCotSegmentation(cotSegmentation, itemKeys, warn);
    const files = raw.data_files.map((given, i) => {
      const path = locate(typeof given === 'string' ? given : given.path);
      if (!existsSync(path)) throw new DataFileError(`${path}: data file not found (named in data_files)`);
      if (typeof given === 'string') return path;
      const where = sources.encodingKeys.get(given.path) ?? `data_files[${i}].encoding`;
      return { path, decoder: decoderOf(given.encoding, where) };
    });
    // Potato starts a task whose items lack the text field, showing them with an empty text: so do we, loudly
    let missing = 0;
    let first = '';
    instances = readInstances(files, { ...itemKeys, derive: deriveItem }, new Set(), (file, line) => {
      if (!missing++) first = `${file}:${line}`;
    });
    if (missing) {
      const who =
        missing === instances.length
          ? `none of the ${missing} items has a`
          : `${missing} of ${instances.length} items have no`;
      warn(
        `item_properties.text_key: ${who} text field "${raw.item_properties.text_key}" (first at ${first}): their text is empty and nothing in them can be marked as a span; the page shows their other fields`,
      );
    }
  } catch (e) {
    if (e instanceof CotSegmentationError) throw new ConfigError(path, e.message);
    if (e instanceof DataFileError) throw new ConfigError(path, `data_files: ${e.message}`);
    if (e instanceof EncodingError) throw new ConfigError(path, e.message);
    throw e;
  }
  if (!instances.length && !sources.otherSources)
    throw new ConfigError(path, 'data_files: the data files hold no instances');
  return { instances, deriveItem };
}

/** The settings of iterative BWS, with Potato's defaults. */
export function ibwsSettings(ibws: NonNullable<RawConfig['ibws_config']>): IbwsSettings {
  return {
    tupleSize: ibws.tuple_size ?? 4,
    perItem: ibws.tuples_per_item_per_round ?? 2,
    seed: ibws.seed ?? 42,
    maxRounds: ibws.max_rounds ?? null,
  };
}

/** Round 1 of iterative BWS: the whole pool as one bucket (later rounds are made as it runs, domain/ibws). */
function ibwsFirstRound(items: Instance[], s: IbwsSettings): Instance[] {
  if (s.tupleSize > items.length)
    throw new BwsConfigError(`tuple_size (${s.tupleSize}) is larger than the pool of ${items.length} items`);
  const texts = new Map(items.map((i) => [i.id, i.text]));
  return roundTuples(1, firstBuckets([...texts.keys()], s.tupleSize), s).map((t) =>
    tupleInstance(t, (id) => texts.get(id) ?? ''),
  );
}

/**
 * Round 1 as iterative BWS made it before it made later rounds: plain BWS tuples (`bws_tuple_…`) sampled as
 * bws_config samples them, pool × tuples_per_item_per_round / tuple_size of them. A project that began then keeps
 * these (compose-ibws.ts), so its answers stay on their tuples. None unless iterative BWS made the task's tuples.
 */
export function ibwsLegacyFirstRound(
  raw: RawConfig,
  pool: readonly Instance[],
  instances: readonly Instance[],
): (() => Instance[]) | undefined {
  const ibws = raw.ibws_config;
  if (!ibws || raw.bws_config || instances === pool) return undefined;
  return () =>
    bwsTuples(pool, {
      tuple_size: ibws.tuple_size,
      seed: ibws.seed,
      min_item_appearances: ibws.tuples_per_item_per_round ?? 2,
    }).map((t) => ({ ...t, data: { ...t.data, _ibws_round: 1, _ibws_bucket: 0 } }));
}

/** bws_config (or ibws_config's first round) turns the items into tuples; the bws schemes' tuple_size must agree. */
export function tupleItems(
  raw: RawConfig,
  schemes: Scheme[],
  items: Instance[],
  path: string,
  warn: (message: string) => void,
): Instance[] {
  const ibws = raw.bws_config ? undefined : raw.ibws_config;
  const tupling = raw.bws_config
    ? { key: 'bws_config', config: raw.bws_config }
    : ibws
      ? { key: 'ibws_config', config: { tuple_size: ibws.tuple_size } }
      : undefined;
  if (raw.bws_config && raw.ibws_config) warn('ibws_config is ignored: bws_config makes the tuples');
  if (ibws?.scoring_method && ibws.scoring_method !== 'counting')
    warn(
      `ibws_config.scoring_method: ${ibws.scoring_method} is not computed here; rounds are partitioned by counting scores ((best − worst) / appearances)`,
    );
  for (const s of schemes) if (s.annotation_type === 'bws' && !tupling) s.extra.tuple_size ??= 4;
  if (!tupling) return items;
  if (!schemes.some((s) => s.annotation_type === 'bws')) {
    warn(`${tupling.key} is ignored: no scheme is of type bws`);
    return items;
  }
  let instances: Instance[];
  try {
    instances = ibws ? ibwsFirstRound(items, ibwsSettings(ibws)) : bwsTuples(items, tupling.config);
  } catch (e) {
    if (e instanceof BwsConfigError) throw new ConfigError(path, `${tupling.key}.tuple_size: ${e.message}`);
    throw e;
  }
  const size = tupling.config.tuple_size ?? 4;
  for (const s of schemes) {
    if (s.annotation_type === 'bws' && s.extra.tuple_size === undefined) s.extra.tuple_size = size;
    if (s.annotation_type === 'bws' && s.extra.tuple_size !== size)
      throw new ConfigError(
        path,
        `annotation_schemes (${s.name}).tuple_size: ${String(s.extra.tuple_size)} differs from ${tupling.key}.tuple_size (${size})`,
      );
  }
  return instances;
}
