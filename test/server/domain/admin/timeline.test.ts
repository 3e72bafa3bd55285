import { describe, expect, it } from 'vitest';
import { buildTimeline } from '../../../../server/domain/admin/timeline.js';

const at = (iso: string): [number, number] => [Date.parse(iso), 1];

describe('buildTimeline', () => {
  it('counts cumulatively per hour, with empty hours carried forward', () => {
    const t = buildTimeline(
      [at('2026-11-22T10:05:00Z'), at('2026-11-22T10:40:00Z'), at('2026-11-22T12:10:00Z')],
      [at('2026-11-22T10:41:00Z')],
    );
    expect(t).toEqual({
      bucket: 'hour',
      points: [
        { time: '2026-11-22T10:00:00.000Z', annotations: 2, completed_items: 1 },
        { time: '2026-11-22T11:00:00.000Z', annotations: 2, completed_items: 1 },
        { time: '2026-11-22T12:00:00.000Z', annotations: 3, completed_items: 1 },
      ],
    });
  });

  it('switches to days for projects longer than two weeks, and is empty with no data', () => {
    const t = buildTimeline([at('2026-10-01T09:00:00Z'), at('2026-11-01T09:00:00Z')], []);
    expect(t.bucket).toBe('day');
    expect(t.points).toHaveLength(32);
    expect(t.points.at(-1)).toEqual({ time: '2026-11-01T00:00:00.000Z', annotations: 2, completed_items: 0 });
    expect(buildTimeline([], [])).toEqual({ bucket: 'hour', points: [] });
  });

  it("counts per minute in a project's first 90 minutes, so its first hour is readable", () => {
    const t = buildTimeline(
      [at('2026-11-22T10:05:10Z'), at('2026-11-22T10:05:50Z'), at('2026-11-22T10:08:00Z')],
      [at('2026-11-22T10:07:30Z')],
    );
    expect(t.bucket).toBe('minute');
    expect(t.points.map((p) => [p.time.slice(11, 16), p.annotations, p.completed_items])).toEqual([
      ['10:05', 2, 0],
      ['10:06', 2, 0],
      ['10:07', 2, 1],
      ['10:08', 3, 1],
    ]);
    expect(buildTimeline([at('2026-11-22T10:00:00Z'), at('2026-11-22T11:31:00Z')], []).bucket).toBe('hour');
  });
});
