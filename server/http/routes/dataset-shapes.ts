/** The shapes the dataset, experiment and eval-admin routes take and answer, shared by their modules. */
import { z } from 'zod';
import { invalid, unavailable } from '../../domain/errors.js';
import type { Services } from '../../services.js';

export const version = z.lazy(() =>
  z.object({
    version_id: z.string().describe('v0001, v0002, …'),
    created_at: z.string(),
    example_count: z.number().int(),
    tags: z.array(z.string()).describe('each tag is on one version of its dataset'),
    note: z.string(),
  }),
);

export const dataset = z.lazy(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    created_at: z.string(),
    versions: z.array(version),
  }),
);

const json = z.unknown();
const jsonObject = z.lazy(() => z.record(z.string(), z.unknown()));

export const example = z.lazy(() =>
  z.object({
    id: z.string(),
    inputs: json,
    reference_outputs: json.describe('the gold output, null when there is none'),
    metadata: jsonObject,
    split: z.string(),
  }),
);

export const exampleIn = z.lazy(() =>
  z.object({
    id: z
      .union([z.string().min(1).max(256), z.number()])
      .transform(String)
      .optional()
      .describe('given one when missing; an id already in the dataset replaces that example'),
    inputs: json.optional(),
    reference_outputs: json.optional(),
    metadata: jsonObject.optional(),
    split: z.string().max(100).optional().describe('test when missing'),
  }),
);

const evaluation = z.lazy(() =>
  z.object({
    key: z.string(),
    score: z.number().nullable(),
    value: json,
    comment: z.string(),
    metadata: jsonObject,
  }),
);

export const experimentSummary = z.object({
  id: z.string(),
  name: z.string(),
  dataset_name: z.string(),
  dataset_version: z.string(),
  created_at: z.string(),
  example_count: z.number().int(),
  aggregate_scores: z.record(z.string(), z.number()).describe("each evaluator's mean score"),
});

export const experiment = experimentSummary.extend({
  metadata: jsonObject,
  results: z.array(
    z.object({
      example_id: z.string(),
      outputs: json,
      scores: z.record(z.string(), z.number().nullable()),
      results: z.array(evaluation),
    }),
  ),
});

/** A dataset's name: as Potato takes it, trimmed; no slash or control character, since it names a path. */
export const datasetName = z
  .string({ message: 'name the dataset' })
  .trim()
  .min(1, 'name the dataset')
  .max(200)
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  .refine((n) => !/[/\\\u0000-\u001f]/.test(n), 'a dataset name has no slash, backslash or control character');

/** The dataset named in the path, checked as a body's name is. */
export function nameParam(params: Record<string, string>): string {
  const parsed = datasetName.safeParse(params.name);
  if (!parsed.success) throw invalid(`name: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

/** The eval suite answers only where the project turned it on, as Potato's does. */
export function enabled(s: Services): void {
  if (!s.config.datasetsEnabled)
    throw unavailable(
      'datasets and experiments are not enabled in this project: the project owner turns them on with datasets.enabled: true',
    );
}
