/**
 * `--store postgres`: durable updateinstance on the PostgreSQL store, beside the journal figures of the same
 * run. The project of the smallest size is copied into a fresh schema as `npm run migrate-store` copies it, then
 * served by one server process and by two on that schema (each connection its own annotator; with two, half the
 * connections go to each). The database is the one `--database-url` names, else a throwaway cluster started
 * here on this machine (Debian's postgresql, as `npm run test:postgres` starts it), with its default
 * synchronous_commit: an acknowledged write is on the database's disk.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drive, type LoadOptions, type LoadResult } from './load.js';
import { Annotator, login, planOf } from './measure.js';
import type { BenchProject } from './projects.js';
import { startProcess, type ServerProcess } from './server-process.js';
import { JournalStore } from '../server/storage/journal-store.js';
import { PostgresStore } from '../server/storage/postgres/postgres-store.js';
import { migrateStore } from '../server/storage/migrate-store.js';
import { PACKED_TABLES } from '../server/index.js';
import { startPostgres, type Postgres } from '../test/helpers/postgres.js';

export interface PostgresRun {
  size: number;
  connections: number;
  /** one server process */
  one: LoadResult;
  /** two server processes, the rates and requests summed, latencies of the slower half */
  two: LoadResult;
  /** the database's CPU per request is not in server_cpu_us: it runs in its own processes */
  database: string;
}

export interface PostgresOptions {
  serverArgs: string[];
  root: string;
  connections: number;
  load: LoadOptions;
  warmup: number;
  log: (m: string) => void;
  /** an existing database to use instead of a throwaway cluster */
  databaseUrl?: string;
}

export async function copyIntoSchema(project: BenchProject, connectionString: string, schema: string): Promise<void> {
  const from = await JournalStore.open(project.dataDir, { packed: PACKED_TABLES });
  try {
    const open = () => PostgresStore.open({ connectionString, schema, packed: PACKED_TABLES, exclusive: true });
    await migrateStore(from, await open(), open);
  } finally {
    await from.close();
  }
}

export async function measurePostgres(project: BenchProject, o: PostgresOptions): Promise<PostgresRun> {
  let cluster: Postgres | undefined;
  if (!o.databaseUrl) {
    o.log('  starting a throwaway PostgreSQL cluster…');
    cluster = await startPostgres();
  }
  const url = o.databaseUrl ?? cluster!.url;
  const servers: ServerProcess[] = [];
  try {
    const schema = `bench_${randomBytes(5).toString('hex')}`;
    await copyIntoSchema(project, url, schema);
    const start = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'marginalia-bench-pg-'));
      const server = await startProcess(
        [
          ...o.serverArgs,
          '--config',
          project.configFile,
          '--port',
          '0',
          '--data-dir',
          dataDir,
          '--database-url',
          `${url}?schema=${schema}`,
        ],
        { cwd: o.root },
      );
      servers.push(server);
      return server;
    };
    const first = await start();
    const annotators: Annotator[] = [];
    for (let i = 0; i < o.connections; i++) {
      const cookie = await login(first.url, `bench-${String(i + 1).padStart(2, '0')}`);
      const visit = await fetch(`${first.url}/api/current_instance`, { headers: { cookie } });
      if (visit.status !== 200)
        throw new Error(`current_instance for bench-${i + 1}: ${visit.status} ${await visit.text()}`);
      annotators.push(new Annotator(cookie, project.ids, Math.floor((i * project.ids.length) / o.connections), i));
    }
    const plans = annotators.map((a) => planOf('updateinstance', a, ''));
    if (o.warmup > 0) await drive(first.url, plans, { duration: o.warmup });
    const one = await drive(first.url, plans, { ...o.load, cpuMs: first.cpuMs });
    o.log(
      `  postgres, one process: updateinstance ×${o.connections}: ${Math.round(one.rps)} req/s, p50 ${one.p50_ms.toFixed(2)} ms, p99 ${one.p99_ms.toFixed(2)} ms, ${one.server_cpu_us?.toFixed(0)} µs CPU/req${one.errors ? `, ${one.errors} errors ${JSON.stringify(one.statuses)}` : ''}`,
    );

    const second = await start();
    const half = Math.ceil(plans.length / 2);
    const split: [ServerProcess, typeof plans][] = [
      [first, plans.slice(0, half)],
      [second, plans.slice(half)],
    ];
    if (o.warmup > 0) await Promise.all(split.map(([s, p]) => drive(s.url, p, { duration: o.warmup })));
    const parts = await Promise.all(split.map(([s, p]) => drive(s.url, p, { ...o.load, cpuMs: s.cpuMs })));
    const two = combine(parts);
    o.log(
      `  postgres, two processes: updateinstance ×${o.connections}: ${Math.round(two.rps)} req/s, p50 ${two.p50_ms.toFixed(2)} ms, p99 ${two.p99_ms.toFixed(2)} ms, ${two.server_cpu_us?.toFixed(0)} µs CPU/req${two.errors ? `, ${two.errors} errors ${JSON.stringify(two.statuses)}` : ''}`,
    );
    return {
      size: project.size,
      connections: o.connections,
      one,
      two,
      database: o.databaseUrl ? 'given by --database-url' : 'a throwaway cluster on this machine',
    };
  } finally {
    for (const s of servers) await s.stop();
    cluster?.stop();
  }
}

/** Two processes' loads as one: requests and rates add up, the latencies are the worse of the two. */
function combine(parts: LoadResult[]): LoadResult {
  const statuses: Record<string, number> = {};
  for (const p of parts) for (const [k, v] of Object.entries(p.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  const requests = parts.reduce((s, p) => s + p.requests, 0);
  const cpu = parts.every((p) => p.server_cpu_us !== null)
    ? parts.reduce((s, p) => s + p.server_cpu_us! * p.requests, 0) / Math.max(1, requests)
    : null;
  return {
    connections: parts.reduce((s, p) => s + p.connections, 0),
    requests,
    errors: parts.reduce((s, p) => s + p.errors, 0),
    statuses,
    seconds: Math.max(...parts.map((p) => p.seconds)),
    rps: parts.reduce((s, p) => s + p.rps, 0),
    p50_ms: Math.max(...parts.map((p) => p.p50_ms)),
    p99_ms: Math.max(...parts.map((p) => p.p99_ms)),
    mean_ms: parts.reduce((s, p) => s + p.mean_ms * p.requests, 0) / Math.max(1, requests),
    server_cpu_us: cpu,
  };
}
