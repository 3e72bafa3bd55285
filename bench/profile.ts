/**
 * Where the time goes: `node --import tsx bench/profile.ts --size 10000 --endpoint updateinstance [--seconds 5]`
 * starts the built server under `--cpu-prof` on a bench project, drives one endpoint at 8 connections, stops it
 * and prints the functions with the most self time and the heaviest call paths (the .cpuprofile file stays,
 * for Chrome's DevTools). With `--threads` it runs without the profiler and prints the CPU per request of the
 * server's main thread, its other threads and the load generator instead.
 */
import { readdirSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { drive } from './load.js';
import { Annotator, login, planOf, type Endpoint } from './measure.js';
import { benchProject } from './projects.js';
import { buildServer, startFlags, startProcess, threadCpuMs } from './server-process.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export function summarize(file: string, top = 25): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, n) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[n] ?? 0)));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const name = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules\/|build\/)/, '$1')}:${n.callFrame.lineNumber + 1}`;
  const fn = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, t] of self) {
    fn.set(name(byId.get(id)!), (fn.get(name(byId.get(id)!)) ?? 0) + t);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = name(byId.get(at)!);
      if (!seen.has(k)) inclusive.set(k, (inclusive.get(k) ?? 0) + t);
      seen.add(k);
    }
  }
  const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, t]) => `${pct(t)}  ${k}`)
      .join('\n');
  return `self time:\n${list(fn)}\n\ninclusive time:\n${list(inclusive)}`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '10000' },
      endpoint: { type: 'string', default: 'updateinstance' },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '8' },
      // CPU per request of each thread instead of a profile (the profiler itself costs the main thread CPU)
      threads: { type: 'boolean', default: false },
    },
  });
  const size = Number(values.size);
  const log = (m: string) => console.error(m);
  const cli = process.env.BENCH_CLI ? [...startFlags(ROOT), process.env.BENCH_CLI] : buildServer(ROOT, log);
  const work = mkdtempSync(join(tmpdir(), 'marginalia-profile-'));
  const project = await benchProject(
    {
      size,
      annotatorsPerItem: 10,
      cacheDir: join(ROOT, 'node_modules', '.cache', 'marginalia-bench', 'projects'),
      log,
    },
    work,
  );
  const profDir = join(work, 'prof');
  const profiling = values.threads ? [] : ['--cpu-prof', '--cpu-prof-dir', profDir];
  const server = await startProcess(
    [...profiling, ...cli, '--config', project.configFile, '--port', '0', '--data-dir', project.dataDir],
    { cwd: ROOT },
  );
  const connections = Number(values.connections);
  const annotators = [];
  for (let i = 0; i < connections; i++) annotators.push(await login(server.url, `prof-${i + 1}`));
  for (const cookie of annotators) await fetch(`${server.url}/api/current_instance`, { headers: { cookie } });
  const plans = annotators.map((cookie, lane) =>
    planOf(
      values.endpoint as Endpoint,
      new Annotator(cookie, project.ids, Math.floor((lane * project.ids.length) / connections), lane),
      'bench-admin-key-0123456789abcdef',
    ),
  );
  const threadsBefore = threadCpuMs(server.pid);
  const clientBefore = process.cpuUsage();
  const result = await drive(server.url, plans, { duration: Number(values.seconds), cpuMs: server.cpuMs });
  const client = process.cpuUsage(clientBefore);
  const threadsAfter = threadCpuMs(server.pid);
  console.log(
    `${values.endpoint} ×${connections} at ${size}: ${Math.round(result.rps)} req/s, p50 ${result.p50_ms.toFixed(2)} ms, p99 ${result.p99_ms.toFixed(2)} ms, ${result.server_cpu_us?.toFixed(0)} µs CPU/req, ${result.errors} errors`,
  );
  await server.stop();
  if (values.threads) {
    // µs of CPU per answered request: the server's main thread, its other threads (libuv's pool, V8's helpers)
    // together, and this process, the load generator, which shares the machine's cores with the server
    const perRequest = (ms: number) => ((ms * 1000) / result.requests).toFixed(0);
    let others = 0;
    for (const [tid, ms] of threadsAfter) if (tid !== server.pid) others += ms - (threadsBefore.get(tid) ?? 0);
    const main = (threadsAfter.get(server.pid) ?? 0) - (threadsBefore.get(server.pid) ?? 0);
    console.log(
      `CPU per request: server main thread ${perRequest(main)} µs, other server threads ${perRequest(others)} µs, load generator ${perRequest((client.user + client.system) / 1000)} µs`,
    );
    return;
  }
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  console.log(summarize(join(profDir, file)));
  console.log(`\nprofile: ${join(profDir, file)}`);
}

// run as a script, not when another bench script imports the summary
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
