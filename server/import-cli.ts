/**
 * `npm run import -- --config project.yaml --file data.jsonl [--data-dir dir] [--database-url postgres://…] [--predictions --source name]`:
 * adds instances (or, with --predictions, pre-annotations) to a project's data folder with a progress bar
 * on stderr. All or nothing: a bad row stops the import naming its file and line, and nothing is added.
 * Opens the data folder itself, so run it while the server is stopped; while the server runs, use
 * POST /admin/api/import (or /admin/api/predictions).
 */
import { parseArgs } from 'node:util';
import { openProjectAlone, runTool } from './tool-runner.js';
import { rowSource } from './io/import-files.js';
import type { Progress } from './domain/data/importer.js';

// stdout stays free for data; everything said goes to stderr

const USAGE =
  'usage: npm run import -- --config project.yaml --file data.jsonl [--data-dir dir] [--database-url postgres://…] [--predictions --source name]';

function bar(p: Progress, rows: number): string {
  const total = p.total_bytes ?? 0;
  const share = total ? Math.min(1, p.bytes_read / total) : 1;
  const width = 30;
  const full = Math.round(share * width);
  return `\r[${'#'.repeat(full)}${'.'.repeat(width - full)}] ${(share * 100).toFixed(0).padStart(3)}%  ${rows} rows`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      config: { type: 'string', short: 'c' },
      file: { type: 'string', short: 'f' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      predictions: { type: 'boolean', default: false },
      source: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.config || !values.file) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const server = await openProjectAlone({ ...values, config: values.config });
  try {
    const s = server.services;
    // relative to where the command runs, as a shell user expects (the API resolves from the config file)
    const source = rowSource({ file: values.file }, process.cwd());
    let rows = 0;
    let last = 0;
    let latest: Progress = { bytes_read: 0, total_bytes: null };
    const show = (p: Progress) => {
      latest = p;
      const now = Date.now();
      if (now - last < 100 && p.bytes_read !== p.total_bytes) return;
      last = now;
      process.stderr.write(bar(p, rows));
    };
    const counted = (progress: (p: Progress) => void) =>
      (async function* () {
        for await (const row of source(progress)) {
          rows++;
          yield row;
        }
      })();
    if (values.predictions) {
      const result = await s.importer.importPredictions(() => counted(show), values.source);
      process.stderr.write(bar(latest, rows));
      process.stderr.write(`\nimported ${result.imported} pre-annotations from ${result.sources.join(', ')}\n`);
    } else {
      const { done } = s.importer.start(values.file, () => counted((p) => show(p)));
      const { job } = await done;
      // the final count: progress is reported as bytes arrive, before their rows
      process.stderr.write(bar(latest, rows));
      if (job.status === 'failed') throw new Error(job.error ?? 'the import failed');
      process.stderr.write(`\nadded ${job.added} instances (the project now has ${s.task.instances.length})\n`);
    }
  } finally {
    await server.close();
  }
}

runTool(main);
