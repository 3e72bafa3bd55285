/**
 * Load through autocannon, one autocannon instance per connection so each connection can be its own logged-in
 * annotator with its own request sequence (autocannon's per-request context is reset on every loop over a
 * one-request list, so it cannot carry per-connection state). Latencies of all connections go into one sample
 * from which the percentiles are taken; the rate is successful responses over the measured time.
 */
import autocannon from 'autocannon';

export interface ConnectionPlan {
  method: 'GET' | 'POST';
  /** the path of the next request (called once per request when `dynamic`) */
  path: () => string;
  headers: Record<string, string>;
  /** the next request's JSON body */
  body?: () => string;
  /** false: the same request every time (autocannon prebuilds it) */
  dynamic?: boolean;
}

export interface LoadResult {
  connections: number;
  requests: number;
  errors: number;
  /** non-2xx statuses seen, status → count */
  statuses: Record<string, number>;
  seconds: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  /** CPU time the server spent per answered request, in µs: a figure that a busy machine disturbs less than rates */
  server_cpu_us: number | null;
}

export interface LoadOptions {
  /** seconds per measurement, or */
  duration?: number;
  /** a number of requests per connection */
  amount?: number;
  /** the server's CPU time so far in ms, read before and after */
  cpuMs?: () => number | null;
}

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function drive(base: string, plans: ConnectionPlan[], options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const cpuBefore = options.cpuMs?.() ?? null;
  await Promise.all(
    plans.map(
      (plan) =>
        new Promise<void>((resolve, reject) => {
          const request = plan.dynamic
            ? {
                method: plan.method,
                setupRequest: (req: Record<string, unknown>) => ({
                  ...req,
                  method: plan.method,
                  path: plan.path(),
                  headers: plan.headers,
                  body: plan.body?.(),
                }),
              }
            : { method: plan.method, path: plan.path(), headers: plan.headers, body: plan.body?.() };
          const instance = autocannon(
            {
              url: base,
              connections: 1,
              pipelining: 1,
              ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.duration }),
              timeout: 30,
              requests: [request],
            },
            (err: Error | null) => (err ? reject(err) : resolve()),
          );
          instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
            if (status >= 200 && status < 300) latencies.push(ms);
            else {
              errors++;
              statuses[status] = (statuses[status] ?? 0) + 1;
            }
          });
          instance.on('reqError', () => {
            errors++;
            statuses.error = (statuses.error ?? 0) + 1;
          });
        }),
    ),
  );
  const seconds = options.duration ?? (performance.now() - started) / 1000;
  const cpuAfter = options.cpuMs?.() ?? null;
  const sorted = Float64Array.from(latencies).sort();
  const sum = latencies.reduce((a, b) => a + b, 0);
  return {
    connections: plans.length,
    requests: latencies.length,
    errors,
    statuses,
    seconds,
    rps: latencies.length / seconds,
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
    mean_ms: latencies.length ? sum / latencies.length : NaN,
    server_cpu_us:
      cpuBefore !== null && cpuAfter !== null && latencies.length
        ? ((cpuAfter - cpuBefore) * 1000) / latencies.length
        : null,
  };
}
