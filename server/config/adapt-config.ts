/**
 * Potato's ways of writing a config mapped onto the keys the schema reads: top-level idioms, data sources,
 * scheme idioms and tooltip files, then the compatibility renames and Potato's `server:` section. Each mapping it
 * makes is warned about.
 */
import type { ConfigYaml } from './read-yaml.js';
import { ConfigError } from './config-error.js';
import { adaptDataSources, DataSourcesError } from './data-sources.js';
import type { DatabaseSourceConfig } from './database-sources.js';
import { readsTooltips } from './normalize-schemes.js';
import { adaptPotatoConfig } from './potato-compat.js';
import { adaptServerSection } from './server-section.js';
import { adaptIdioms, duplicateKeys } from './potato-idioms.js';
import { adaptSchemeIdioms } from './scheme-idioms.js';
import { SchemeVariantError } from './scheme-variants.js';
import { readTooltipFiles, TooltipFileError } from './tooltip-files.js';
import { LabelFileError, readLabelFile } from './label-files.js';
import { PredefinedLabelsError, readPredefinedLabels } from './predefined-labels.js';

export interface AdaptedConfig {
  /** what the schema is to check */
  config: Record<string, unknown>;
  /** the schemes after the idioms, before the schema: phase pages read their questions from them */
  schemes: Record<string, unknown>[];
  warnings: string[];
  /** data_sources of type database, read by the server when it starts */
  databases: DatabaseSourceConfig[];
  /** the key that named the encoding of a data file added from data_sources or data_directory, by its name */
  encodingKeys: ReadonlyMap<string, string>;
}

export function adaptConfig(
  { top, doc, lineCounter }: ConfigYaml,
  path: string,
  locate: (name: string, taskDir: string | undefined) => string,
): AdaptedConfig {
  const idioms = adaptIdioms(top, path);
  const taskDir = typeof idioms.config.task_dir === 'string' ? idioms.config.task_dir : undefined;
  const databases: DatabaseSourceConfig[] = [];
  const encodingKeys = new Map<string, string>();
  try {
    idioms.config = adaptDataSources(
      idioms.config,
      (name) => locate(name, taskDir),
      (m) => idioms.warnings.push(`${path}: ${m}`),
      databases,
      encodingKeys,
    );
    // Potato's rule: a batch only hands out a cohort fixed at start, so rows arriving later would reach nobody
    if (top.assignment_strategy === 'batch' && databases.some((d) => d.live))
      throw new DataSourcesError(
        'assignment_strategy: batch cannot be used with live_ingestion (rows arriving later would never be assigned); use fixed_order, random or least_annotated',
      );
    if (Array.isArray(idioms.config.annotation_schemes)) {
      const inTask = (name: string) => locate(name, taskDir);
      const warn = (m: string) => idioms.warnings.push(`${path}: ${m}`);
      idioms.config.annotation_schemes = idioms.config.annotation_schemes.map((s, i) => {
        const listed = readPredefinedLabels(readLabelFile(s, i, inTask), `annotation_schemes[${i}]`, warn);
        return adaptSchemeIdioms(readTooltipFiles(listed, i, inTask), i, warn, readsTooltips(s));
      });
    }
  } catch (e) {
    if (
      e instanceof DataSourcesError ||
      e instanceof TooltipFileError ||
      e instanceof LabelFileError ||
      e instanceof PredefinedLabelsError ||
      e instanceof SchemeVariantError
    )
      throw new ConfigError(path, e.message);
    throw e;
  }
  const compat = adaptPotatoConfig(idioms.config, path);
  const adapted = adaptServerSection(compat.config, path);
  adapted.warnings.unshift(...compat.warnings);
  adapted.warnings.unshift(...duplicateKeys(doc, lineCounter).map((m) => `${path}: ${m}`), ...idioms.warnings);
  const schemes = (Array.isArray(idioms.config.annotation_schemes) ? idioms.config.annotation_schemes : []) as Record<
    string,
    unknown
  >[];
  return { config: adapted.config, schemes, warnings: adapted.warnings, databases, encodingKeys };
}
