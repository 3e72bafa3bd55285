/**
 * CPU per request on the PostgreSQL store, a figure a busy machine disturbs far less than a rate:
 * `node --import tsx bench/postgres-cpu.ts [--size 1000] [--requests 500] [--processes 1] [--profile]`
 * copies a bench project into a fresh schema of a throwaway cluster (pg_stat_statements preloaded), serves it
 * with the built server, sends each of 8 annotators `--requests` durable updateinstance requests (after as many
 * to warm up), and prints per request: the server processes' CPU, the database's (every backend and background
 * process of the cluster, from /proc), commits, group commits (entries of the change log) and the statements
 * each was sent (pg_stat_statements: one call is one round trip), with the database's time executing and planning
 * each (and compiling it, JIT). `--profile` runs the server under --cpu-prof
 * and prints where its time went (bench/profile.ts's summary).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { drive, type ConnectionPlan } from './load.js';
import { Annotator, login, planOf } from './measure.js';
import { benchProject } from './projects.js';
import { copyIntoSchema } from './postgres.js';
import { summarize } from './profile.js';
import { buildServer, startFlags, startProcess, userSystemMsOf, type ServerProcess } from './server-process.js';
import { startPostgres } from '../test/helpers/postgres.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface ProcessCpu {
  /** pg_stat_activity's backend_type (client backend, walwriter, autovacuum worker, …), or postmaster */
  kind: string;
  user: number;
  system: number;
}

/** CPU ms so far (user, system) of the cluster's processes (the postmaster, its backends and workers), by pid. */
async function databaseCpu(client: pg.Client): Promise<Map<number, ProcessCpu>> {
  const { rows } = await client.query<{ pid: number; kind: string }>(
    'SELECT pid, backend_type AS kind FROM pg_stat_activity WHERE pid <> pg_backend_pid()',
  );
  const { rows: master } = await client.query<{ pid: number; kind: string }>(
    "SELECT (regexp_split_to_array(pg_read_file('postmaster.pid'), '\\n'))[1]::int AS pid, 'postmaster' AS kind",
  );
  const out = new Map<number, ProcessCpu>();
  for (const { pid, kind } of [...rows, ...master]) {
    const ms = userSystemMsOf(pid);
    if (ms !== null) out.set(pid, { kind, ...ms });
  }
  return out;
}

