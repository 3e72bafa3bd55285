/**
 * CPU per durable submission of the write path alone: `node --import tsx bench/write-path.ts [--size 1000]
 * [--submissions 20000] [--runs 3]`. The server is created in this process on a bench project and eight
 * annotators submit through the annotation service (validation, hooks, indexes, the journal's append and its
 * sync) as fast as their writes complete, the bench's `updateinstance` bodies without HTTP; the figure is the
 * process's CPU time (every thread) over the submissions.
 *
 * Why it exists: under HTTP load on a shared machine the server's CPU per submission moves by half for the same
 * build minutes apart, since the disk's sync time sets the batch sizes and every batch costs a
 * thread-pool trip and a wake-up. Here the data folder is on tmpfs (/dev/shm where there is one), so a sync is
 * nearly free, and the same build reads within a few percent from run to run: A/B a change of the write path
 * with it, then confirm the rate with `npm run bench`.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer, loadConfig } from '../server/index.js';
import type { Submission } from '../server/domain/annotation/records.js';
import { Annotator } from './measure.js';
import { benchProject } from './projects.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LANES = 8;
const quiet = { info() {}, warn() {}, error() {}, debug() {} };

async function run(project: { dataDir: string; configFile: string; ids: string[] }, submissions: number) {
  const fast = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dataDir = mkdtempSync(join(fast, 'marginalia-write-path-'));
  cpSync(project.dataDir, dataDir, { recursive: true });
  const server = await createServer({
    config: loadConfig(project.configFile, {}),
    dataDir,
    logger: quiet,
    staticDir: null,
    env: {},
  });
  const { annotations } = server.services;
  const lanes = Array.from(
    { length: LANES },
    (_, lane) => new Annotator('', project.ids, Math.floor((lane * project.ids.length) / LANES), lane),
  );
  // each lane submits one after another, as a connection of the HTTP bench does; the lanes share the syncs
  const drive = (count: number) =>
    Promise.all(
      lanes.map(async (a, lane) => {
        for (let i = 0; i < count; i++)
          await annotations.submit(`bench-${lane + 1}`, JSON.parse(a.nextSubmission()) as Submission);
      }),
    );
  try {
    await drive(500); // warm-up: lists planned, code optimised
    const before = process.cpuUsage();
    const faults = process.resourceUsage().minorPageFault;
    const started = performance.now();
    await drive(Math.ceil(submissions / LANES));
    const cpu = process.cpuUsage(before);
    const n = Math.ceil(submissions / LANES) * LANES;
    return {
      user: cpu.user / n,
      system: cpu.system / n,
      rate: (n * 1000) / (performance.now() - started),
      faults: (process.resourceUsage().minorPageFault - faults) / n,
    };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '1000' },
      submissions: { type: 'string', default: '20000' },
      runs: { type: 'string', default: '3' },
    },
  });
  const work = mkdtempSync(join(tmpdir(), 'marginalia-write-path-'));
  try {
    const project = await benchProject(
      {
        size: Number(values.size),
        annotatorsPerItem: 10,
        cacheDir: join(ROOT, 'node_modules', '.cache', 'marginalia-bench', 'projects'),
        log: (m) => console.error(m),
      },
      work,
    );
    for (let r = 0; r < Number(values.runs); r++) {
      const { user, system, rate, faults } = await run(project, Number(values.submissions));
      console.log(
        `write path at ${values.size}: ${(user + system).toFixed(1)} µs CPU per submission (user ${user.toFixed(1)}, system ${system.toFixed(1)}), ${faults.toFixed(2)} page faults, ${Math.round(rate)}/s`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
