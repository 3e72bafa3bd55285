/** Typing summaries, their merge and the screening rules, on event streams written out by hand. */
import { describe, expect, it } from 'vitest';
import { summarizeTyping } from '../../../../server/domain/telemetry/typing.js';
import { mergeTyping } from '../../../../server/domain/telemetry/typing-merge.js';
import type { TypingEvent } from '../../../../server/domain/telemetry/typing-events.js';
import { screenTyping } from '../../../../server/domain/telemetry/typing-screen.js';

/** `n` letters typed from `start` at `pos`, every `gap(i)` ms. */
function typed(n: number, start: number, pos: number, gap: (i: number) => number): TypingEvent[] {
  const out: TypingEvent[] = [];
  let t = start;
  for (let i = 0; i < n; i++) {
    t += gap(i);
    out.push({ t_ms: t, input_type: 'insertText', key_class: 'letter', pos: pos + i, delta: 1 });
  }
  return out;
}

const focus: TypingEvent = { t_ms: 0, input_type: 'focus', key_class: 'unknown', pos: 0, delta: 0 };

describe('typing summary', () => {
  it('counts typed characters, deletions, pauses and rhythm from the events alone', () => {
    const events = [
      focus,
      ...typed(10, 0, 0, () => 200),
      { t_ms: 4500, input_type: 'deleteContentBackward', key_class: 'bksp', pos: 9, delta: -1 } as TypingEvent,
      ...typed(5, 4500, 9, () => 300),
    ];
    const s = summarizeTyping(events);
    expect(s).toMatchObject({
      keystrokes: 16,
      chars_typed: 15,
      chars_inserted: 15,
      chars_deleted: 1,
      final_chars: 14,
      backspaces: 1,
      paste_events: 0,
      silent_insert_chars: 0,
      wall_ms: 6000,
      first_keystroke_latency_ms: 200,
    });
    // ten 200 ms gaps... the pause of 2500 ms before the backspace counts at 500, 1000 and 2000 ms
    expect(s.pause_counts).toEqual({ '500': 1, '1000': 1, '2000': 1, '5000': 0, '10000': 0 });
    expect(s.iki_median_ms).toBe(200);
    expect(s.revision_ratio).toBeCloseTo(1 / 15, 4);
  });

  it('tells a paste from typing, and its source: the passage quoted is not external', () => {
    const paste = (source: TypingEvent['paste_source']): TypingEvent[] => [
      focus,
      { t_ms: 100, input_type: 'blur', key_class: 'unknown', pos: 0, delta: 0, blur_ms: 15_000 },
      { t_ms: 15_200, input_type: 'insertFromPaste', key_class: 'unknown', pos: 0, delta: 200, paste_source: source },
      ...typed(4, 15_200, 200, () => 150),
    ];
    const outside = summarizeTyping(paste('external'));
    expect(outside).toMatchObject({
      paste_events: 1,
      pasted_chars: 200,
      largest_paste_chars: 200,
      silent_insert_chars: 200,
      external_insert_chars: 200,
      max_blur_before_insert_ms: 15_000,
      external_insert_after_blur_chars: 200,
      blur_total_ms: 15_000,
      paste_sources: { external: 1 },
    });
    expect(outside.pasted_fraction).toBeCloseTo(200 / 204, 4);
    const quoted = summarizeTyping(paste('instance_text'));
    expect(quoted.external_insert_chars).toBe(0);
    expect(quoted.external_insert_after_blur_chars).toBe(0);
    expect(quoted.silent_insert_chars).toBe(200);
  });

  it('merges sessions on one field into one answer: counts add, the last length stands', () => {
    const one = summarizeTyping([focus, ...typed(30, 0, 0, () => 180)]);
    const two = summarizeTyping([focus, ...typed(20, 0, 30, () => 220)]);
    const merged = mergeTyping([one, two]);
    expect(merged).toMatchObject({ sessions: 2, keystrokes: 50, chars_typed: 50, final_chars: 50 });
    expect(merged.iki_median_ms).toBeCloseTo((180 * 30 + 220 * 20) / 50, 4);
    expect(mergeTyping([one])).toBe(one);
  });
});

describe('writing-process screening', () => {
  const pasted = (source: TypingEvent['paste_source']) =>
    summarizeTyping([
      focus,
      { t_ms: 100, input_type: 'blur', key_class: 'unknown', pos: 0, delta: 0, blur_ms: 16_000 },
      { t_ms: 16_100, input_type: 'insertFromPaste', key_class: 'unknown', pos: 0, delta: 287, paste_source: source },
      ...typed(5, 16_600, 287, () => 150),
    ]);

  it('flags a dominant outside paste after time away, each flag with its evidence', () => {
    const v = screenTyping(pasted('external'));
    expect(v.level).toBe('suspect');
    expect(v.flag_names).toEqual(['paste_dominant', 'silent_insertion', 'offscreen_composition']);
    expect(v.flags[2].evidence).toEqual({ blur_ms: 16_000, insert_chars: 287 });
  });

  it('does not flag quoting the passage, nor a plain typed answer', () => {
    expect(screenTyping(pasted('instance_text'))).toEqual({ level: 'ok', flag_names: [], flags: [] });
    const plain = summarizeTyping([focus, ...typed(60, 0, 0, (i) => 130 + (i % 7) * 25)]);
    expect(screenTyping(plain).level).toBe('ok');
  });

  it('reads metronomic typing without revision as transcription, and overrides move thresholds', () => {
    const even = summarizeTyping([focus, ...typed(120, 0, 0, (i) => 150 + (i % 2))]);
    const v = screenTyping(even);
    expect(v.flag_names).toEqual(['transcription_rhythm']);
    expect(v.level).toBe('review');
    expect(screenTyping(even, { 'transcription_rhythm.iki_log_cv': 0 }).flag_names).toEqual([]);
  });

  it('flags implausible speed over a long answer and input the browser says a script made', () => {
    const fast = summarizeTyping([focus, ...typed(200, 0, 0, (i) => 20 + (i % 5) * 20)]);
    expect(screenTyping(fast).flag_names).toContain('implausible_speed');
    const scripted = summarizeTyping([focus, { ...typed(1, 0, 0, () => 100)[0], untrusted: true }]);
    expect(screenTyping(scripted).flag_names).toEqual(['synthetic_input']);
  });

  it('leaves silent insertion alone on a soft keyboard', () => {
    const phone = summarizeTyping(
      [focus, { t_ms: 50, input_type: 'insertText', key_class: 'unknown', pos: 0, delta: 40 }],
      { virtualKeyboard: true },
    );
    expect(phone.external_insert_ratio).toBe(1);
    expect(screenTyping(phone).flag_names).toEqual([]);
  });
});
