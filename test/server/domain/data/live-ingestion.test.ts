import { describe, expect, it } from 'vitest';
import { rewind } from '../../../../server/domain/data/live-cursor.js';

describe('rewind: a cursor moved back by overlap_seconds, written as the database writes it', () => {
  it('keeps the layout, fraction digits and offset of a date and time', () => {
    expect(rewind('2026-07-29T12:34:56.789012+00:00', 2)).toBe('2026-07-29T12:34:54.789012+00:00');
    expect(rewind('2026-01-01 00:00:01', 2)).toBe('2025-12-31 23:59:59');
    expect(rewind('2026-03-01T00:00:00.5Z', 0.75)).toBe('2026-02-28T23:59:59.7Z');
    expect(rewind('2026-07-29T00:00:00.000000001-05:00', 1)).toBe('2026-07-28T23:59:59.000000001-05:00');
  });

  it('moves a number back and gives up on other text', () => {
    expect(rewind(1000, 2.5)).toBe(997.5);
    expect(rewind('batch-7', 2)).toBeUndefined();
  });
});
