/** display_logic rules: reading them (refusals name the key), Potato's operators, chains and cycles. */
import { describe, expect, it } from 'vitest';
import { checkRules, parseDisplayLogic } from '../../../../server/domain/display-logic/rules.js';
import { hiddenBy, holds, type Condition, type DisplayLogic } from '../../../../shared/display-logic.js';

const fail = (key: string, reason: string): never => {
  throw new Error(`${key}: ${reason}`);
};
const parse = (raw: unknown) => parseDisplayLogic(raw, fail);
const c = (operator: Condition['operator'], value?: Condition['value'], case_sensitive?: boolean): Condition => ({
  schema: 's',
  operator,
  ...(value !== undefined ? { value } : {}),
  ...(case_sensitive ? { case_sensitive } : {}),
});

describe('reading display_logic', () => {
  it("takes Potato's shape, logic defaulting to all", () => {
    expect(parse({ show_when: [{ schema: 'a', operator: 'equals', value: ['Yes', 'Maybe'] }] })).toEqual({
      logic: 'all',
      show_when: [{ schema: 'a', operator: 'equals', value: ['Yes', 'Maybe'] }],
    });
    expect(parse({ show_when: [{ schema: 'a', operator: 'empty' }], logic: 'any' }).logic).toBe('any');
  });

  it('refuses what it cannot act on, naming the key', () => {
    expect(() => parse({ show_when: [{ schema: 'a', operator: 'is', value: 1 }] })).toThrow(
      /^show_when\[0\]\.operator: "is" is not an operator; use one of equals, not_equals/,
    );
    expect(() => parse({ show_when: [] })).toThrow(/^show_when: give a list/);
    expect(() => parse({ show_when: [{ schema: 'a', operator: 'equals' }], logic: 'most' })).toThrow(
      /^logic: "most" is not all or any/,
    );
    expect(() => parse({ show_when: [{ operator: 'equals', value: 'x' }] })).toThrow(
      /^show_when\[0\]\.schema: name the scheme/,
    );
    expect(() => parse({ show_when: [{ schema: 'a', operator: 'equals' }] })).toThrow(
      /^show_when\[0\]\.value: equals takes a value/,
    );
    expect(() => parse({ show_when: [{ schema: 'a', operator: 'in_range', value: [5, 1] }] })).toThrow(
      /^show_when\[0\]\.value: the range's min 5 is above its max 1/,
    );
    expect(() => parse({ show_when: [{ schema: 'a', operator: 'gt', value: 'many' }] })).toThrow(
      /^show_when\[0\]\.value: gt takes a number/,
    );
    expect(() => parse({ show_when: [{ schema: 'a', operator: 'matches', value: '(' }] })).toThrow(
      /^show_when\[0\]\.value: not a regular expression/,
    );
    expect(() => parse({ show_when: [{ schema: 'a', operator: 'equals', value: 'x', negate: true }] })).toThrow(
      /^show_when\[0\]\.negate: unknown key/,
    );
    expect(() => parse({ when: [] })).toThrow(/^show_when/);
  });

  it('refuses conditions on unknown schemes and circular ones', () => {
    const rules = (entries: [string, string][]) =>
      new Map<string, DisplayLogic>(
        entries.map(([owner, on]) => [owner, { logic: 'all', show_when: [{ schema: on, operator: 'not_empty' }] }]),
      );
    const known = (n: string) => ['a', 'b', 'c'].includes(n);
    const check = (r: Map<string, DisplayLogic>) =>
      checkRules(r, known, (owner, key, reason) => fail(`${owner}.${key}`, reason));
    expect(() => check(rules([['b', 'zz']]))).toThrow('b.show_when[0].schema: no question is named "zz"');
    expect(() => check(rules([['b', 'b']]))).toThrow(
      'b.show_when[0].schema: a question cannot depend on its own answer',
    );
    expect(() =>
      check(
        rules([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
        ]),
      ),
    ).toThrow('a.show_when: circular conditions: a → b → c → a');
    expect(() =>
      check(
        rules([
          ['b', 'a'],
          ['c', 'b'],
        ]),
      ),
    ).not.toThrow();
  });
});

