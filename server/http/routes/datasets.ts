/**
 * Potato's datasets and experiments API at its paths (`/datasets/api/...`), for admins, where datasets.enabled
 * is on: versioned datasets of examples, curated from the task's items, exported as fine-tuning data, and
 * experiments scoring them with deterministic evaluators.
 */
import { z } from 'zod';
import type { Services } from '../../services.js';
import {
  AGGREGATION_METHODS,
  examplesFrom,
  isIngestedTrace,
  sourceOf,
  TRACE_SOURCES,
} from '../../domain/datasets/curate.js';
import type { Instance } from '../../domain/task.js';
import { FINE_TUNE_FORMATS, fineTuneJsonl, optimizerExport } from '../../domain/datasets/fine-tune-export.js';
import { invalid } from '../../domain/errors.js';
import { route, type RouteSpec } from '../route.js';
import { dataset, datasetName, enabled, example, exampleIn, nameParam, version } from './dataset-shapes.js';
import { experimentRoutes } from './experiments.js';
import { download } from '../download.js';
import { sendReport } from '../report-page.js';
import { datasetsPage } from '../datasets-page.js';

const splitsQuery = z
  .string()
  .max(1000)
  .optional()
  .transform((s) => (s ? s.split(',').filter(Boolean) : undefined))
  .describe('comma-separated splits to keep (all when missing)');

