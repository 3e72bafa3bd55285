import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = {
  annotation_type: 'range_slider',
  name: 'formal',
  min_value: 0,
  max_value: 100,
  step: 5,
  left_label: 'casual',
  right_label: 'stiff',
};
const ITEMS = [
  { id: 'r1', text: 'hey there' },
  { id: 'r2', text: 'Dear Sir' },
];

describe('range_slider', () => {
  it('loads with Potato defaults, answered under range_low and range_high', () => {
    const s = loadScheme(SCHEME);
    expect(s.labels).toEqual([{ name: 'range_low' }, { name: 'range_high' }]);
    expect(s).toMatchObject({ min: 0, max: 100, step: 5 });
    expect(s.extra).toMatchObject({
      default_low: 25,
      default_high: 75,
      show_values: true,
      left_label: 'casual',
      right_label: 'stiff',
    });
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ ...SCHEME, min_value: 100 })).toMatch(
      /\(formal\)\.max_value: 100 is not greater than min_value \(100\)/,
    );
    expect(refusal({ ...SCHEME, default_low: 80, default_high: 60 })).toMatch(
      /\(formal\)\.default_low: 80 is above default_high \(60\)/,
    );
    expect(refusal({ ...SCHEME, default_high: 120 })).toMatch(/\(formal\)\.default_high: 120 is outside 0\.\.100/);
    expect(refusal({ ...SCHEME, step: -1 })).toMatch(/annotation_schemes\[0\]\.step: /);
  });

  it('stores a range and reads it back; refuses half ranges and reversed ones; exports round-trip', async () => {
    const t = await serve([SCHEME], ITEMS);
    const range = { 'formal:range_low': '20', 'formal:range_high': '45' };
    expect((await submitAndRead(t, 'ann', 'r1', range)).annotations).toEqual(range);
    expect(await refusedAnswer(t, 'r1', { 'formal:range_low': '20' })).toBe(
      'annotations: scheme "formal": a range needs both range_low and range_high (range_high missing)',
    );
    expect(await refusedAnswer(t, 'r1', { 'formal:range_low': '60', 'formal:range_high': '40' })).toBe(
      'annotations: scheme "formal": range_low (60) is above range_high (40)',
    );
    expect(await refusedAnswer(t, 'r1', { 'formal:range_low': '-5', 'formal:range_high': '40' })).toBe(
      'annotations["formal:range_low"]: -5 is outside 0..100',
    );
    await submitAndRead(t, 'bob', 'r2', { 'formal:range_low': '70', 'formal:range_high': '70' });
    const lines = await jsonlRoundTrip(t, [SCHEME], ITEMS);
    expect(lines.map((l) => l.labels)).toEqual([
      { formal: { range_low: '20', range_high: '45' } },
      { formal: { range_low: '70', range_high: '70' } },
    ]);
    expect(await csvOf(t)).toContain('r2,bob,Dear Sir,"{""range_low"":""70"",""range_high"":""70""}"');
    await t.close();
  });
});
