/**
 * `npm run export -- --config project.yaml --format jsonl|csv|conll|spacy [--out file] [--data-dir dir]
 * [--database-url postgres://…]
 * [--annotator name] [--status completed|in_progress]`: the export of GET /admin/api/export from the command
 * line, streamed to the file (or stdout), with progress on stderr. Opens the project's data folder itself, so
 * run it while the server is stopped; while the server runs, use the HTTP endpoint.
 */
import { createWriteStream } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { openProjectAlone, runTool } from './tool-runner.js';
import { EXPORT_STATUSES, exportItems, exportReader, type ExportFilter } from './domain/data/export-rows.js';
import { requiredAnnotators } from './domain/task.js';
import { EXPORT_FORMATS, EXPORT_WRITERS, refusedFormat } from './io/export-formats/index.js';
import { counting, exportStream } from './io/export-writers.js';

const USAGE = `usage: npm run export -- --config project.yaml --format ${EXPORT_FORMATS.join('|')} [--out file] [--data-dir dir] [--database-url postgres://…] [--annotator name] [--status completed|in_progress]`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      config: { type: 'string', short: 'c' },
      format: { type: 'string', short: 'f', default: 'jsonl' },
      out: { type: 'string', short: 'o' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      annotator: { type: 'string' },
      status: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.config) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const format = values.format;
  if (!Object.hasOwn(EXPORT_WRITERS, format)) throw new Error(`--format: ${refusedFormat(format)}`);
  if (values.status && !(EXPORT_STATUSES as readonly string[]).includes(values.status))
    throw new Error(`--status: "${values.status}" is not one of ${EXPORT_STATUSES.join(', ')}`);
  const filter: ExportFilter = { annotator: values.annotator, status: values.status as ExportFilter['status'] };

  const server = await openProjectAlone({ ...values, config: values.config });
  try {
    const s = server.services;
    const total = s.annotations.totalAnnotations();
    let last = 0;
    const show = (n: number) => {
      const now = Date.now();
      if (now - last < 200 && n !== total) return;
      last = now;
      process.stderr.write(`\rexported ${n} of at most ${total} annotation records`);
    };
    const items = counting(exportItems(s.task, exportReader(s), requiredAnnotators(s.settings.get()), filter), show);
    const stream = exportStream(format, s.task, items);
    const sink: Writable = values.out ? createWriteStream(values.out) : process.stdout;
    const started = Date.now();
    await pipeline(stream, sink, { end: !!values.out });
    process.stderr.write(
      `\ndone in ${((Date.now() - started) / 1000).toFixed(1)} s${values.out ? `: ${values.out}` : ''}\n`,
    );
  } finally {
    await server.close();
  }
}

runTool(main);