/** Cluster-wide counters: commits, the log's head, WAL written (records, full-page images, bytes), row updates. */
async function counters(client: pg.Client, schema: string) {
  const { rows } = await client.query<Record<string, string>>(
    `SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()) AS commits,
            (SELECT id FROM ${schema}.log_head) AS head,
            w.wal_records, w.wal_fpi, w.wal_bytes,
            (SELECT sum(n_tup_upd) FROM pg_stat_user_tables WHERE schemaname = $1) AS updates,
            (SELECT sum(n_tup_hot_upd) FROM pg_stat_user_tables WHERE schemaname = $1) AS hot
       FROM pg_stat_wal w`,
    [schema],
  );
  const n = (k: string) => Number(rows[0][k]);
  return {
    commits: n('commits'),
    head: n('head'),
    walRecords: n('wal_records'),
    walFpi: n('wal_fpi'),
    walBytes: n('wal_bytes'),
    updates: n('updates'),
    hot: n('hot'),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '1000' },
      requests: { type: 'string', default: '500' },
      connections: { type: 'string', default: '8' },
      processes: { type: 'string', default: '1' },
      profile: { type: 'boolean', default: false },
      // how the server reaches the cluster: its unix socket (a client on the database's machine) or TCP
      via: { type: 'string', default: 'tcp' },
      // the same burst on the journal store (one process, its data folder): the server's share both stores have
      store: { type: 'string', default: 'postgres' },
    },
  });
  const journal = values.store === 'journal';
  if (!journal && values.store !== 'postgres') throw new Error('--store is postgres or journal');
  if (values.via !== 'socket' && values.via !== 'tcp') throw new Error('--via is socket or tcp');
  const log = (m: string) => console.error(m);
  const cli = process.env.BENCH_CLI ? [...startFlags(ROOT), process.env.BENCH_CLI] : buildServer(ROOT, log);
  const work = mkdtempSync(join(tmpdir(), 'marginalia-pg-cpu-'));
  const project = await benchProject(
    {
      size: Number(values.size),
      annotatorsPerItem: 10,
      cacheDir: join(ROOT, 'node_modules', '.cache', 'marginalia-bench', 'projects'),
      log,
    },
    work,
  );
  const cluster = await startPostgres({
    shared_preload_libraries: 'pg_stat_statements',
    'pg_stat_statements.track_planning': 'on',
  });
  const servers: ServerProcess[] = [];
  const client = new pg.Client({ connectionString: cluster.url });
  try {
    const schema = `bench_${randomBytes(5).toString('hex')}`;
    const url = values.via === 'socket' ? cluster.socketUrl : cluster.url;
    await copyIntoSchema(project, url, schema);
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const profDir = join(work, 'prof');
    for (let i = 0; i < (journal ? 1 : Number(values.processes)); i++) {
      const dataDir = mkdtempSync(join(work, 'data-'));
      servers.push(
        await startProcess(
          [
            ...(values.profile ? ['--cpu-prof', '--cpu-prof-dir', profDir] : []),
            ...cli,
            ...['--config', project.configFile, '--port', '0'],
            ...(journal
              ? ['--data-dir', project.dataDir]
              : ['--data-dir', dataDir, '--database-url', `${url}${url.includes('?') ? '&' : '?'}schema=${schema}`]),
          ],
          { cwd: ROOT },
        ),
      );
    }
    const connections = Number(values.connections);
    const plans: ConnectionPlan[] = [];
    for (let i = 0; i < connections; i++) {
      const cookie = await login(servers[0].url, `cpu-${i + 1}`);
      await fetch(`${servers[0].url}/api/current_instance`, { headers: { cookie } });
      const a = new Annotator(cookie, project.ids, Math.floor((i * project.ids.length) / connections), i);
      plans.push(planOf('updateinstance', a, ''));
    }
    // connection i goes to process i mod n
    const byServer = servers.map((s, n) => ({ s, plans: plans.filter((_, i) => i % servers.length === n) }));
    const burst = () =>
      Promise.all(byServer.map(({ s, plans: p }) => drive(s.url, p, { amount: Number(values.requests) })));
    await burst();

    // the statistics collector publishes commits with a delay of up to a second: the warm-up's go in first
    await new Promise((r) => setTimeout(r, 1500));
    await client.query('SELECT pg_stat_statements_reset()');
    await client.query('SELECT pg_stat_clear_snapshot()');
    const serverBefore = servers.map((s) => userSystemMsOf(s.pid) ?? { user: 0, system: 0 });
    const dbBefore = await databaseCpu(client);
    const before = await counters(client, schema);
    const results = await burst();
    const serverAfter = servers.map((s) => userSystemMsOf(s.pid) ?? { user: 0, system: 0 });
    const serverSys = serverAfter.reduce((sum, a, i) => sum + a.system - serverBefore[i].system, 0);
    const serverMs = serverAfter.reduce((sum, a, i) => sum + a.user - serverBefore[i].user, 0) + serverSys;
    const requests = results.reduce((s, r) => s + r.requests, 0);
    const errors = results.reduce((s, r) => s + r.errors, 0);
    // a rate on a shared machine says little by itself, but beside the CPU it tells waiting from working
    const rate = `${Math.round(results.reduce((s, r) => s + r.rps, 0))} req/s, p50 ${Math.max(...results.map((r) => r.p50_ms)).toFixed(2)} ms`;
    const per = (n: number) => (n / requests).toFixed(3);
    /** the database's side of the burst, and the figures together */
    const reportDatabase = async () => {
      const dbAfter = await databaseCpu(client);
      // the statistics collector publishes commits with a delay of up to a second
      await new Promise((r) => setTimeout(r, 1500));
      await client.query('SELECT pg_stat_clear_snapshot()');
      const after = await counters(client, schema);
      let dbMs = 0;
      let dbSys = 0;
      const byKind = new Map<string, number>();
      for (const [pid, ms] of dbAfter) {
        const was = dbBefore.get(pid) ?? { user: 0, system: 0 };
        const used = ms.user - was.user + ms.system - was.system;
        dbMs += used;
        dbSys += ms.system - was.system;
        byKind.set(ms.kind, (byKind.get(ms.kind) ?? 0) + used);
      }
      const { rows: statements } = await client.query<{
        calls: string;
        query: string;
        exec_ms: number;
        plan_ms: number;
        jit_ms: number;
      }>(
        `SELECT calls, query, total_exec_time / calls AS exec_ms, total_plan_time / calls AS plan_ms,
                (jit_generation_time + jit_inlining_time + jit_optimization_time + jit_emission_time) / calls AS jit_ms
           FROM pg_stat_statements
          WHERE query NOT LIKE '%pg_stat%' AND query NOT LIKE '%pg_read_file%' AND query NOT LIKE '%xact_commit%'
          ORDER BY calls DESC`,
      );
      const groupCommits = after.head - before.head;
      const calls = statements.reduce((s, r) => s + Number(r.calls), 0);
      console.log(
        `updateinstance ×${connections} on ${servers.length} process(es), ${requests} requests, ${errors} errors, ${rate}\n` +
          `CPU per request: server ${per(serverMs)} ms, database ${per(dbMs)} ms, together ${per(serverMs + dbMs)} ms ` +
          `(in the kernel: server ${per(serverSys)} ms, database ${per(dbSys)} ms)\n` +
          `per request: ${per(calls)} statements (round trips), ${per(after.commits - before.commits)} commits; ` +
          `${groupCommits} group commits, ${(requests / Math.max(1, groupCommits)).toFixed(1)} requests each\n` +
          `per request: WAL ${per(after.walRecords - before.walRecords)} records, ` +
          `${per(after.walFpi - before.walFpi)} full-page images, ${per(after.walBytes - before.walBytes)} bytes; ` +
          `${per(after.updates - before.updates)} row updates, ${per(after.hot - before.hot)} of them HOT`,
      );
      const { rows: sizes } = await client.query<{ keys: string; bytes: string }>(
        `SELECT sum(cardinality(keys)) AS keys, sum(octet_length(vals::text)) AS bytes FROM ${schema}.changes WHERE id > $1`,
        [before.head],
      );
      const { rows: tables } = await client.query<{ tbl: string; n: string }>(
        `SELECT t AS tbl, count(*) AS n FROM ${schema}.changes, unnest(tbls) t WHERE id > $1 GROUP BY t ORDER BY 2 DESC`,
        [before.head],
      );
      const kinds = [...byKind].filter(([, ms]) => ms > 0).sort((x, y) => y[1] - x[1]);
      console.log(`database CPU per request by process: ${kinds.map(([k, ms]) => `${k} ${per(ms)}`).join(', ')}`);
      console.log(
        `per request: ${per(Number(sizes[0].keys))} rows written (${tables.map((t) => `${t.tbl} ${per(Number(t.n))}`).join(', ')}), ` +
          `${per(Number(sizes[0].bytes))} bytes of JSON`,
      );
      console.log('per request, then per call: executing, planning, of which JIT compiling (ms), the statement');
      for (const s of statements)
        console.log(
          `  ${per(Number(s.calls))}/req  ${[s.exec_ms, s.plan_ms, s.jit_ms].map((n) => n.toFixed(3)).join(' ')}  ` +
            s.query.replace(/\s+/g, ' ').slice(0, 90),
        );
    };
    if (journal)
      console.log(
        `updateinstance ×${connections} on the journal store, ${requests} requests, ${errors} errors, ${rate}\n` +
          `CPU per request: server ${per(serverMs)} ms (in the kernel ${per(serverSys)} ms)`,
      );
    else await reportDatabase();
    if (values.profile) {
      for (const s of servers) await s.stop();
      for (const file of readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')))
        console.log(`\n${summarize(join(profDir, file))}\n\nprofile: ${join(profDir, file)}`);
    }
  } finally {
    await client.end().catch(() => undefined);
    for (const s of servers) await s.stop();
    cluster.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
