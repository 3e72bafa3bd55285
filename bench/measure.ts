/**
 * One server start on one project: start-up time, memory, and the load figures of each endpoint at each
 * connection count. Every connection is its own annotator, logged in through the real /register flow.
 */
import { drive, type ConnectionPlan, type LoadOptions, type LoadResult } from './load.js';
import { SENTIMENTS, type BenchProject } from './projects.js';
import { startProcess, type ServerProcess } from './server-process.js';
import { diskSyncMs } from './disk-sync.js';

export const ENDPOINTS = ['current_instance', 'updateinstance', 'spans', 'overview', 'agreement'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/** null: the endpoint did not answer 200 (not implemented yet), with the status it gave */
export type Measured = LoadResult | { na: string };

export interface SizeRun {
  size: number;
  annotations: number;
  startup_ms: number;
  rss_start_mb: number | null;
  rss_end_mb: number | null;
  peak_rss_mb: number | null;
  endpoints: Record<Endpoint, Record<string, Measured>>;
  export: { ms: number; bytes: number } | { na: string };
  /** agreement right after a submission changed the annotations (so nothing is cached), ms per request */
  agreement_fresh_ms: number[] | { na: string };
  /** bare Node measured right before this size's current_instance, per connection count (see `beside`) */
  bare?: Record<string, LoadResult>;
  /** the project disk's durable small write, measured right before updateinstance (see disk-sync.ts) */
  disk_sync?: { p50_ms: number; p90_ms: number };
}

export interface MeasureOptions {
  serverArgs: string[];
  root: string;
  connections: number[];
  load: LoadOptions;
  /** seconds of discarded load before each endpoint's measurements (0: none) */
  warmup: number;
  adminKey: string;
  log: (m: string) => void;
  /**
   * Measures the yardstick (bare Node) at a connection count. Called right before current_instance is measured
   * at that count, so the two compare at one moment of the machine: measured minutes apart, as at the start of a
   * run, the same server's CPU per request moved by up to half between them.
   */
  beside?: (connections: number) => Promise<LoadResult>;
}

const PASSWORD = 'bench-password-1';

/** Registers (or logs in) and returns the Cookie header of the session. */
export async function login(base: string, username: string): Promise<string> {
  let res = await fetch(`${base}/register`, {
    method: 'POST',
    body: new URLSearchParams({ username, password: PASSWORD }),
    redirect: 'manual',
  });
  if (res.status === 409 || res.status === 403)
    res = await fetch(`${base}/auth`, {
      method: 'POST',
      body: new URLSearchParams({ username, password: PASSWORD }),
      redirect: 'manual',
    });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Per-annotator request sequences that survive across measurements, so every submission is a real change. */
export class Annotator {
  private submitted = 0;
  private read = 0;
  constructor(
    readonly cookie: string,
    private readonly ids: string[],
    private readonly offset: number,
    private readonly lane: number,
  ) {}

  /** Cycles through the instances; each pass flips the sentiment and moves the span, so nothing repeats. */
  nextSubmission(): string {
    const n = this.submitted++;
    const id = this.ids[(this.offset + n) % this.ids.length];
    const pass = Math.floor(n / this.ids.length) + this.lane;
    return JSON.stringify({
      instance_id: id,
      annotations: { [`sentiment:${SENTIMENTS[pass % 3]}`]: 'true', [`helpfulness:${1 + (pass % 5)}`]: 'true' },
      span_annotations: [{ schema: 'evidence', name: 'positive', start: 0, end: 3 + (pass % 3) }],
    });
  }

  nextSpansPath(): string {
    return `/api/spans/${this.ids[(this.offset + this.read++) % this.ids.length]}`;
  }
}

const plansFor = (endpoint: Endpoint, annotators: Annotator[], connections: number, adminKey: string) =>
  annotators.slice(0, connections).map((a) => planOf(endpoint, a, adminKey));

/** What one connection sends for an endpoint, as annotator `a`. */
export function planOf(endpoint: Endpoint, a: Annotator, adminKey: string): ConnectionPlan {
  const json = { 'content-type': 'application/json' };
  switch (endpoint) {
    case 'current_instance':
      return { method: 'GET', path: () => '/api/current_instance', headers: { cookie: a.cookie } };
    case 'updateinstance':
      return {
        method: 'POST',
        path: () => '/updateinstance',
        headers: { cookie: a.cookie, ...json },
        body: () => a.nextSubmission(),
        dynamic: true,
      };
    case 'spans':
      return { method: 'GET', path: () => a.nextSpansPath(), headers: { cookie: a.cookie }, dynamic: true };
    case 'overview':
      return { method: 'GET', path: () => '/admin/api/overview', headers: { 'x-api-key': adminKey } };
    case 'agreement':
      return { method: 'GET', path: () => '/admin/api/agreement', headers: { 'x-api-key': adminKey } };
  }
}

/** One request through the plan of the first connection: 200 or the reason the endpoint is skipped. */
async function probe(base: string, plan: ConnectionPlan): Promise<string | null> {
  const res = await fetch(base + plan.path(), { method: plan.method, headers: plan.headers, body: plan.body?.() });
  await res.arrayBuffer();
  return res.status === 200 ? null : res.status === 404 ? 'n/a (not implemented)' : `n/a (status ${res.status})`;
}

/** The agreement report is cached until annotations change: time it after a change, as an admin sees it. */
async function freshAgreement(base: string, a: Annotator, adminKey: string, times = 5): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const change = await fetch(`${base}/updateinstance`, {
      method: 'POST',
      headers: { cookie: a.cookie, 'content-type': 'application/json' },
      body: a.nextSubmission(),
    });
    if (change.status !== 200)
      throw new Error(`updateinstance before agreement: ${change.status} ${await change.text()}`);
    const started = performance.now();
    // fresh: large projects otherwise reuse a report for a few seconds, which would time the cache
    const res = await fetch(`${base}/admin/api/agreement?fresh=true`, { headers: { 'x-api-key': adminKey } });
    await res.arrayBuffer();
    out.push(performance.now() - started);
  }
  return out;
}

