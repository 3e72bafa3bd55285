/**
 * Background work done in slices of a few milliseconds with a turn of the event loop between, so a request waits
 * at most a slice behind it: one loop for the results derived again in the background (MACE's runs, active
 * learning's ranking).
 */

/** milliseconds of work per slice, between which requests are served */
const SLICE_MS = 4;

/** Calls `each(0..count-1)` in slices (reading the clock every 32 calls); false when stopped first. */
export async function sliceEach(count: number, each: (i: number) => void, stopped: () => boolean): Promise<boolean> {
  let i = 0;
  while (i < count) {
    if (stopped()) return false;
    const until = performance.now() + SLICE_MS;
    do each(i++);
    while (i < count && (i & 31 || performance.now() < until));
    if (i < count) await nextTurn();
  }
  return true;
}

/** Runs a generator to its end in slices, a step at a time; undefined when stopped first. */
export async function driveSteps<T>(steps: Generator<void, T>, stopped: () => boolean): Promise<T | undefined> {
  for (;;) {
    if (stopped()) return undefined;
    const until = performance.now() + SLICE_MS;
    let next = steps.next();
    while (!next.done && performance.now() < until) next = steps.next();
    if (next.done) return next.value;
    await nextTurn();
  }
}

/** Runs a generator to its end at once: the same result `driveSteps` gives, for callers that cannot wait. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  let next = steps.next();
  while (!next.done) next = steps.next();
  return next.value;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
