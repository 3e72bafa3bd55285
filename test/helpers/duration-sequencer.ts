/**
 * The order Vitest's two workers take the test files in. Vitest's own order puts the projects in name order and,
 * without the results cache a fresh clone lacks, a project's files in the order found, so a long file could start
 * last and leave the other worker idle until it ends. Here a project's files go longest first by the durations last
 * measured (test/helpers/file-durations.json, `project:path` → seconds, written by scripts/file-durations.mjs; a file
 * not in it counts as its project's mean), and the projects go from the longest mean to the shortest, so the run
 * ends on short files and the workers end together. A project's files stay together: a worker keeps its loaded
 * modules only while the next file is of the same project (isolate: false), and starts afresh at each change.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** What the order needs of a file: its project and path. */
interface SpecLike {
  moduleId: string;
  project: { name: string; config: { root: string } };
}

const keyOf = (f: SpecLike) => `${f.project.name}:${relative(f.project.config.root, f.moduleId).replaceAll('\\', '/')}`;

export function orderByDuration<T extends SpecLike>(files: readonly T[], measured: Record<string, number>): T[] {
  const byProject = new Map<string, T[]>();
  for (const f of files) byProject.set(f.project.name, [...(byProject.get(f.project.name) ?? []), f]);
  const duration = new Map<T, number>();
  const mean = new Map<string, number>();
  for (const [project, specs] of byProject) {
    const known = specs.map((f) => measured[keyOf(f)]).filter((d): d is number => d !== undefined);
    const m = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
    for (const f of specs) duration.set(f, measured[keyOf(f)] ?? m);
    mean.set(project, m);
  }
  // ties by path, so the order is the same on every machine
  const byLength = (a: T, b: T) => duration.get(b)! - duration.get(a)! || (a.moduleId < b.moduleId ? -1 : 1);
  const projects = [...byProject.keys()].sort((a, b) => mean.get(b)! - mean.get(a)! || (a < b ? -1 : 1));
  return projects.flatMap((p) => byProject.get(p)!.sort(byLength));
}

const measured: Record<string, number> = JSON.parse(
  readFileSync(new URL('./file-durations.json', import.meta.url), 'utf8'),
);

export class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return orderByDuration(files, measured);
  }
}
