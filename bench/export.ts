/**
 * `node --import tsx bench/export.ts [--size 100000] [--annotators-per-item 1]`: times GET /admin/api/export in
 * each format on a generated project (the bench harness's own projects) over real HTTP, and samples the
 * server's memory while the export streams, to show that memory stays bounded (no whole-export buffering).
 * Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchProject } from './projects.js';
import { createServer, loadConfig } from '../server/index.js';

const { values } = parseArgs({
  options: { size: { type: 'string', default: '100000' }, 'annotators-per-item': { type: 'string', default: '1' } },
});
const size = Number(values.size);
const work = mkdtempSync(join(tmpdir(), 'marginalia-bench-export-'));
const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

const project = await benchProject(
  {
    size,
    annotatorsPerItem: Number(values['annotators-per-item']),
    cacheDir: join(tmpdir(), 'marginalia-bench-cache'),
    log: (m) => console.error(m),
  },
  work,
);
const server = await createServer({
  config: loadConfig(project.configFile),
  dataDir: project.dataDir,
  staticDir: null,
  logger: quiet,
  env: { ADMIN_API_KEY: 'bench-key' },
});
const url = await server.listen(0, '127.0.0.1');
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

console.log(`project: ${size} instances, ${server.services.annotations.totalAnnotations()} stored annotations`);
for (const format of ['jsonl', 'csv', 'conll', 'spacy']) {
  global.gc?.();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 20);
  const started = performance.now();
  const bytes = await new Promise<number>((resolve, reject) => {
    request(`${url}/admin/api/export?format=${format}`, { headers: { 'x-api-key': 'bench-key' } }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length)); // counted and dropped, as a download to disk would
      res.on('end', () => resolve(n));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(
    `${format.padEnd(6)} ${seconds.toFixed(2)} s  ${mb(bytes).padStart(7)} MB  heap +${mb(peakHeap - before.heapUsed)} MB (peak ${mb(peakHeap)} MB)  rss peak ${mb(peakRss)} MB`,
  );
}
await server.close();
rmSync(work, { recursive: true, force: true });
