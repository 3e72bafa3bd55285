/** The annotate form reads its answers the way the server reads stored ones, then runs the shared display_logic. */
import { describe, expect, test } from 'vitest';
import { hiddenSchemes } from '../../renderer/src/features/annotate/conditional.js';
import type { Scheme } from '../../renderer/src/shared/api/types.js';

describe('the page hides conditional questions', () => {
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
