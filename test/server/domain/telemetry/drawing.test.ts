/** Annotation telemetry: AI-accept latency paired from suggestion ids, pace of drawn answers, the screening rules. */
import { describe, expect, it } from 'vitest';
import {
  hasWork,
  mergeTelemetry,
  screenTelemetry,
  summarizeTelemetry,
  type TelemetryEvent,
} from '../../../../server/domain/telemetry/drawing.js';

const tool: TelemetryEvent = { t_ms: 0, action: 'tool', shape: 'unknown', value: 0 };

/** `n` suggestions, each accepted `latency` ms after it was shown, 600 ms apart. */
function accepts(n: number, latency: number, from = 500): TelemetryEvent[] {
  return Array.from({ length: n }, (_, i) => [
    { t_ms: from + i * 600, action: 'ai_suggest', shape: 'span', value: 0, suggestion_id: `s${i}` },
    { t_ms: from + i * 600 + latency, action: 'ai_accept', shape: 'span', value: 0, suggestion_id: `s${i}` },
  ]).flat() as TelemetryEvent[];
}

const drawn = (n: number, gap: number, from = 500): TelemetryEvent[] =>
  Array.from({ length: n }, (_, i) => ({ t_ms: from + i * gap, action: 'shape_add', shape: 'bbox', value: 4 }));

describe('annotation telemetry', () => {
  it('pairs accepts with their suggestions by id; an accept naming no shown suggestion has no latency', () => {
    const s = summarizeTelemetry(
      [tool, ...accepts(6, 150), { t_ms: 9000, action: 'ai_accept', shape: 'span', value: 0, suggestion_id: 'x' }],
      120_000,
    );
    expect(s).toMatchObject({ ai_suggested: 6, ai_accepted: 7, ai_accept_latency_median_ms: 150 });
    expect(s.ai_accept_latencies_ms).toHaveLength(6);
  });

  it('counts a shape committed right after an accept as the AI’s, not drawn', () => {
    const s = summarizeTelemetry(
      [
        tool,
        { t_ms: 100, action: 'ai_suggest', shape: 'bbox', value: 0, suggestion_id: 'a' },
        { t_ms: 3000, action: 'ai_accept', shape: 'bbox', value: 0, suggestion_id: 'a' },
        { t_ms: 3010, action: 'shape_add', shape: 'bbox', value: 4 },
        ...drawn(3, 4000, 8000),
      ],
      120_000,
    );
    expect(s).toMatchObject({ shapes_added: 4, shapes_from_ai: 1, shapes_drawn: 3, shape_interval_median_ms: 4000 });
  });

  it('splits time at the idle gap and tells a page view from work', () => {
    const s = summarizeTelemetry([tool, ...drawn(2, 200_000, 1000)], 120_000);
    expect(s).toMatchObject({ active_ms: 1000, idle_ms: 200_000 });
    expect(hasWork([tool])).toBe(false);
    expect(hasWork([tool, { t_ms: 5, action: 'zoom', shape: 'unknown', value: 400 }])).toBe(true);
  });

  it('flags rubber-stamping with its note, and never_zoomed only beside it', () => {
    const stamper = screenTelemetry(summarizeTelemetry([tool, ...accepts(8, 120)], 120_000));
    expect(stamper.flag_names).toEqual(['rubber_stamping', 'never_zoomed']);
    expect(stamper.level).toBe('suspect');
    expect(stamper.notes.rubber_stamping).toMatch(/not proof/);
    const careful = screenTelemetry(
      summarizeTelemetry(
        [tool, { t_ms: 100, action: 'zoom', shape: 'unknown', value: 400 }, ...drawn(4, 4000)],
        120_000,
      ),
    );
    expect(careful).toMatchObject({ level: 'ok', flag_names: [] });
    // slow accepts, or accepts mostly corrected afterwards, are review
    expect(screenTelemetry(summarizeTelemetry([tool, ...accepts(8, 2500)], 120_000)).flag_names).toEqual([]);
    const corrected = [...accepts(5, 100)];
    for (let i = 0; i < 5; i++) corrected.push({ t_ms: 5000 + i, action: 'shape_edit', shape: 'span', value: 0 });
    expect(screenTelemetry(summarizeTelemetry(corrected, 120_000)).flag_names).toEqual([]);
  });

  it('flags hasty drawing, and merged sessions pool their latencies', () => {
    const hasty = summarizeTelemetry(drawn(5, 300), 120_000);
    expect(screenTelemetry(hasty).flag_names).toEqual(['hasty', 'never_zoomed']);
    const a = summarizeTelemetry(accepts(3, 100), 120_000);
    const b = summarizeTelemetry(accepts(2, 100), 120_000);
    expect(screenTelemetry(a).flag_names).toEqual([]);
    const both = mergeTelemetry([a, b]);
    expect(both).toMatchObject({ sessions: 2, ai_accepted: 5, ai_accept_latency_median_ms: 100 });
    expect(screenTelemetry(both).flag_names).toContain('rubber_stamping');
  });
});
