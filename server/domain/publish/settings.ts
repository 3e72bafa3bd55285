/**
 * What a published dataset is made of and how it is described: Potato's preprocessing options (which splits,
 * anonymized annotators, a minimum of annotators per item) and its card metadata. The config's `publish.options`
 * and `dataset_metadata` give the defaults; each publish request may override them.
 */
import { z } from 'zod';

export type DatasetMetadata = {
  pretty_name: string;
  description: string;
  license: string;
  version: string;
  citation: string;
  keywords: string[];
  language: string[];
  authors: { name: string; affiliation: string; orcid: string }[];
};

export interface PublishSettings {
  metadata: DatasetMetadata;
  /** the config's publish.options, checked when a publish reads them */
  options: Record<string, unknown>;
}

const text = z.lazy(() => z.union([z.string().max(100_000), z.number()]).transform(String));
const list = z.lazy(() => z.union([text.transform((t) => [t]), z.array(text).max(1000)]));
const author = z.lazy(() =>
  z.union([
    text.transform((name) => ({ name, affiliation: '', orcid: '' })),
    z.object({ name: text, affiliation: text.default(''), orcid: text.default('') }),
  ]),
);

/** The card's metadata as the config or a request gives it; every field may be left out. */
export const metadataSchema = z.lazy(() =>
  z.object({
    pretty_name: text.optional(),
    description: text.optional(),
    license: text.optional(),
    version: text.optional(),
    citation: text.optional(),
    keywords: list.optional(),
    language: list.optional(),
    authors: z.union([author.transform((a) => [a]), z.array(author).max(1000)]).optional(),
  }),
);

const bool = z.boolean({ message: 'expected true or false' });

/** Potato's options this project acts on; a request naming another is refused with this list. */
export const publishOptionsSchema = z.strictObject(
  {
    anonymize: bool.default(true),
    include_annotations: bool.default(true),
    include_gold: bool.default(true),
    include_spans: bool.default(true),
    include_items: bool.default(true),
    min_annotators: z.number().int().min(1).max(1000).default(1),
    data_format: z
      .enum(['jsonl'], {
        message:
          'this project writes the splits as jsonl (csv and parquet are not written; jsonl loads into pandas, Hugging Face datasets, Polars and DuckDB)',
      })
      .default('jsonl'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `not an option here (the options are anonymize, include_annotations, include_gold, include_spans, include_items, min_annotators, data_format): ${issue.keys.join(', ')}`
        : undefined,
  },
);

export type PublishOptions = z.infer<typeof publishOptionsSchema>;

export const PUBLISH_OPTION_KEYS = Object.keys(publishOptionsSchema.shape) as (keyof PublishOptions)[];

export const PUBLISH_TARGETS = ['archive'] as const;

/** Potato's targets that are not published to from here, and why. */
export const TARGETS_NOT_HERE: Record<string, string> = {
  huggingface:
    'uploads to the Hugging Face Hub, which this project does not do: publish the archive and upload its files, or load the jsonl with load_dataset("json")',
  zenodo: 'deposits on Zenodo, which this project does not do: publish the archive and upload it as the deposit',
};
