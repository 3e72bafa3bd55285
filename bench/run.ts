/**
 * `npm run bench [-- options]`: the performance figures and the targets they must meet.
 *
 *   --runs 3                 repeat everything; medians are reported
 *   --duration 5             seconds per measurement
 *   --warmup 1               seconds of discarded load before each endpoint
 *   --sizes 1000,10000,100000
 *   --connections 1,8
 *   --annotators-per-item 10 stored annotations per instance (1M at 100k)
 *   --webhook-size 1000      project size for the webhook throughput run
 *   --server build|dist|tsx  built into a private folder (default), dist/ as `npm start` runs it (the smoke
 *                            run's default), or through tsx
 *   --out bench/results      where the JSON report goes
 *   --smoke                  a tiny run that proves the harness works (CI); nothing in it is a measurement
 *   --ui [--presses 100]     instead: key press → next item painted in headless Chromium (bench/ui.ts)
 *   --store postgres         also durable updateinstance on the PostgreSQL store, one and two server processes
 *                            (bench/postgres.ts); --database-url postgres://… uses that database instead of a
 *                            throwaway cluster
 *
 * Nothing here asserts a time: a missed target prints MISS and the exit code stays 0.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { drive, type LoadOptions, type LoadResult } from './load.js';
import { measureSize, type SizeRun } from './measure.js';
import { benchProject } from './projects.js';
import { buildReport, formatReport, type BenchReport, type RunResult } from './report.js';
import { buildServer, distServer, startProcess, tsxServer } from './server-process.js';
import { measureWebhooks, startReceiver, webhookConfig, type WebhookRun } from './webhooks.js';
import { measureCompaction } from './compaction.js';
import { measureSearch } from './search.js';
import { measurePostgres } from './postgres.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_KEY = 'bench-admin-key-0123456789abcdef';

export interface BenchOptions {
  runs: number;
  load: LoadOptions;
  warmup: number;
  sizes: number[];
  connections: number[];
  annotatorsPerItem: number;
  webhookSize: number;
  server: 'build' | 'dist' | 'tsx';
  out: string;
  smoke: boolean;
  /** stores measured: the journal always, PostgreSQL when asked */
  postgres: boolean;
  databaseUrl?: string;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      sizes: { type: 'string' },
      connections: { type: 'string' },
      'annotators-per-item': { type: 'string' },
      'webhook-size': { type: 'string' },
      server: { type: 'string' },
      out: { type: 'string' },
      smoke: { type: 'boolean', default: false },
      store: { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  const smoke = values.smoke!;
  const list = (s: string | undefined, fallback: number[]) =>
    s ? s.split(',').map((x) => Number(x.replace(/_/g, ''))) : fallback;
  const num = (s: string | undefined, fallback: number) => (s === undefined ? fallback : Number(s));
  const options: BenchOptions = {
    runs: num(values.runs, smoke ? 1 : 3),
    // the smoke run sends a fixed, small number of requests instead of running for a time
    load: smoke ? { amount: 20 } : { duration: num(values.duration, 5) },
    warmup: num(values.warmup, smoke ? 0 : 1),
    sizes: list(values.sizes, smoke ? [20, 40] : [1000, 10_000, 100_000]),
    connections: list(values.connections, [1, 8]),
    annotatorsPerItem: num(values['annotators-per-item'], smoke ? 2 : 10),
    webhookSize: num(values['webhook-size'], smoke ? 20 : 1000),
    server: (values.server ?? (smoke ? 'dist' : 'build')) as BenchOptions['server'],
    out: resolve(values.out ?? join(ROOT, 'bench', 'results')),
    smoke,
    postgres: false,
    databaseUrl: values['database-url'],
  };
  for (const store of (values.store ?? 'journal').split(',')) {
    if (store === 'postgres') options.postgres = true;
    else if (store !== 'journal') throw new Error(`--store: ${store} is not a store (journal, postgres)`);
  }
  const bad = [
    ...options.sizes,
    ...options.connections,
    options.runs,
    options.annotatorsPerItem,
    options.webhookSize,
  ].find((n) => !Number.isInteger(n) || n < 1);
  if (bad !== undefined) throw new Error(`not a positive integer: ${bad}`);
  if (!['build', 'dist', 'tsx'].includes(options.server)) throw new Error('--server must be build, dist or tsx');
  return options;
}

const log = (m: string) => console.error(m);

/** The yardstick's process, warmed up, and a measurement of it at one connection count. */
async function startBare(
  o: BenchOptions,
): Promise<{ measure: (c: number) => Promise<LoadResult>; stop: () => Promise<void> }> {
  const bare = await startProcess(['--import', 'tsx', join(ROOT, 'bench', 'bare-node.ts')], { cwd: ROOT });
  const plan = { method: 'GET' as const, path: () => '/api/current_instance', headers: {} };
  if (o.warmup > 0) await drive(bare.url, Array(Math.max(...o.connections)).fill(plan), { duration: o.warmup });
  const measure = async (c: number) => {
    const result = await drive(bare.url, Array(c).fill(plan), { ...o.load, cpuMs: bare.cpuMs });
    log(
      `  bare node ×${c}: ${Math.round(result.rps)} req/s, p99 ${result.p99_ms.toFixed(2)} ms, ${result.server_cpu_us?.toFixed(0)} µs CPU/req`,
    );
    return result;
  };
  return { measure, stop: () => bare.stop() };
}

