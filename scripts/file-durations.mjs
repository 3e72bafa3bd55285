// Writes test/helpers/file-durations.json, the durations test/helpers/duration-sequencer.ts orders the test files
// by, from a run's timeline (`VITEST_TIMELINE=/tmp/t.json npx vitest run`, the whole suite, on a machine as quiet as
// it can be), and prints each worker's timeline: its files, busy seconds, and how long it idled at the end.
// Files the run did not include keep their old figure; files that no longer exist are dropped.
// Usage: node scripts/file-durations.mjs <timeline.json> [--dry-run]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [timelinePath, flag] = process.argv.slice(2);
if (!timelinePath) {
  console.error('usage: node scripts/file-durations.mjs <timeline.json> [--dry-run]');
  process.exit(2);
}
const root = new URL('..', import.meta.url).pathname;
const listPath = join(root, 'test/helpers/file-durations.json');
const rows = JSON.parse(readFileSync(timelinePath, 'utf8')).sort((a, b) => a.start - b.start);

// Each worker runs one file at a time: a file starting goes to the worker that has just ended one.
const t0 = Math.min(...rows.map((r) => r.start));
const tEnd = Math.max(...rows.map((r) => r.end));
const lanes = [];
for (const r of rows) {
  const free = lanes.filter((l) => l.end <= r.start + 50).sort((a, b) => b.end - a.end)[0];
  const lane = free ?? lanes[lanes.push({ end: 0, busy: 0, files: [] }) - 1];
  lane.end = r.end;
  lane.busy += r.end - r.start;
  lane.files.push(r);
}
const s = (ms) => (ms / 1000).toFixed(0);
console.log(
  `run: ${s(tEnd - t0)} s wall, ${rows.length} files, ${s(rows.reduce((a, r) => a + r.end - r.start, 0))} s summed`,
);
lanes.forEach((l, i) => {
  const last = l.files.at(-1);
  console.log(
    `worker ${i + 1}: ${l.files.length} files, busy ${s(l.busy)} s, ends at ${s(l.end - t0)} s (idle ${s(tEnd - l.end)} s at the end); last: ${last.key} ${s(last.end - last.start)} s`,
  );
});

const old = existsSync(listPath) ? JSON.parse(readFileSync(listPath, 'utf8')) : {};
const next = { ...old };
for (const r of rows) next[r.key] = Math.round((r.end - r.start) / 100) / 10;
const kept = Object.entries(next)
  .filter(([key]) => existsSync(join(root, key.slice(key.indexOf(':') + 1))))
  .sort(([a], [b]) => (a < b ? -1 : 1));
if (flag !== '--dry-run') {
  writeFileSync(listPath, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`);
  console.log(`${kept.length} files in test/helpers/file-durations.json`);
}
