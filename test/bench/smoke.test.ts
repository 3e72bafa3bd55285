/**
 * The benchmark harness works: `npm run bench -- --smoke` starts the real servers, drives every endpoint, and
 * writes a complete report. Nothing is timed here (CI must not time anything): only the report's shape and that
 * the requests it sent were answered are checked.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import type { LoadResult } from '../../bench/load.js';
import type { BenchReport, Figure } from '../../bench/report.js';

describe('npm run bench -- --smoke', () => {
  it('produces a well-formed report covering every endpoint, size and target', () => {
    const out = tempDir('marginalia-bench-out-');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--smoke', '--out', out], {
      encoding: 'utf8',
      timeout: 170_000,
    });
    expect(run.status, run.stderr).toBe(0);

    const files = readdirSync(out).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(1);
    const report = JSON.parse(readFileSync(join(out, files[0]), 'utf8')) as BenchReport;
    expect(report.machine.cpus).toBeGreaterThan(0);
    expect(report.runs).toHaveLength(1);
    expect(Object.keys(report.summary.bare)).toEqual(['1', '8']);
    expect(report.summary.bare['8'].rps).toBeGreaterThan(0);
    expect(report.summary.sizes.map((s) => s.size)).toEqual([20, 40]);
    // bare Node measured again beside each size, for that size's ratios
    report.runs[0].sizes.forEach((size, i) => {
      expect(Object.keys(size.bare ?? {}), `bare beside ${size.size}`).toEqual(['1', '8']);
      const ours = size.endpoints.current_instance['8'] as LoadResult;
      expect((report.summary.sizes[i].endpoints.current_instance['8'] as Figure).bare_ratio).toBeCloseTo(
        ours.rps / size.bare!['8'].rps,
        9,
      );
    });
    for (const size of report.summary.sizes) {
      expect(size.annotations).toBe(size.size * 2);
      expect(size.startup_ms).toBeGreaterThan(0);
      // the annotator endpoints exist from the start: they must have been measured, with every request answered
      for (const endpoint of ['current_instance', 'updateinstance', 'spans'] as const) {
        for (const c of ['1', '8']) {
          const figure = size.endpoints[endpoint][c];
          expect(figure, `${size.size} ${endpoint} ×${c}`).toMatchObject({ errors: 0 });
          if ('rps' in figure) {
            expect(figure.rps).toBeGreaterThan(0);
            expect(figure.p99_ms).toBeGreaterThanOrEqual(figure.p50_ms);
            expect(figure.bare_ratio).toBeGreaterThan(0);
          }
        }
      }
      // endpoints still being built are either measured or marked n/a, never missing
      for (const endpoint of ['overview', 'agreement'] as const) {
        for (const c of ['1', '8'])
          expect(size.endpoints[endpoint][c]).toSatisfy((f: object) => 'rps' in f || 'na' in f);
      }
    }
    // agreement is also timed right after a change (5 times), or marked n/a; the export is timed or marked n/a
    for (const size of report.runs[0].sizes) {
      expect(size.agreement_fresh_ms).toSatisfy(
        (f: unknown) => (Array.isArray(f) && f.length === 5) || (typeof f === 'object' && f !== null && 'na' in f),
      );
      expect(size.export).toSatisfy((f: object) => ('ms' in f && 'bytes' in f) || 'na' in f);
    }
    // a compaction of the largest project was timed, with the longest stall of the event loop during it
    expect(report.summary.compaction.size).toBe(40);
    expect(report.summary.compaction.longest_stall_ms).toBeGreaterThan(0);
    expect(run.stdout).toMatch(/compaction at 40 instances: .* longest event-loop stall/);
    // every submission of the smoke run was a real, durable change: 20 per connection at each count and size
    const run0 = report.runs[0].sizes[0].endpoints.updateinstance;
    expect(Object.values(run0).map((r) => ('requests' in r ? r.requests : -1))).toEqual([20, 160]);
    expect(report.targets.map((t) => t.goal)).toEqual([
      '≥ 8,000 req/s',
      '≥ 40 %',
      '< 5 ms',
      '≤ 1.2×',
      '≤ 2 s',
      '≤ 250 MB',
      '≤ 1 s',
      '≥ 1,000/s',
    ]);
    for (const t of report.targets) expect(['PASS', 'MISS', 'n/a']).toContain(t.status);
    // the table printed to the terminal carries the same targets
    expect(run.stdout).toContain('bare node:http (run start)');
    expect(run.stdout.match(/\b(PASS|MISS|n\/a)$/gm)?.length).toBeGreaterThanOrEqual(8);
  }, 180_000);
});
