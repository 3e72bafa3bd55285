/**
 * Medians over runs, the targets judged on them, a table for the terminal and the JSON file that
 * lets two commits be compared. Ratios to bare Node are taken within each run, against bare Node measured
 * beside each size (right before its current_instance), and then the median of those ratios is reported.
 */
import { cpus, totalmem } from 'node:os';
import type { LoadResult } from './load.js';
import { ENDPOINTS, type Endpoint, type Measured, type SizeRun } from './measure.js';
import type { WebhookRun } from './webhooks.js';
import type { CompactionRun } from './compaction.js';
import type { SearchRun } from './search.js';
import type { PostgresRun } from './postgres.js';
import { fmt } from './report-format.js';

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

interface SizeSummary {
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

interface Target {
  name: string;
  goal: string;
  value: string;
  status: 'PASS' | 'MISS' | 'n/a';
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

function judge(
  name: string,
  goal: string,
  value: number | null,
  pass: (v: number) => boolean,
  shown: (v: number) => string,
): Target {
  if (value === null || !Number.isFinite(value)) return { name, goal, value: 'n/a', status: 'n/a' };
  return { name, goal, value: shown(value), status: pass(value) ? 'PASS' : 'MISS' };
}

function targets(sizes: SizeSummary[], webhooks: number | null, top: number): Target[] {
  const at = (s: SizeSummary, e: Endpoint, c: number) => {
    const f = s.endpoints[e][c];
    return f && 'rps' in f ? f : null;
  };
  const all = <T>(xs: (T | null)[]) => (xs.every((x) => x !== null) ? (xs as T[]) : null);
  const small = sizes[0];
  const large = sizes[sizes.length - 1];
  const update = all(sizes.map((s) => at(s, 'updateinstance', top)));
  const current = all(sizes.map((s) => at(s, 'current_instance', top)));
  const p99s = sizes
    .flatMap((s) =>
      (['current_instance', 'updateinstance', 'spans', 'overview'] as Endpoint[]).map(
        (e) => at(s, e, top)?.p99_ms ?? null,
      ),
    )
    .filter((x): x is number => x !== null);
  const scaling = (['current_instance', 'updateinstance', 'spans'] as Endpoint[]).map((e) => {
    const a = at(small, e, top);
    const b = at(large, e, top);
    return a && b ? a.rps / b.rps : null;
  });

  return [
    judge(
      `updateinstance (durable) ×${top}, every size`,
      '≥ 8,000 req/s',
      update && Math.min(...update.map((f) => f.rps)),
      (v) => v >= 8000,
      (v) => `${fmt(v)} req/s`,
    ),
    judge(
      `current_instance ×${top} vs bare Node, every size`,
      '≥ 40 %',
      current && Math.min(...current.map((f) => f.bare_ratio)),
      (v) => v >= 0.4,
      (v) => `${fmt(v * 100, 1)} %`,
    ),
    judge(
      `p99 ×${top} (annotator endpoints and overview), every size`,
      '< 5 ms',
      p99s.length ? Math.max(...p99s) : null,
      (v) => v < 5,
      (v) => `${fmt(v, 2)} ms`,
    ),
    judge(
      `per-request cost at ${large.size.toLocaleString('en-US')} vs ${small.size.toLocaleString('en-US')} (worst endpoint)`,
      '≤ 1.2×',
      all(scaling) && Math.max(...(scaling as number[])),
      (v) => v <= 1.2,
      (v) => `${fmt(v, 2)}×`,
    ),
    judge(
      `start-up at ${large.size.toLocaleString('en-US')} instances`,
      '≤ 2 s',
      large.startup_ms,
      (v) => v <= 2000,
      (v) => `${fmt(v / 1000, 2)} s`,
    ),
    judge(
      `peak RSS at ${large.size.toLocaleString('en-US')} instances`,
      '≤ 250 MB',
      large.peak_rss_mb,
      (v) => v <= 250,
      (v) => `${fmt(v)} MB`,
    ),
    judge(
      `agreement over ${large.size.toLocaleString('en-US')} items, after a change`,
      '≤ 1 s',
      large.agreement_fresh_ms,
      (v) => v <= 1000,
      (v) => `${fmt(v)} ms`,
    ),
    judge(
      'webhook deliveries to a loopback receiver',
      '≥ 1,000/s',
      webhooks,
      (v) => v >= 1000,
      (v) => `${fmt(v)}/s`,
    ),
  ];
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

/** Durable updateinstance on PostgreSQL with one server process, the database on the same machine. */
function postgresTarget(p: NonNullable<BenchReport['summary']['postgres']>): Target {
  return {
    name: `postgres updateinstance ×${p.connections}, one process`,
    goal: '>= 4000 req/s',
    value: `${fmt(p.one_rps)} req/s`,
    status: p.one_rps >= 4000 ? 'PASS' : 'MISS',
  };
}

export { formatReport } from './report-format.js';
