/**
 * Data in: imports into the running project (with pollable progress) and pre-annotations (imported by an admin,
 * read by annotators as suggestions); best–worst scores. Exports are in export.ts.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { DomainError, invalid, unavailable } from '../../domain/errors.js';
import { exportItems } from '../../domain/data/export-rows.js';
import { checkSource } from '../../domain/data/predictions.js';
import { bwsAnswerCount, bwsPoolSize, bwsScheme, bwsScores } from '../../domain/data/bws-scores.js';
import type { InputRow, RowSource } from '../../domain/data/importer.js';
import { requiredAnnotators } from '../../domain/task.js';
import { DATA_FORMATS, rowSource, type InputSpec } from '../../io/import-files.js';
import { route, type RouteSpec } from '../route.js';
import { answersByScheme } from '../answer-shapes.js';
import { textSpan } from './span-shape.js';
import { storedFormatCoords } from '../../domain/annotation/span-fields.js';

const input = {
  file: z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .describe('a .json, .jsonl, .csv or .tsv file on the server machine; relative to the config file'),
  content: z.string().optional().describe('the file text itself (within the 2 MB body limit); needs format'),
  format: z.enum(DATA_FORMATS).optional().describe("the input's format; by default the file's extension"),
};

const importBody = z.lazy(() =>
  z.object({
    ...input,
    wait: z.boolean().optional().describe('answer when the import has finished instead of at once'),
  }),
);

const importJob = z.lazy(() =>
  z.object({
    import_id: z.string(),
    status: z.enum(['queued', 'reading', 'saving', 'done', 'failed']),
    source: z.string(),
    rows_read: z.number().int(),
    bytes_read: z.number().int(),
    total_bytes: z.number().int().nullable(),
    added: z.number().int(),
    error: z.string().nullable(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
  }),
);

const predictionsBody = z.lazy(() =>
  z.object({
    ...input,
    predictions: z.array(z.unknown()).max(100_000).optional().describe('prediction rows given inline'),
    source: z.string().optional().describe('source name for rows that do not name their own'),
  }),
);

export const predictionRow = z.lazy(() =>
  z.object({
    source: z.string(),
    labels: answersByScheme(),
    spans: z.array(
      textSpan.extend({
        id: z.string().optional().describe('the id the imported row gave the span; its links name it'),
        target_field: z
          .string()
          .optional()
          .describe('the span target field it marks when not the text field; its offsets and text are in that field'),
        format_coords: storedFormatCoords.optional(),
      }),
    ),
    created_at: z.string(),
  }),
);

/** Exactly one of file and content; content needs its format. */
function inputOf(body: {
  file?: string;
  content?: string;
  format?: (typeof DATA_FORMATS)[number];
}): InputSpec | undefined {
  if (body.file !== undefined && body.content !== undefined)
    throw invalid('body: give either file or content, not both');
  if (body.file !== undefined) return { file: body.file, format: body.format };
  if (body.content !== undefined) {
    if (!body.format) throw invalid(`format: say which format content is in (${DATA_FORMATS.join(', ')})`);
    return { content: body.content, format: body.format };
  }
  return undefined;
}

const bwsScoresResponse = z.object({
  schema: z.string(),
  method: z.literal('counting'),
  items: z.array(
    z.object({
      item_id: z.string(),
      text: z.string(),
      score: z.number().describe('(best_count − worst_count) / appearances, from -1 to 1'),
      best_count: z.number().int(),
      worst_count: z.number().int(),
      appearances: z.number().int().describe('answered tuples the item was in'),
      rank: z.number().int(),
    }),
  ),
});

/** Potato's scoring read-out: its field order, its name for the pool's size and the answered tuples. */
const potatoBwsScoring = z.object({
  total_items: z.number().int().describe('pool items in some tuple'),
  total_annotations: z.number().int().describe('answered tuples, every annotator'),
  method: z.literal('counting'),
  scores: z.array(
    bwsScoresResponse.shape.items.element.pick({
      rank: true,
      item_id: true,
      text: true,
      score: true,
      best_count: true,
      worst_count: true,
      appearances: true,
    }),
  ),
});

