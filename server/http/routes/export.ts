/**
 * Exports: streamed to the caller (GET /admin/api/export), or, in Potato's export API, written into a folder on
 * the server (POST /admin/api/export with {format, output}) with a JSON report, and the list of formats
 * (GET /admin/api/export/formats). Both read the same rows through one function.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { DomainError, invalid } from '../../domain/errors.js';
import {
  EXPORT_STATUSES,
  EXPORT_VIEWS,
  exportItems,
  exportReader,
  goldItems,
  textOnlyWarning,
} from '../../domain/data/export-rows.js';
import { requiredAnnotators, type Task } from '../../domain/task.js';
import { EXPORT_FORMATS, EXPORT_WRITERS, refusedFormat, type ExportWriter } from '../../io/export-formats/index.js';
import { counting, exportStream } from '../../io/export-writers.js';
import { phaseAnswerStream } from '../../io/export-formats/phase-answers.js';
import { route, type RouteSpec } from '../route.js';
import { download } from '../download.js';

const selection = {
  annotator: z.string().min(1).max(64).optional(),
  status: z.enum(EXPORT_STATUSES).optional(),
  view: z
    .enum(EXPORT_VIEWS)
    .default('annotations')
    .describe(
      "gold: one row per item, the adjudicated answer where there is one, else the annotators' majority with its vote share; phases: the answers given on phase pages (consent, surveys), jsonl or csv, with export_include_phase_data: true",
    ),
};
type Selection = { format: string; annotator?: string; status?: (typeof EXPORT_STATUSES)[number]; view: string };

/** A format's own check passes: the project has what it exports. */
function fills(writer: ExportWriter, task: Task): boolean {
  try {
    writer.check?.(task);
    return true;
  } catch (e) {
    if (e instanceof DomainError) return false;
    throw e;
  }
}

const exportQuery = z.lazy(() => z.object({ format: z.enum(EXPORT_FORMATS).default('jsonl'), ...selection }));

/** Potato's names of formats we write under our own name. */
const POTATO_FORMAT_NAMES: Record<string, string> = { conll_2003: 'conll' };

const exportBody = z.lazy(() =>
  z.object({
    format: z
      .string({ message: 'name the format to write (GET /admin/api/export/formats lists them)' })
      .min(1, 'name the format to write (GET /admin/api/export/formats lists them)')
      .max(100),
    output: z
      .string({ message: 'give the folder on the server machine to write the export into' })
      .min(1, 'give the folder on the server machine to write the export into')
      .max(4096)
      .describe('a folder on the server machine (relative to the config file), made when missing'),
    options: z.record(z.string(), z.unknown()).optional().describe("Potato's format options: none are read here"),
    ...selection,
  }),
);

const report = z.lazy(() =>
  z.object({
    success: z.boolean(),
    format: z.string(),
    files_written: z.array(z.string()),
    stats: z
      .object({ rows: z.number().int() })
      .describe('rows written: one per annotation (per item in the gold view)'),
    warnings: z.array(z.string()),
    errors: z.array(z.string()),
  }),
);

/** Writes the event registry, when the project keeps one with events, into `dir`; the files written. */
async function writeEventRegistry(s: Services, dir: string): Promise<string[]> {
  if (!s.eventRegistry.settings.enabled) return [];
  const registry = await s.eventRegistry.file();
  if (!Object.keys(registry.events).length) return [];
  const file = join(dir, 'event_registry.json');
  await writeFile(`${file}.partial`, JSON.stringify(registry, null, 2));
  await rename(`${file}.partial`, file);
  return [file];
}