describe('operators', () => {
  it('equals and not_equals: case-insensitive unless asked, any of a list', () => {
    expect(holds(c('equals', 'yes'), 'Yes')).toBe(true);
    expect(holds(c('equals', 'yes', true), 'Yes')).toBe(false);
    expect(holds(c('equals', ['Fair', 'Poor']), 'Poor')).toBe(true);
    expect(holds(c('equals', 3), '3')).toBe(true);
    expect(holds(c('equals', 'a'), ['a', 'b'])).toBe(false);
    expect(holds(c('equals', 'a'), undefined)).toBe(false);
    expect(holds(c('not_equals', 'a'), undefined)).toBe(true);
    expect(holds(c('not_equals', 'a'), 'b')).toBe(true);
  });

  it('contains: a label among several, a part of a text', () => {
    expect(holds(c('contains', 'Other'), ['Name', 'Other'])).toBe(true);
    expect(holds(c('contains', 'Oth'), ['Name', 'Other'])).toBe(false);
    expect(holds(c('contains', 'spam'), 'this is SPAM')).toBe(true);
    expect(holds(c('contains', ['x', 'y']), ['y'])).toBe(true);
    expect(holds(c('not_contains', 'x'), ['y'])).toBe(true);
    expect(holds(c('not_contains', 'x'), undefined)).toBe(true);
  });

  it('matches, numbers, ranges, emptiness and lengths', () => {
    expect(holds(c('matches', 'error|bug'), 'A BUG here')).toBe(true);
    expect(holds(c('matches', 'error|bug', true), 'A BUG here')).toBe(false);
    expect(holds(c('gt', 5), '7')).toBe(true);
    expect(holds(c('gte', 7), '7')).toBe(true);
    expect(holds(c('lt', 5), '7')).toBe(false);
    expect(holds(c('lte', 5), undefined)).toBe(false);
    expect(holds(c('lt', 5), 'abc')).toBe(false);
    expect(holds(c('in_range', [1, 3]), '3')).toBe(true);
    expect(holds(c('in_range', [1, 3]), '3.5')).toBe(false);
    expect(holds(c('not_in_range', [1, 3]), '9')).toBe(true);
    expect(holds(c('empty'), undefined)).toBe(true);
    expect(holds(c('empty'), '  ')).toBe(true);
    expect(holds(c('not_empty'), ['a'])).toBe(true);
    expect(holds(c('length_gt', 5), 'abcdef')).toBe(true);
    expect(holds(c('length_lt', 5), 'abcdef')).toBe(false);
    expect(holds(c('length_in_range', [2, 4]), 'abc')).toBe(true);
  });
});

describe('visibility', () => {
  const rules = new Map<string, DisplayLogic>([
    ['types', { logic: 'all', show_when: [{ schema: 'pii', operator: 'equals', value: ['Yes', 'Uncertain'] }] }],
    ['other', { logic: 'all', show_when: [{ schema: 'types', operator: 'contains', value: 'Other' }] }],
    [
      'either',
      {
        logic: 'any',
        show_when: [
          { schema: 'pii', operator: 'equals', value: 'No' },
          { schema: 'score', operator: 'gte', value: 8 },
        ],
      },
    ],
  ]);

  it('hides what the answers do not call for, and a chain behind its hidden link', () => {
    const answers: Record<string, string | string[]> = { pii: 'Yes', types: ['Name', 'Other'] };
    expect([...hiddenBy(rules, (n) => answers[n])]).toEqual(['either']);
    answers.pii = 'No';
    // types is hidden, so other no longer sees its "Other" though it is still in the answers
    expect([...hiddenBy(rules, (n) => answers[n])].sort()).toEqual(['other', 'types']);
    expect([...hiddenBy(rules, (n) => ({ pii: 'Uncertain', score: '9' })[n])].sort()).toEqual(['other']);
  });
});
