/**
 * Medians over runs and the JSON file that lets two commits be compared (the targets judged on them are in
 * targets.ts, the terminal's tables in report-format.ts). Ratios to bare Node are taken within each run, against
 * bare Node measured beside each size (right before its current_instance), and then the median of those ratios is
 * reported.
 */
import { cpus, totalmem } from 'node:os';
import type { LoadResult } from './load.js';
import { ENDPOINTS, type Endpoint, type Measured, type SizeRun } from './measure.js';
import type { WebhookRun } from './webhooks.js';
import type { CompactionRun } from './compaction.js';
import type { SearchRun } from './search.js';
import type { PostgresRun } from './postgres.js';
import { postgresTarget, targets, type Target } from './targets.js';

export interface RunResult {
  bare: Record<string, LoadResult>;
  sizes: SizeRun[];
  webhooks: WebhookRun;
  compaction: CompactionRun;
  search: SearchRun;
  /** with --store postgres */
  postgres?: PostgresRun;
}

export interface Figure {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  /** our rate over bare Node's at the same connection count */
  bare_ratio: number;
  errors: number;
}

export interface SizeSummary {
  size: number;
  annotations: number;
  startup_ms: number;
  rss_start_mb: number | null;
  peak_rss_mb: number | null;
  export_ms: number | null;
  /** agreement computed afresh (after a change), median ms */
  agreement_fresh_ms: number | null;
  endpoints: Record<Endpoint, Record<string, Figure | { na: string }>>;
}

export interface BenchReport {
  started_at: string;
  finished_at: string;
  machine: { cpus: number; cpu_model: string; memory_gb: number; node: string; platform: string };
  options: Record<string, unknown>;
  summary: {
    bare: Record<string, Omit<Figure, 'bare_ratio'>>;
    sizes: SizeSummary[];
    webhooks_per_s: number | null;
    webhooks_na?: string;
    compaction: { size: number; ms: number; longest_stall_ms: number };
    search: {
      size: number;
      annotations: number;
      build_ms: number;
      longest_stall_ms: number;
      median_ms: Record<string, number>;
    };
    /** durable updateinstance on PostgreSQL, median req/s (with --store postgres) */
    postgres?: {
      size: number;
      connections: number;
      one_rps: number;
      one_p99_ms: number;
      two_rps: number;
      two_p99_ms: number;
      errors: number;
    };
  };
  targets: Target[];
  runs: RunResult[];
}

function median(values: number[]): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

const isLoad = (m: Measured | undefined): m is LoadResult => !!m && !('na' in m);

function summarizeSize(runs: RunResult[], index: number, connections: number[]): SizeSummary {
  const per = runs.map((r) => r.sizes[index]);
  const nullableMedian = (xs: (number | null)[]) => (xs.some((x) => x === null) ? null : median(xs as number[]));
  const endpoints = {} as SizeSummary['endpoints'];
  for (const endpoint of ENDPOINTS) {
    endpoints[endpoint] = {};
    for (const c of connections) {
      const results = per.map((s) => s.endpoints[endpoint][c]);
      if (!results.every(isLoad)) {
        endpoints[endpoint][c] = { na: (results.find((r) => !isLoad(r)) as { na: string }).na };
        continue;
      }
      endpoints[endpoint][c] = {
        rps: median(results.map((r) => r.rps)),
        p50_ms: median(results.map((r) => r.p50_ms)),
        p99_ms: median(results.map((r) => r.p99_ms)),
        // against bare Node measured beside this size when it was, else at the start of the run
        bare_ratio: median(results.map((r, n) => r.rps / (per[n].bare?.[c] ?? runs[n].bare[c]).rps)),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
      };
    }
  }
  return {
    size: per[0].size,
    annotations: per[0].annotations,
    startup_ms: median(per.map((s) => s.startup_ms)),
    rss_start_mb: nullableMedian(per.map((s) => s.rss_start_mb)),
    peak_rss_mb: nullableMedian(per.map((s) => s.peak_rss_mb)),
    export_ms: per.every((s) => 'ms' in s.export) ? median(per.map((s) => (s.export as { ms: number }).ms)) : null,
    agreement_fresh_ms: per.every((s) => Array.isArray(s.agreement_fresh_ms))
      ? median(per.flatMap((s) => s.agreement_fresh_ms as number[]))
      : null,
    endpoints,
  };
}

export function buildReport(
  runs: RunResult[],
  connections: number[],
  options: Record<string, unknown>,
  startedAt: Date,
): BenchReport {
  const bare: BenchReport['summary']['bare'] = {};
  for (const c of connections) {
    const r = runs.map((run) => run.bare[c]);
    bare[c] = {
      rps: median(r.map((x) => x.rps)),
      p50_ms: median(r.map((x) => x.p50_ms)),
      p99_ms: median(r.map((x) => x.p99_ms)),
      errors: r.reduce((s, x) => s + x.errors, 0),
    };
  }
  const sizes = runs[0].sizes.map((_, i) => summarizeSize(runs, i, connections));
  const hooks = runs.map((r) => r.webhooks);
  const webhooks = hooks.every((h) => 'deliveries_per_s' in h)
    ? median(hooks.map((h) => (h as { deliveries_per_s: number }).deliveries_per_s))
    : null;
  const pg = runs.map((r) => r.postgres).filter((r): r is PostgresRun => r !== undefined);
  const postgres = pg.length
    ? {
        size: pg[0].size,
        connections: pg[0].connections,
        one_rps: median(pg.map((r) => r.one.rps)),
        one_p99_ms: median(pg.map((r) => r.one.p99_ms)),
        two_rps: median(pg.map((r) => r.two.rps)),
        two_p99_ms: median(pg.map((r) => r.two.p99_ms)),
        errors: pg.reduce((s, r) => s + r.one.errors + r.two.errors, 0),
      }
    : undefined;
  const cpu = cpus();
  return {
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    machine: {
      cpus: cpu.length,
      cpu_model: cpu[0]?.model ?? 'unknown',
      memory_gb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    },
    options,
    summary: {
      bare,
      sizes,
      webhooks_per_s: webhooks,
      ...(webhooks === null ? { webhooks_na: (hooks.find((h) => 'na' in h) as { na: string } | undefined)?.na } : {}),
      compaction: {
        size: runs[0].compaction.size,
        ms: median(runs.map((r) => r.compaction.ms)),
        longest_stall_ms: median(runs.map((r) => r.compaction.longest_stall_ms)),
      },
      search: {
        size: runs[0].search.size,
        annotations: runs[0].search.annotations,
        build_ms: median(runs.map((r) => r.search.build_ms)),
        longest_stall_ms: median(runs.map((r) => r.search.longest_stall_ms ?? 0)),
        median_ms: Object.fromEntries(
          Object.keys(runs[0].search.queries).map((k) => [k, median(runs.map((r) => r.search.queries[k].median_ms))]),
        ),
      },
      ...(postgres ? { postgres } : {}),
    },
    targets: [...targets(sizes, webhooks, Math.max(...connections)), ...(postgres ? [postgresTarget(postgres)] : [])],
    runs,
  };
}

export { formatReport } from './report-format.js';