export async function runBench(o: BenchOptions): Promise<{ report: BenchReport; file: string }> {
  const startedAt = new Date();
  const serverArgs =
    o.server === 'tsx' ? tsxServer(ROOT) : o.server === 'dist' ? distServer(ROOT) : buildServer(ROOT, log);
  const cacheDir = join(ROOT, 'node_modules', '.cache', 'marginalia-bench', o.smoke ? 'smoke-projects' : 'projects');
  const workDir = mkdtempSync(join(tmpdir(), 'marginalia-bench-'));
  const runs: RunResult[] = [];
  try {
    for (let run = 1; run <= o.runs; run++) {
      log(`run ${run} of ${o.runs}`);
      // bare Node stays up through the run: measured at its start, and again beside each size's current_instance
      const yardstick = await startBare(o);
      const bare: Record<string, LoadResult> = {};
      const sizes: SizeRun[] = [];
      try {
        for (const c of o.connections) bare[c] = await yardstick.measure(c);
        for (const size of o.sizes) {
          const project = await benchProject({ size, annotatorsPerItem: o.annotatorsPerItem, cacheDir, log }, workDir);
          log(
            ` ${size.toLocaleString('en-US')} instances, ${project.annotations.toLocaleString('en-US')} stored annotations`,
          );
          const result = await measureSize(project, {
            serverArgs,
            root: ROOT,
            connections: o.connections,
            load: o.load,
            warmup: o.warmup,
            adminKey: ADMIN_KEY,
            log,
            beside: yardstick.measure,
          });
          log(
            `  start-up ${Math.round(result.startup_ms)} ms, RSS ${result.rss_start_mb} MB after start, ${result.peak_rss_mb} MB peak`,
          );
          sizes.push(result);
        }
      } finally {
        await yardstick.stop();
      }
      const receiver = await startReceiver();
      let webhooks: WebhookRun;
      try {
        const project = await benchProject(
          {
            size: o.webhookSize,
            annotatorsPerItem: o.annotatorsPerItem,
            cacheDir,
            config: webhookConfig(receiver.url),
            log,
          },
          workDir,
        );
        webhooks = await measureWebhooks(project, receiver, {
          serverArgs,
          root: ROOT,
          connections: Math.max(...o.connections),
          duration: o.load.duration,
          amount: o.load.amount,
        });
      } finally {
        await receiver.close();
      }
      log(`  webhooks: ${'na' in webhooks ? webhooks.na : `${Math.round(webhooks.deliveries_per_s)} deliveries/s`}`);
      const largest = Math.max(...o.sizes);
      const compactProject = await benchProject(
        { size: largest, annotatorsPerItem: o.annotatorsPerItem, cacheDir, log },
        workDir,
      );
      const compaction = await measureCompaction(compactProject.dataDir, largest);
      log(
        `  compaction at ${largest}: ${Math.round(compaction.ms)} ms, longest event-loop stall ${Math.round(compaction.longest_stall_ms)} ms`,
      );
      const search = await measureSearch(
        compactProject.configFile,
        compactProject.dataDir,
        largest,
        compactProject.ids,
      );
      log(
        `  search at ${largest}: indexes built in the background in ${Math.round(search.build_ms)} ms (longest stall ${Math.round(search.longest_stall_ms)} ms); ${Object.entries(
          search.queries,
        )
          .map(([k, q]) => `${k} ${q.median_ms.toFixed(2)} ms`)
          .join(', ')}`,
      );
      let postgres: RunResult['postgres'];
      if (o.postgres) {
        const smallest = await benchProject(
          { size: Math.min(...o.sizes), annotatorsPerItem: o.annotatorsPerItem, cacheDir, log },
          workDir,
        );
        postgres = await measurePostgres(smallest, {
          serverArgs,
          root: ROOT,
          connections: Math.max(...o.connections),
          load: o.load,
          warmup: o.warmup,
          log,
          databaseUrl: o.databaseUrl,
        });
      }
      runs.push({ bare, sizes, webhooks, compaction, search, ...(postgres ? { postgres } : {}) });
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const report = buildReport(runs, o.connections, { ...o, out: undefined }, startedAt);
  mkdirSync(o.out, { recursive: true });
  const file = join(o.out, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  return { report, file };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv.includes('--ui')) {
  // the annotator's side, in a browser: bench/ui.ts
  import('./ui.js')
    .then(({ runUiBench }) => runUiBench(process.argv.slice(2)))
    .then(
      () => process.exit(0),
      (e: Error) => {
        console.error(`bench failed: ${e.stack ?? e.message}`);
        process.exit(1);
      },
    );
} else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runBench(parseOptions(process.argv.slice(2))).then(
    ({ report, file }) => {
      console.log(formatReport(report));
      console.log(`\nreport: ${file}`);
      process.exit(0);
    },
    (e: Error) => {
      console.error(`bench failed: ${e.stack ?? e.message}`);
      process.exit(1);
    },
  );
}
