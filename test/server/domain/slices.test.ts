/** Background work in slices: it lets other work run between slices, and stops when told. */
import { describe, expect, it } from 'vitest';
import { driveSteps, sliceEach } from '../../../server/domain/slices.js';

/** holds the thread for `ms`, as a long piece of work would */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('slices', () => {
  it('calls each item once, in order, and lets a waiting callback run before the end', async () => {
    const seen: number[] = [];
    let servedAt = -1;
    setImmediate(() => (servedAt = seen.length));
    expect(
      await sliceEach(
        40,
        (i) => (seen.push(i), busy(1)),
        () => false,
      ),
    ).toBe(true);
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(servedAt).toBeGreaterThan(0);
    expect(servedAt).toBeLessThan(40);
  });

  it('stops between slices when told, saying so', async () => {
    let calls = 0;
    let stop = false;
    setImmediate(() => (stop = true));
    expect(
      await sliceEach(
        1000,
        () => (calls++, busy(1)),
        () => stop,
      ),
    ).toBe(false);
    expect(calls).toBeLessThan(1000);
  });

  it("runs a generator's steps to its value, or gives undefined when stopped", async () => {
    function* steps(n: number): Generator<void, string> {
      for (let i = 0; i < n; i++) {
        busy(1);
        yield;
      }
      return `done after ${n}`;
    }
    let served = false;
    setImmediate(() => (served = true));
    expect(await driveSteps(steps(30), () => false)).toBe('done after 30');
    expect(served).toBe(true);
    let stop = false;
    setImmediate(() => (stop = true));
    expect(await driveSteps(steps(1000), () => stop)).toBeUndefined();
  });
});
