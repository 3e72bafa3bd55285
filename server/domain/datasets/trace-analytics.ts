/**
 * Operational figures of the runtime-ingested traces (Potato's eval analytics): tokens, cost, latency and errors
 * read from the fields traces commonly carry, per model and overall, and regression alerts when the most recent
 * traces are compared with those before them. It flags; it never blocks anything.
 */

type Data = Record<string, unknown>;

const PATHS = {
  model: ['model', 'metadata.model', 'gen_ai.request.model', 'llm.model_name'],
  prompt: ['usage.prompt_tokens', 'usage.input_tokens', 'prompt_tokens'],
  completion: ['usage.completion_tokens', 'usage.output_tokens', 'completion_tokens'],
  total: ['usage.total_tokens', 'usage.totalTokens', 'total_tokens', 'tokens'],
  latency: ['latency_ms', 'metadata.latency_ms', 'duration_ms', 'latencyMs'],
  cost: ['cost', 'metadata.cost', 'usage.cost'],
  status: ['status', 'outcome', 'metadata.status', 'error'],
};

function at(data: unknown, path: string): unknown {
  let cur = data;
  for (const part of path.split('.')) {
    if (!cur || typeof cur !== 'object' || !Object.hasOwn(cur, part)) return undefined;
    cur = (cur as Data)[part];
  }
  return cur ?? undefined;
}

const first = (data: Data, paths: string[]) => paths.map((p) => at(data, p)).find((v) => v !== undefined);

function num(v: unknown): number | null {
  if (v === undefined || v === null || v === '' || typeof v === 'boolean') return null;
  const n = Number(String(v).replace(/,/g, '').trim());
  return Number.isFinite(n) ? n : null;
}

function isError(status: unknown): boolean {
  if (status === undefined || status === null || status === false) return false;
  const s = String(status).trim().toLowerCase();
  return (
    ['error', 'failed', 'failure', 'exception'].includes(s) ||
    (!['', 'ok', 'success', 'succeeded', 'none', 'false'].includes(s) && s.includes('error'))
  );
}

function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  const k = (sorted.length - 1) * p;
  const lo = Math.floor(k);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return round(sorted[lo] + (sorted[hi] - sorted[lo]) * (k - lo), 2);
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export interface TraceAnalytics {
  count: number;
  total_tokens: number;
  total_cost: number | null;
  errors: number;
  error_rate: number;
  avg_latency_ms: number | null;
  p50_latency_ms: number | null;
  p95_latency_ms: number | null;
  per_model: Record<
    string,
    { count: number; total_tokens: number; cost: number; errors: number; avg_latency_ms: number | null }
  >;
}

export function traceAnalytics(traces: readonly Data[]): TraceAnalytics {
  const latencies: number[] = [];
  const perModel = new Map<
    string,
    { count: number; total_tokens: number; cost: number; errors: number; lat: number[] }
  >();
  let tokens = 0;
  let cost: number | null = null;
  let errors = 0;
  for (const t of traces) {
    const model = String(first(t, PATHS.model) ?? 'unknown');
    const total =
      num(first(t, PATHS.total)) ?? (num(first(t, PATHS.prompt)) ?? 0) + (num(first(t, PATHS.completion)) ?? 0);
    const latency = num(first(t, PATHS.latency));
    const c = num(first(t, PATHS.cost));
    const failed = isError(first(t, PATHS.status));
    const m = perModel.get(model) ?? { count: 0, total_tokens: 0, cost: 0, errors: 0, lat: [] };
    m.count++;
    m.total_tokens += total;
    if (c !== null) m.cost += c;
    if (failed) m.errors++;
    if (latency !== null) m.lat.push(latency);
    perModel.set(model, m);
    tokens += total;
    if (c !== null) cost = (cost ?? 0) + c;
    if (failed) errors++;
    if (latency !== null) latencies.push(latency);
  }
  latencies.sort((a, b) => a - b);
  const mean = (xs: number[]) => (xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length, 1) : null);
  return {
    count: traces.length,
    total_tokens: Math.round(tokens),
    total_cost: cost === null ? null : round(cost, 6),
    errors,
    error_rate: traces.length ? round(errors / traces.length, 4) : 0,
    avg_latency_ms: mean(latencies),
    p50_latency_ms: percentile(latencies, 0.5),
    p95_latency_ms: percentile(latencies, 0.95),
    per_model: Object.fromEntries(
      [...perModel].map(([k, m]) => [
        k,
        {
          count: m.count,
          total_tokens: Math.round(m.total_tokens),
          cost: round(m.cost, 6),
          errors: m.errors,
          avg_latency_ms: mean(m.lat),
        },
      ]),
    ),
  };
}

export interface RegressionAlert {
  metric: 'cost_per_trace' | 'avg_latency_ms' | 'error_rate';
  severity: 'medium' | 'high';
  baseline: number;
  recent: number;
  message: string;
}

/** Alerts where the recent traces cost 50% more each, take 30% longer, or fail 5 points more often. */
export function regressions(recent: TraceAnalytics, baseline: TraceAnalytics): RegressionAlert[] {
  const alerts: RegressionAlert[] = [];
  const perTrace = (a: TraceAnalytics) => (a.count && a.total_cost !== null ? a.total_cost / a.count : null);
  const [bc, rc] = [perTrace(baseline), perTrace(recent)];
  if (bc && rc !== null && (rc - bc) / bc >= 0.5) {
    const up = (rc - bc) / bc;
    alerts.push({
      metric: 'cost_per_trace',
      severity: up >= 1 ? 'high' : 'medium',
      baseline: round(bc, 6),
      recent: round(rc, 6),
      message: `Cost per trace up ${Math.round(up * 100)}%`,
    });
  }
  const [bl, rl] = [baseline.avg_latency_ms, recent.avg_latency_ms];
  if (bl && rl !== null && (rl - bl) / bl >= 0.3) {
    const up = (rl - bl) / bl;
    alerts.push({
      metric: 'avg_latency_ms',
      severity: up >= 0.75 ? 'high' : 'medium',
      baseline: bl,
      recent: rl,
      message: `Avg latency up ${Math.round(up * 100)}%`,
    });
  }
  const rise = recent.error_rate - baseline.error_rate;
  if (rise >= 0.05)
    alerts.push({
      metric: 'error_rate',
      severity: rise >= 0.15 ? 'high' : 'medium',
      baseline: baseline.error_rate,
      recent: recent.error_rate,
      message: `Error rate up ${(rise * 100).toFixed(1)} points`,
    });
  return alerts;
}
