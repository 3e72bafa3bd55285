/**
 * The bench's report as the terminal shows it (and docs/performance.md quotes): the endpoints' table, the sizes'
 * table, the one-line figures and the targets. Apart from report.ts, which computes the medians and judges them.
 */
import { ENDPOINTS } from './measure.js';
import type { BenchReport, Figure } from './report.js';

/** a figure with `digits` decimals and thousands separators; a dash for one not measured */
export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map(
      (r, n) =>
        r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ') +
        (n === 0 ? '\n' + widths.map((w) => '-'.repeat(w)).join('  ') : ''),
    )
    .join('\n');
}

function postgresLine(p: NonNullable<BenchReport['summary']['postgres']>): string {
  return (
    `PostgreSQL store, durable updateinstance ×${p.connections} at ${p.size.toLocaleString('en-US')} instances: one process ${fmt(p.one_rps)} req/s (p99 ${fmt(p.one_p99_ms, 2)} ms), ` +
    `two processes ${fmt(p.two_rps)} req/s (p99 ${fmt(p.two_p99_ms, 2)} ms)${p.errors ? `, ${p.errors} errors` : ''}`
  );
}

/** The terminal table (also pasted into docs/performance.md). */
export function formatReport(report: BenchReport): string {
  const conns = Object.keys(report.summary.bare);
  const header = ['endpoint', ...conns.flatMap((c) => [`req/s ×${c}`, `p50 ×${c}`, `p99 ×${c}`, `vs bare ×${c}`])];
  const rows: string[][] = [header];
  const cells = (f: Figure | { na: string } | Omit<Figure, 'bare_ratio'>) =>
    'na' in f
      ? [f.na, '', '', '']
      : [
          fmt(f.rps),
          `${fmt(f.p50_ms, 2)} ms`,
          `${fmt(f.p99_ms, 2)} ms`,
          'bare_ratio' in f ? `${fmt(f.bare_ratio * 100, 1)} %` : '100 %',
        ];
  rows.push(['bare node:http (run start)', ...conns.flatMap((c) => cells(report.summary.bare[c]))]);
  for (const s of report.summary.sizes) {
    for (const e of ENDPOINTS)
      rows.push([`${s.size.toLocaleString('en-US')}: ${e}`, ...conns.flatMap((c) => cells(s.endpoints[e][c]))]);
  }
  const sizes = table([
    [
      'instances',
      'annotations',
      'start-up',
      'RSS after start',
      'peak RSS',
      'agreement after a change',
      'export (jsonl)',
    ],
    ...report.summary.sizes.map((s) => [
      s.size.toLocaleString('en-US'),
      s.annotations.toLocaleString('en-US'),
      `${fmt(s.startup_ms / 1000, 2)} s`,
      s.rss_start_mb === null ? '–' : `${fmt(s.rss_start_mb)} MB`,
      s.peak_rss_mb === null ? '–' : `${fmt(s.peak_rss_mb)} MB`,
      s.agreement_fresh_ms === null ? 'n/a' : `${fmt(s.agreement_fresh_ms)} ms`,
      s.export_ms === null ? 'n/a (not implemented)' : `${fmt(s.export_ms / 1000, 2)} s`,
    ]),
  ]);
  const hooks =
    report.summary.webhooks_per_s === null
      ? (report.summary.webhooks_na ?? 'n/a')
      : `${fmt(report.summary.webhooks_per_s)}/s`;
  const goals = table([
    ['target', 'goal', 'median', ''],
    ...report.targets.map((t) => [t.name, t.goal, t.value, t.status]),
  ]);
  const m = report.machine;
  return [
    `machine: ${m.cpu_model}, ${m.cpus} cores, ${m.memory_gb} GB, Node ${m.node}, ${m.platform}; medians of ${report.runs.length} run(s)`,
    '',
    table(rows),
    '',
    sizes,
    '',
    `webhook deliveries to a loopback receiver: ${hooks}`,
    `compaction at ${report.summary.compaction.size.toLocaleString('en-US')} instances: ${fmt(report.summary.compaction.ms / 1000, 2)} s, longest event-loop stall ${fmt(report.summary.compaction.longest_stall_ms)} ms`,
    `search at ${report.summary.search.size.toLocaleString('en-US')} instances and ${report.summary.search.annotations.toLocaleString('en-US')} answers: indexes built in the background ${fmt(report.summary.search.build_ms / 1000, 2)} s after createServer returned (longest event-loop stall ${fmt(report.summary.search.longest_stall_ms)} ms); a query (median) ${Object.entries(
      report.summary.search.median_ms,
    )
      .map(([k, ms]) => `${k} ${ms.toFixed(2)} ms`)
      .join(', ')}`,
    ...(report.summary.postgres ? [postgresLine(report.summary.postgres)] : []),
    '',
    goals,
  ].join('\n');
}
