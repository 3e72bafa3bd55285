/**
 * What a test file started (servers, browsers, temp folders), closed when that file ends.
 *
 * Helpers are called from inside `beforeAll` and tests, where Vitest's `afterAll` attaches to no suite that runs
 * (it never did, isolated or not: the worker's exit hid it). So helpers record their closers here and
 * `file-setup.ts`, a setup file that Vitest runs for every test file, closes them in its file-level `afterAll`,
 * newest first. Files sharing a worker (isolate: false) run one after another, so the list is one file's.
 */
const closers: (() => unknown)[] = [];

/** Runs `close` when the current test file ends (after its own `afterAll` hooks). */
export function afterFile(close: () => unknown): void {
  closers.push(close);
}

/** Closes everything recorded, newest first; every closer runs even if one fails, and the failures are thrown. */
export async function closeFileResources(): Promise<void> {
  const failures: unknown[] = [];
  for (let close = closers.pop(); close; close = closers.pop()) {
    try {
      await close();
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length) throw new AggregateError(failures, `${failures.length} closers failed after the file`);
}