async function timeExport(base: string, adminKey: string): Promise<SizeRun['export']> {
  const started = performance.now();
  const res = await fetch(`${base}/admin/api/export?format=jsonl`, { headers: { 'x-api-key': adminKey } });
  let bytes = 0;
  if (res.body) for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  if (res.status !== 200) return { na: res.status === 404 ? 'n/a (not implemented)' : `n/a (status ${res.status})` };
  return { ms: performance.now() - started, bytes };
}

export async function measureSize(project: BenchProject, o: MeasureOptions): Promise<SizeRun> {
  const server: ServerProcess = await startProcess(
    [...o.serverArgs, '--config', project.configFile, '--port', '0', '--data-dir', project.dataDir],
    { cwd: o.root },
  );
  try {
    const rssStart = server.memory().rss_mb;
    const base = server.url;
    const most = Math.max(...o.connections);
    const annotators: Annotator[] = [];
    for (let i = 0; i < most; i++) {
      const cookie = await login(base, `bench-${String(i + 1).padStart(2, '0')}`);
      // the first visit plans the annotator's list; do it before anything is timed
      const first = await fetch(`${base}/api/current_instance`, { headers: { cookie } });
      if (first.status !== 200)
        throw new Error(`current_instance for bench-${i + 1}: ${first.status} ${await first.text()}`);
      annotators.push(new Annotator(cookie, project.ids, Math.floor((i * project.ids.length) / most), i));
    }
    const endpoints = {} as SizeRun['endpoints'];
    let bare: SizeRun['bare'];
    let diskSync: SizeRun['disk_sync'];
    for (const endpoint of ENDPOINTS) {
      endpoints[endpoint] = {};
      const skip = await probe(base, plansFor(endpoint, annotators, 1, o.adminKey)[0]);
      if (skip) {
        for (const c of o.connections) endpoints[endpoint][c] = { na: skip };
        o.log(`  ${endpoint}: ${skip}`);
        continue;
      }
      if (o.warmup > 0) await drive(base, plansFor(endpoint, annotators, most, o.adminKey), { duration: o.warmup });
      if (endpoint === 'updateinstance') {
        diskSync = diskSyncMs(project.dir);
        o.log(
          `  disk: a durable 2.4 KB write p50 ${diskSync.p50_ms.toFixed(2)} ms, p90 ${diskSync.p90_ms.toFixed(2)} ms`,
        );
      }
      for (const c of o.connections) {
        if (endpoint === 'current_instance' && o.beside) (bare ??= {})[c] = await o.beside(c);
        const result = await drive(base, plansFor(endpoint, annotators, c, o.adminKey), {
          ...o.load,
          cpuMs: server.cpuMs,
        });
        endpoints[endpoint][c] = result;
        o.log(
          `  ${endpoint} ×${c}: ${Math.round(result.rps)} req/s, p50 ${result.p50_ms.toFixed(2)} ms, p99 ${result.p99_ms.toFixed(2)} ms, ${result.server_cpu_us?.toFixed(0)} µs CPU/req, RSS ${server.memory().rss_mb} MB${result.errors ? `, ${result.errors} errors ${JSON.stringify(result.statuses)}` : ''}`,
        );
      }
    }
    const agreementFresh =
      'na' in endpoints.agreement[o.connections[0]]
        ? { na: (endpoints.agreement[o.connections[0]] as { na: string }).na }
        : await freshAgreement(base, annotators[0], o.adminKey);
    o.log(`  after agreement: RSS ${server.memory().rss_mb} MB, peak ${server.memory().peak_rss_mb} MB`);
    const exported = await timeExport(base, o.adminKey);
    const memory = server.memory();
    return {
      size: project.size,
      annotations: project.annotations,
      startup_ms: server.startup_ms,
      rss_start_mb: rssStart,
      rss_end_mb: memory.rss_mb,
      peak_rss_mb: memory.peak_rss_mb,
      endpoints,
      export: exported,
      agreement_fresh_ms: agreementFresh,
      ...(bare ? { bare } : {}),
      ...(diskSync ? { disk_sync: diskSync } : {}),
    };
  } finally {
    await server.stop();
  }
}
