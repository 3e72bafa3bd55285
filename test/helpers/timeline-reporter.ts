/**
 * When VITEST_TIMELINE names a file, writes there when each test file started and ended in the run (wall clock, the
 * main process's view: from the worker taking the file to its end, so imports and hooks count), with its project.
 * `node scripts/file-durations.mjs <that file>` turns it into the durations the sequencer orders by and prints what
 * each worker did, which is how an idle worker at the end of the run shows.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface Row {
  key: string;
  start: number;
  end: number;
}

export class TimelineReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly rows: Row[] = [];
  constructor(private readonly out: string) {}

  onTestModuleQueued(m: TestModule): void {
    this.started.set(m.id, Date.now());
  }

  onTestModuleEnd(m: TestModule): void {
    const end = Date.now();
    const key = `${m.project.name}:${relative(m.project.config.root, m.moduleId).replaceAll('\\', '/')}`;
    this.rows.push({ key, start: this.started.get(m.id) ?? end, end });
  }

  onTestRunEnd(): void {
    writeFileSync(this.out, `${JSON.stringify(this.rows)}\n`);
  }
}
