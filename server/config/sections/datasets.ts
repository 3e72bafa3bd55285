/**
 * Potato's `datasets` section (evaluation datasets, experiments and the eval-admin API: `enabled`, `storage`),
 * and the two blocks that pre-fill dataset publishing: `dataset_metadata` (the card's name, description,
 * license, …) and `publish` (`default_target`, `options`). Potato's `storage: file | sqlite` picks where its
 * records go; here they always go to the project's store, which start-up says.
 */
import { z } from 'zod';
import { looseBoolean } from '../loose-values.js';
import {
  metadataSchema,
  PUBLISH_OPTION_KEYS,
  publishOptionsSchema,
  type DatasetMetadata,
  type PublishSettings,
} from '../../domain/publish/settings.js';

export const datasetsSchema = z.lazy(() =>
  z.union([looseBoolean, z.looseObject({ enabled: looseBoolean.optional(), storage: z.string().optional() })]),
);

export const publishSchema = z.lazy(() =>
  z.looseObject({
    default_target: z.string().optional(),
    options: z.record(z.string(), z.unknown()).optional(),
  }),
);

export function readDatasetsEnabled(
  raw: z.infer<typeof datasetsSchema> | undefined,
  warn: (m: string) => void,
): boolean {
  if (raw === undefined || raw === false) return false;
  const block: { enabled?: boolean; storage?: string } = raw === true ? { enabled: true } : raw;
  for (const key of Object.keys(block))
    if (key !== 'enabled' && key !== 'storage')
      warn(`unknown key "datasets.${key}" is ignored (known: enabled, storage)`);
  if (block.storage !== undefined && block.enabled === true)
    warn(
      `datasets.storage: "${block.storage}" is not acted on: datasets and experiments are kept in the project's data folder or database, with its annotations (see docs/datasets.md)`,
    );
  return block.enabled === true;
}

export function readPublishSettings(
  metadata: z.infer<typeof metadataSchema> | undefined,
  publish: z.infer<typeof publishSchema> | undefined,
  taskName: string,
  warn: (m: string) => void,
): PublishSettings {
  const m: DatasetMetadata = {
    pretty_name: metadata?.pretty_name ?? taskName,
    description: metadata?.description ?? '',
    license: metadata?.license ?? '',
    version: metadata?.version ?? '1.0.0',
    citation: metadata?.citation ?? '',
    keywords: metadata?.keywords ?? [],
    language: metadata?.language ?? [],
    authors: metadata?.authors ?? [],
  };
  for (const key of Object.keys(publish ?? {}))
    if (key !== 'default_target' && key !== 'options')
      warn(`unknown key "publish.${key}" is ignored (known: default_target, options)`);
  if (publish?.default_target !== undefined && publish.default_target !== 'archive')
    warn(
      `publish.default_target: "${publish.default_target}" is not acted on: this project publishes a local archive only (uploads to the Hugging Face Hub or Zenodo are not made from here)`,
    );
  const options = { ...publish?.options };
  for (const [key, value] of Object.entries(options)) {
    if (!(PUBLISH_OPTION_KEYS as readonly string[]).includes(key)) {
      warn(`publish.options.${key} is not acted on (the options read are ${PUBLISH_OPTION_KEYS.join(', ')})`);
      delete options[key];
      continue;
    }
    const checked = publishOptionsSchema.safeParse({ [key]: value });
    if (!checked.success) {
      warn(`publish.options.${key}: ${checked.error.issues[0].message}; its default is used`);
      delete options[key];
    }
  }
  return { metadata: m, options };
}
