/** The page's display_logic evaluation gives what the server's gives, operator by operator, so both hide the same questions. */
import { describe, expect, test } from 'vitest';
import { hiddenBy as pageHidden, holds as pageHolds } from '../../renderer/src/shared/display-logic/display-logic.js';
import {
  hiddenBy,
  holds,
  OPERATORS,
  type Condition,
  type DisplayLogic,
} from '../../server/domain/display-logic/rules.js';
import { hiddenSchemes } from '../../renderer/src/features/annotate/conditional.js';
import type { Scheme } from '../../renderer/src/shared/api/types.js';

const VALUES: Record<string, Condition['value'][]> = {
  equals: ['Yes', ['yes', 'Maybe'], 3],
  not_equals: ['Yes', ['No', 'x']],
  contains: ['Other', 'ot', ['a', 'Other']],
  not_contains: ['Other'],
  matches: ['^o', 'err|bug'],
  gt: [2],
  gte: [3],
  lt: [3],
  lte: [2.5],
  in_range: [[1, 3]],
  not_in_range: [[1, 3]],
  empty: [undefined],
  not_empty: [undefined],
  length_gt: [3],
  length_lt: [5],
  length_in_range: [[2, 5]],
};
const ANSWERS = [undefined, '', 'Yes', 'yes', 'Other', 'other bug', '3', '2.5', '10', ['Other', 'Name'], ['a'], []];

describe('page and server agree', () => {
  test('on every operator over answers of each shape', () => {
    expect(Object.keys(VALUES).sort()).toEqual([...OPERATORS].sort());
    for (const operator of OPERATORS) {
      for (const value of VALUES[operator]) {
        for (const case_sensitive of [false, true]) {
          const c: Condition = { schema: 's', operator, ...(value !== undefined ? { value } : {}), case_sensitive };
          for (const answer of ANSWERS)
            expect(pageHolds(c, answer), `${operator} ${JSON.stringify(value)} on ${JSON.stringify(answer)}`).toBe(
              holds(c, answer),
            );
        }
      }
    }
  });

  test('on chains', () => {
    const rules = new Map<string, DisplayLogic>([
      ['b', { logic: 'all', show_when: [{ schema: 'a', operator: 'equals', value: 'Yes' }] }],
      [
        'c',
        {
          logic: 'any',
          show_when: [
            { schema: 'b', operator: 'not_empty' },
            { schema: 'a', operator: 'equals', value: 'Maybe' },
          ],
        },
      ],
    ]);
    for (const a of ['Yes', 'No', 'Maybe', undefined]) {
      const answers: Record<string, string | undefined> = { a, b: 'x' };
      expect([...pageHidden(rules, (n) => answers[n])].sort()).toEqual([...hiddenBy(rules, (n) => answers[n])].sort());
    }
  });

  test('the form reads a choice as its label names and a field as its value', () => {
    const schemes: Scheme[] = [
      { name: 'pick', annotation_type: 'multiselect', description: '', labels: [{ name: 'Other' }, { name: 'Name' }] },
      {
        name: 'note',
        annotation_type: 'text',
        description: '',
        labels: [{ name: 'text' }],
        display_logic: { logic: 'all', show_when: [{ schema: 'pick', operator: 'contains', value: 'Other' }] },
      },
      {
        name: 'more',
        annotation_type: 'text',
        description: '',
        labels: [{ name: 'text' }],
        display_logic: { logic: 'all', show_when: [{ schema: 'note', operator: 'length_gt', value: 3 }] },
      },
    ];
    expect([...hiddenSchemes(schemes, { labels: { pick: { Name: 'true' } }, spans: [] })].sort()).toEqual([
      'more',
      'note',
    ]);
    expect([
      ...hiddenSchemes(schemes, { labels: { pick: { Other: 'true' }, note: { text: 'long enough' } }, spans: [] }),
    ]).toEqual([]);
  });
});
