/**
 * Potato's trace analytics page (`/admin/eval/analytics?format=html`): the ingested traces' tokens, cost, latency
 * and errors, overall and per model, and the regression alerts of the recent window, as the JSON read-out gives them.
 */
import type { RegressionAlert, TraceAnalytics } from '../domain/datasets/trace-analytics.js';
import type { Report } from './report-page.js';

const ms = (x: number | null) => (x === null ? '—' : `${x} ms`);
const cost = (x: number | null) => (x === null ? '—' : x.toFixed(4));

export function analyticsPage(a: TraceAnalytics, alerts: readonly RegressionAlert[], recent: number): Report {
  return {
    title: 'Trace analytics',
    lines: [
      "Operational figures of the traces ingested while the project runs, read from each trace's model, token usage, latency, cost and status.",
      `Traces: ${a.count} · total tokens: ${a.total_tokens} · total cost: ${cost(a.total_cost)} · errors: ${a.errors} (${(a.error_rate * 100).toFixed(1)}%)`,
      `Latency: average ${ms(a.avg_latency_ms)} · median ${ms(a.p50_latency_ms)} · p95 ${ms(a.p95_latency_ms)}`,
      recent > 0
        ? `Alerts compare the last ${recent} traces with those before them.`
        : 'Add ?recent=N to compare the last N traces with those before them.',
    ],
    tables: [
      {
        heading: 'Per model',
        empty: 'No trace has been ingested yet.',
        columns: ['Model', 'Traces', 'Tokens', 'Cost', 'Errors', 'Average latency (ms)'],
        rows: Object.entries(a.per_model).map(([model, m]) => [
          model,
          m.count,
          m.total_tokens,
          cost(m.cost),
          m.errors,
          m.avg_latency_ms,
        ]),
      },
      {
        heading: 'Regression alerts',
        empty: recent > 0 ? 'No regression in the recent traces.' : 'No recent window asked for.',
        columns: ['Metric', 'Severity', 'Before', 'Recent', 'Alert'],
        rows: alerts.map((x) => [x.metric, x.severity, x.baseline, x.recent, x.message]),
      },
    ],
  };
}
