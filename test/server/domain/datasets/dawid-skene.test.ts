/** Dawid–Skene consensus: it learns who is informative, so it can overrule a majority of uninformative voters. */
import { describe, expect, it } from 'vitest';
import { dawidSkene, type Observation } from '../../../../server/domain/datasets/dawid-skene.js';

describe('Dawid–Skene consensus', () => {
  it('overrules annotators who always give the same label, where the majority follows them', () => {
    // truth: items 0–5 are "x", 6–11 are "y"; a and b are always right, c, d and e always say "x"
    const obs: Observation[] = [];
    for (let i = 0; i < 12; i++) {
      const truth = i < 6 ? 'x' : 'y';
      obs.push(
        ['a', `i${i}`, truth],
        ['b', `i${i}`, truth],
        ['c', `i${i}`, 'x'],
        ['d', `i${i}`, 'x'],
        ['e', `i${i}`, 'x'],
      );
    }
    const result = dawidSkene(obs);
    for (let i = 0; i < 12; i++) expect([i, result.labels.get(`i${i}`)]).toEqual([i, i < 6 ? 'x' : 'y']);
    expect(result.confidence.get('i9')).toBeGreaterThan(0.9);
    // a's answers tell the class; c's do not (it says "x" whatever the item is)
    expect(result.reliability.get('a')).toBeGreaterThan(0.95);
    expect(result.reliability.get('c')).toBeLessThan(0.6);
  });

  it('agrees with a plain vote where everyone is equally careful, and handles a single answer', () => {
    const result = dawidSkene([
      ['a', 'one', 'p'],
      ['b', 'one', 'p'],
      ['c', 'one', 'q'],
      ['a', 'two', 'q'],
      ['b', 'two', 'q'],
      ['c', 'two', 'q'],
      ['a', 'three', 'p'],
    ]);
    expect(result.labels).toEqual(
      new Map([
        ['one', 'p'],
        ['two', 'q'],
        ['three', 'p'],
      ]),
    );
    expect(dawidSkene([['solo', 'only', 'z']]).labels.get('only')).toBe('z');
  });
});
