/**
 * The bench's targets, each judged on the medians of a report: PASS, MISS, or n/a when its figure was not
 * measured. The goals are the ones docs/performance.md states.
 */
import type { BenchReport, SizeSummary } from './report.js';
import type { Endpoint } from './measure.js';
import { fmt } from './report-format.js';

export interface Target {
  name: string;
  goal: string;
  value: string;
  status: 'PASS' | 'MISS' | 'n/a';
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

export function targets(sizes: SizeSummary[], webhooks: number | null, top: number): Target[] {
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

/** Durable updateinstance on PostgreSQL with one server process, the database on the same machine. */
export function postgresTarget(p: NonNullable<BenchReport['summary']['postgres']>): Target {
  return {
    name: `postgres updateinstance ×${p.connections}, one process`,
    goal: '>= 4000 req/s',
    value: `${fmt(p.one_rps)} req/s`,
    status: p.one_rps >= 4000 ? 'PASS' : 'MISS',
  };
}