export function dataRoutes(s: Services): RouteSpec[] {
  const allItems = () =>
    exportItems(
      s.task,
      { annotatorsOf: (id) => s.annotations.annotatorsOf(id), get: (u, id) => s.annotations.get(u, id) },
      requiredAnnotators(s.settings.get()),
    );
  const potatoScoring = () => {
    const scheme = bwsScheme(s.task, undefined);
    return {
      total_items: bwsPoolSize(s.task),
      total_annotations: bwsAnswerCount(scheme, allItems()),
      method: 'counting' as const,
      scores: bwsScores(scheme, allItems()).map(
        ({ rank, item_id, text, score, best_count, worst_count, appearances }) => ({
          rank,
          item_id,
          text,
          score,
          best_count,
          worst_count,
          appearances,
        }),
      ),
    };
  };
  return [
    route({
      method: 'GET',
      path: '/admin/api/bws_scoring',
      summary: "Potato's spelling of the bws scores (its first bws scheme), counted over every answer",
      access: 'admin',
      response: potatoBwsScoring,
      handle: potatoScoring,
    }),
    route({
      method: 'POST',
      path: '/admin/api/bws_scoring/generate',
      summary:
        "Potato's score computation: the same counts (they are always current here); only method=counting is computed",
      access: 'admin',
      query: z.lazy(() =>
        z.object({ method: z.string().optional().describe('counting (the default); other methods are refused') }),
      ),
      response: potatoBwsScoring.extend({ status: z.literal('success') }),
      handle({ query }) {
        if (query.method !== undefined && query.method !== 'counting')
          throw invalid(
            `method: "${query.method}" is not computed here: scores are counted (best − worst) / appearances; use method=counting`,
          );
        return { status: 'success' as const, ...potatoScoring() };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/bws_scores',
      summary: 'Best–worst scaling scores per pool item, by counting over every answer',
      access: 'admin',
      query: z.lazy(() =>
        z.object({
          schema: z.string().min(1).optional().describe('the bws scheme; may be left out when there is one'),
        }),
      ),
      response: bwsScoresResponse,
      handle({ query }) {
        const scheme = bwsScheme(s.task, query.schema);
        return { schema: scheme.name, method: 'counting' as const, items: bwsScores(scheme, allItems()) };
      },
    }),
    route({
      method: 'POST',
      path: '/admin/api/import',
      summary:
        'Add instances to the running project from a file or inline text; 202 with a job to poll, or the finished job with wait',
      access: 'admin',
      body: importBody,
      response: importJob,
      responds: { status: 202 },
      async handle({ body, ctx }) {
        const spec = inputOf(body);
        if (!spec) throw invalid('body: give file (a path on the server machine) or content with format');
        const { job, done } = s.importer.start(
          'file' in spec ? spec.file : 'request body',
          rowSource(spec, s.config.dir),
        );
        if (!body.wait) return job;
        const { job: finished, cause } = await done;
        // a refused row is the input's fault (its DomainError says which); anything else, the storage's (a full disk)
        if (finished.status === 'failed')
          throw cause instanceof DomainError ? cause : unavailable(finished.error ?? 'the import failed');
        ctx.status = 200; // finished, not accepted
        return finished;
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/import/:import_id',
      summary: "An import's progress: rows and bytes read, status, the error that stopped it",
      access: 'admin',
      response: importJob,
      handle: ({ params }) => s.importer.job(params.import_id),
    }),
    route({
      method: 'POST',
      path: '/admin/api/predictions',
      summary: 'Import pre-annotations (labels and spans from a named source), shown to annotators as suggestions',
      access: 'admin',
      body: predictionsBody,
      response: z.lazy(() =>
        z.object({ status: z.literal('success'), imported: z.number().int(), sources: z.array(z.string()) }),
      ),
      async handle({ body }) {
        if (body.source !== undefined) checkSource(body.source, '');
        const spec = inputOf(body);
        if (spec && body.predictions) throw invalid('body: give predictions, file or content, only one of them');
        let rows: RowSource;
        if (spec) rows = rowSource(spec, s.config.dir);
        else if (body.predictions) {
          const given = body.predictions;
          rows = () =>
            (async function* (): AsyncGenerator<InputRow> {
              for (let n = 0; n < given.length; n++) yield { name: 'predictions', line: n + 1, item: given[n] };
            })();
        } else throw invalid('body: give predictions (an array), file or content with format');
        const result = await s.importer.importPredictions(rows, body.source);
        return { status: 'success', ...result };
      },
    }),
    route({
      method: 'GET',
      path: '/api/predictions/:instance_id',
      summary: 'Pre-annotations of an instance, to show as suggestions (never counted as annotations)',
      access: 'user',
      response: z.lazy(() => z.object({ instance_id: z.string(), predictions: z.array(predictionRow) })),
      async handle({ username, params }) {
        const instance = await s.annotations.instanceFor(username, params.instance_id);
        return { instance_id: instance.id, predictions: s.predictions.of(instance.id) };
      },
    }),
  ];
}
