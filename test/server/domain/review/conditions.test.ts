/** The `when` grammar of routing rules, one operator at a time, over nested item data. */
import { describe, expect, it } from 'vitest';
import { allHold, holds } from '../../../../server/domain/review/conditions.js';

const data = {
  status: ' Error ',
  tags: ['Urgent', 'ui'],
  note: 'The Login page broke',
  metadata: { score: '0.25', count: 3, flag: null },
};

describe('routing conditions', () => {
  it('compares text without regard to case or spaces, and numbers written as text as numbers', () => {
    expect(holds({ field: 'status', operator: 'equals', value: 'error' }, data)).toBe(true);
    expect(holds({ field: 'status', operator: 'in', value: ['failed', 'ERROR'] }, data)).toBe(true);
    expect(holds({ field: 'status', operator: 'in', value: ['ok'] }, data)).toBe(false);
    expect(holds({ field: 'tags', operator: 'contains', value: 'urgent' }, data)).toBe(true);
    expect(holds({ field: 'note', operator: 'contains', value: 'login' }, data)).toBe(true);
    expect(holds({ field: 'metadata.score', operator: 'lt', value: 0.5 }, data)).toBe(true);
    expect(holds({ field: 'metadata.count', operator: 'gte', value: '3' }, data)).toBe(true);
    expect(holds({ field: 'metadata.count', operator: 'gt', value: 3 }, data)).toBe(false);
    expect(holds({ field: 'note', operator: 'lt', value: 5 }, data)).toBe(false);
  });

  it('treats a missing or null field as absent, and a path through a non-object as missing', () => {
    expect(holds({ field: 'metadata.flag', operator: 'exists', value: false }, data)).toBe(true);
    expect(holds({ field: 'metadata.count', operator: 'exists', value: true }, data)).toBe(true);
    expect(holds({ field: 'status.inner', operator: 'exists', value: true }, data)).toBe(false);
    expect(holds({ field: 'nope', operator: 'equals', value: 'x' }, data)).toBe(false);
    expect(allHold([], data)).toBe(true);
    expect(
      allHold(
        [
          { field: 'status', operator: 'equals', value: 'error' },
          { field: 'metadata.count', operator: 'lt', value: 2 },
        ],
        data,
      ),
    ).toBe(false);
  });
});
