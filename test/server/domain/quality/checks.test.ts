import { describe, expect, it } from 'vitest';
import { answerMatches, mixChecks, type CheckItem } from '../../../../server/domain/quality/checks.js';

const check = (id: string, kind: CheckItem['kind'] = 'attention_check'): CheckItem => ({
  kind,
  instance: { id, text: id, data: {} },
  expected: { s: 'a' },
});
const real = Array.from({ length: 7 }, (_, i) => `r${i + 1}`);

describe('mixChecks', () => {
  it('puts one check after every `frequency` real items, on top of them', () => {
    const mixed = mixChecks(real, [check('c1'), check('c2'), check('c3')], 3, 'alice');
    expect(mixed.filter((id) => id.startsWith('r'))).toEqual(real);
    expect(mixed).toHaveLength(9);
    expect(mixed[3]).toMatch(/^c/);
    expect(mixed[7]).toMatch(/^c/);
  });

  it('is stable per annotator, and differs between annotators', () => {
    const checks = Array.from({ length: 8 }, (_, i) => check(`c${i}`));
    const long = Array.from({ length: 16 }, (_, i) => `r${i}`);
    expect(mixChecks(long, checks, 2, 'alice')).toEqual(mixChecks(long, checks, 2, 'alice'));
    expect(mixChecks(long, checks, 2, 'alice')).not.toEqual(mixChecks(long, checks, 2, 'bob'));
  });

  it('counts only real items when a second kind of check is mixed in', () => {
    const once = mixChecks(real, [check('a1'), check('a2')], 2, 'x');
    const twice = mixChecks(once, [check('g1', 'gold_standard'), check('g2', 'gold_standard')], 2, 'x', (id) =>
      id.startsWith('r'),
    );
    expect(twice.filter((id) => id.startsWith('g'))).toHaveLength(2);
    expect(twice.indexOf('g1') < twice.indexOf('r3') || twice.indexOf('g2') < twice.indexOf('r3')).toBe(true);
  });

  it('leaves lists alone when there are no checks or no items', () => {
    expect(mixChecks(real, [], 2, 'x')).toEqual(real);
    expect(mixChecks([], [check('c')], 1, 'x')).toEqual([]);
  });
});

describe('answerMatches', () => {
  it('compares single labels and label sets', () => {
    expect(answerMatches({ s: 'a' }, { s: 'a' })).toBe(true);
    expect(answerMatches({ s: 'a' }, { s: 'b' })).toBe(false);
    expect(answerMatches({ s: 'a' }, {})).toBe(false);
    expect(answerMatches({ m: ['x', 'y'] }, { m: ['y', 'x'] })).toBe(true);
    expect(answerMatches({ m: ['x', 'y'] }, { m: ['x'] })).toBe(false);
    expect(answerMatches({ s: 'a', t: 'b' }, { s: 'a', t: 'c' })).toBe(false);
  });
});