export function datasetRoutes(s: Services): RouteSpec[] {
  const ds = s.datasets;
  const curate = async (
    name: string,
    instances: readonly Instance[],
    body: { include_annotations: boolean; aggregation_method: (typeof AGGREGATION_METHODS)[number] },
    what: string,
  ) => {
    const examples = examplesFrom(instances, s.annotations, body.include_annotations, body.aggregation_method);
    return ds.addExamples(name, examples, `import ${examples.length} ${what}`);
  };
  const curation = {
    include_annotations: z
      .boolean()
      .default(false)
      .describe("the annotators' aggregated answer becomes each reference output"),
    aggregation_method: z
      .enum(AGGREGATION_METHODS, { message: `must be one of ${AGGREGATION_METHODS.join(', ')}` })
      .default('majority'),
  };
  return [
    route({
      method: 'GET',
      path: '/datasets/admin',
      summary: "Potato's datasets page: the datasets with their versions and tags, and the experiments run on them",
      access: 'admin',
      responds: { types: ['text/html'] },
      handle({ ctx }) {
        enabled(s);
        return sendReport(ctx, datasetsPage(ds.list(), s.experiments.list(), s.config.uiLanguage));
      },
    }),
    route({
      method: 'GET',
      path: '/datasets/api/datasets',
      summary: 'The datasets, by name, each with its versions',
      access: 'admin',
      response: z.array(dataset),
      handle() {
        enabled(s);
        return ds.list();
      },
    }),
    route({
      method: 'POST',
      path: '/datasets/api/datasets',
      summary: 'Creates a dataset (one that exists is answered as it is)',
      access: 'admin',
      body: z.lazy(() => z.object({ name: datasetName, description: z.string().max(10_000).default('') })),
      response: dataset,
      responds: { status: 201 },
      async handle({ body }) {
        enabled(s);
        return await ds.create(body.name, body.description);
      },
    }),
    route({
      method: 'GET',
      path: '/datasets/api/datasets/:name',
      summary: 'A dataset with its versions and their tags',
      access: 'admin',
      response: dataset,
      handle({ params }) {
        enabled(s);
        return ds.known(nameParam(params));
      },
    }),
    route({
      method: 'DELETE',
      path: '/datasets/api/datasets/:name',
      summary: 'Deletes a dataset and all its versions',
      access: 'admin',
      response: z.lazy(() => z.object({ deleted: z.boolean() })),
      async handle({ params }) {
        enabled(s);
        return { deleted: await ds.delete(nameParam(params)) };
      },
    }),
    route({
      method: 'GET',
      path: '/datasets/api/datasets/:name/examples',
      summary: 'The examples of a version (as_of: latest, a tag or a version id), of the splits named',
      access: 'admin',
      query: z.lazy(() => z.object({ as_of: z.string().max(200).default('latest'), splits: splitsQuery })),
      response: z.array(example),
      handle({ params, query }) {
        enabled(s);
        return ds.examplesAt(nameParam(params), query.as_of, 'as_of', query.splits);
      },
    }),
    route({
      method: 'POST',
      path: '/datasets/api/datasets/:name/examples',
      summary: 'Adds examples as a new version (an id already there is replaced); creates the dataset if missing',
      access: 'admin',
      body: z.lazy(() =>
        z.object({
          examples: z.array(exampleIn).min(1, 'give at least one example').max(100_000),
          note: z.string().max(1000).default(''),
        }),
      ),
      response: version,
      responds: { status: 201 },
      async handle({ params, body }) {
        enabled(s);
        return await ds.addExamples(nameParam(params), body.examples, body.note);
      },
    }),
    route({
      method: 'POST',
      path: '/datasets/api/datasets/:name/tag',
      summary: 'Puts a tag on a version, taking it off any other; tagged is false for a version that does not exist',
      access: 'admin',
      body: z.lazy(() =>
        z.object({
          version_id: z.string({ message: 'name the version to tag' }).min(1).max(100),
          tag: z.string({ message: 'give the tag' }).min(1).max(100),
        }),
      ),
      response: z.lazy(() => z.object({ tagged: z.boolean() })),
      async handle({ params, body }) {
        enabled(s);
        return { tagged: await ds.tag(nameParam(params), body.version_id, body.tag) };
      },
    }),
    route({
      method: 'GET',
      path: '/datasets/api/datasets/:name/export',
      summary: `A version as fine-tuning JSONL (format ${FINE_TUNE_FORMATS.join(' or ')}); X-Skipped-Examples counts the examples left out`,
      access: 'admin',
      query: z.lazy(() =>
        z.object({ format: z.string().max(20).default('sft'), as_of: z.string().max(200).default('latest') }),
      ),
      responds: { types: ['application/x-ndjson'] },
      handle({ params, query, ctx }) {
        enabled(s);
        const name = nameParam(params);
        const format = query.format.toLowerCase();
        const { jsonl, skipped } = fineTuneJsonl(ds.examplesAt(name, query.as_of, 'as_of'), format);
        ctx.set('X-Skipped-Examples', String(skipped));
        return download(ctx, 'application/x-ndjson', `${encodeURIComponent(name)}_${format}.jsonl`, jsonl);
      },
    }),
    route({
      method: 'GET',
      path: '/datasets/api/datasets/:name/optimize_export',
      summary: "The latest version as a prompt optimizer's trainset (fmt dspy or gepa) with the seed prompt",
      access: 'admin',
      query: z.lazy(() =>
        z.object({ fmt: z.string().max(20).default('dspy'), prompt: z.string().max(100_000).default('') }),
      ),
      response: z.lazy(() =>
        z.looseObject({ format: z.string(), trainset: z.array(z.unknown()), n: z.number().int() }),
      ),
      handle({ params, query }) {
        enabled(s);
        const name = nameParam(params);
        ds.known(name);
        return optimizerExport(ds.examples(name), query.fmt, query.prompt);
      },
    }),
    route({
      method: 'POST',
      path: '/datasets/api/datasets/:name/import_instances',
      summary:
        "Curates the task's items (or those named) into a new version, optionally with the annotators' majority or Dawid–Skene answer as reference",
      access: 'admin',
      body: z.lazy(() =>
        z.object({ instance_ids: z.array(z.string().max(256)).max(1_000_000).optional(), ...curation }),
      ),
      response: version,
      responds: { status: 201 },
      async handle({ params, body }) {
        enabled(s);
        const name = nameParam(params);
        const instances: Instance[] = body.instance_ids?.length
          ? body.instance_ids.flatMap((id) => {
              const found = s.task.instanceById.get(id);
              return found && s.annotations.isTaskInstance(id) ? [found] : [];
            })
          : s.task.instances.slice();
        if (!instances.length)
          throw invalid(
            body.instance_ids?.length
              ? 'instance_ids: none of them is an item of the task'
              : 'the task has no items to import',
          );
        return await curate(name, instances, body, 'instance(s)');
      },
    }),
    route({
      method: 'POST',
      path: '/datasets/api/datasets/:name/import_traces',
      summary: `Curates the runtime-ingested traces (items from ${TRACE_SOURCES.join(', ')}) into a new version, of one source if named`,
      access: 'admin',
      body: z.lazy(() => z.object({ source: z.string().max(100).optional(), ...curation })),
      response: version,
      responds: { status: 201 },
      async handle({ params, body }) {
        enabled(s);
        const name = nameParam(params);
        const traces = s.task.instances.filter(
          (i) => isIngestedTrace(i) && (body.source === undefined || sourceOf(i) === body.source),
        );
        if (!traces.length)
          throw invalid(
            `no ingested traces to import${body.source ? ` from source "${body.source}"` : ''}: traces are items whose id starts with ${TRACE_SOURCES.map((t) => `${t}_`).join(', ')} or whose metadata.source is one of ${TRACE_SOURCES.join(', ')}`,
          );
        return await curate(name, traces, body, 'ingested trace(s)');
      },
    }),
    ...experimentRoutes(s),
  ];
}