export function exportRoutes(s: Services): RouteSpec[] {
  /** The export chosen, as a stream, its writer and its file name; `onRow` counts rows as they are written. */
  const exportOf = (q: Selection, onRow?: (n: number) => void) => {
    if (q.view === 'phases') {
      const { exportAnswers, excludeHidden } = s.config.phaseOptions;
      if (!exportAnswers)
        throw invalid('view: phase answers are exported only with export_include_phase_data: true in the config');
      if (q.status !== undefined) throw invalid('status: the phases view has no status; leave it out');
      const rows = s.phases.answerRows(!excludeHidden, q.annotator);
      const out = phaseAnswerStream(q.format, onRow ? counting(rows, onRow) : rows, !excludeHidden);
      return { ...out, filename: `phase_responses.${out.writer.extension}` };
    }
    if (q.view === 'gold' && (q.annotator !== undefined || q.status !== undefined))
      throw invalid('view: the gold view has one row per item; leave out annotator and status');
    if (q.view === 'gold' && q.format === 'time')
      throw invalid('format: time is kept per annotator, and the gold view has none; leave out view=gold');
    const items =
      q.view === 'gold'
        ? goldItems(s.task, (instance) => s.adjudication.gold(instance))
        : exportItems(s.task, exportReader(s), requiredAnnotators(s.settings.get()), {
            annotator: q.annotator,
            status: q.status,
          });
    const body: Readable = exportStream(q.format, s.task, onRow ? counting(items, onRow) : items);
    const writer = EXPORT_WRITERS[q.format as keyof typeof EXPORT_WRITERS];
    return { body, writer, filename: `annotations.${writer.extension}` };
  };

  return [
    route({
      method: 'GET',
      path: '/admin/api/export',
      summary: 'Annotations as JSONL, CSV, CoNLL (BIO) or spaCy-style JSON, streamed',
      access: 'admin',
      query: exportQuery,
      responds: { types: Object.values(EXPORT_WRITERS).map((w) => w.contentType.replace(/;.*/, '')) },
      handle({ query, ctx }) {
        const { body, writer, filename } = exportOf(query);
        return download(ctx, writer.contentType, filename, body);
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/export/formats',
      summary: "The export formats, in Potato's shape",
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          formats: z.array(
            z.object({
              format_name: z.string(),
              description: z.string(),
              file_extensions: z.array(z.string()),
              short_label: z.string().describe('a few words naming it among the others, for a button or a menu'),
              available: z
                .boolean()
                .describe('whether this project can fill it (conll needs spans, bws_scores a bws scheme)'),
            }),
          ),
        }),
      ),
      handle: () => ({
        formats: Object.entries(EXPORT_WRITERS).map(([name, w]: [string, ExportWriter]) => ({
          format_name: name,
          description: w.label,
          file_extensions: [`.${w.extension}`],
          short_label: w.shortLabel ?? name,
          available: fills(w, s.task),
        })),
      }),
    }),
    route({
      method: 'POST',
      path: '/admin/api/export',
      summary:
        "Potato's export API: writes the export into a folder on the server and reports it (success false, with the reason, when there is nothing to export)",
      access: 'admin',
      body: exportBody,
      response: report,
      async handle({ body }) {
        const format = POTATO_FORMAT_NAMES[body.format] ?? body.format;
        if (!Object.hasOwn(EXPORT_WRITERS, format)) throw invalid(`format: ${refusedFormat(body.format)}`);
        const warnings = body.options && Object.keys(body.options).length ? ['options are not read here'] : [];
        const textOnly = textOnlyWarning(s.task, format);
        if (textOnly) warnings.push(textOnly);
        let rows = 0;
        const { body: stream, filename } = exportOf({ ...body, format }, (n) => (rows = n));
        const dir = isAbsolute(body.output) ? body.output : resolve(s.config.dir, body.output);
        const file = join(dir, filename);
        // written beside its place and renamed once whole, so a failed export leaves no half file
        const partial = `${file}.partial`;
        try {
          await mkdir(dir, { recursive: true });
          await pipeline(stream, createWriteStream(partial, { flags: 'wx' }));
        } catch (e) {
          await rm(partial, { force: true }).catch(() => undefined);
          const reason = (e as NodeJS.ErrnoException).code ?? String(e);
          throw invalid(`output: cannot write the export into "${dir}" (${reason})`);
        }
        // the cross-document events live beside the annotations, in Potato's event_registry.json
        const registry = await writeEventRegistry(s, dir);
        if (rows === 0) {
          await rm(partial, { force: true });
          const errors = ['there is nothing to export: no annotations match'];
          return { success: false, format, files_written: registry, stats: { rows }, warnings, errors };
        }
        await rename(partial, file);
        return { success: true, format, files_written: [file, ...registry], stats: { rows }, warnings, errors: [] };
      },
    }),
  ];
}
