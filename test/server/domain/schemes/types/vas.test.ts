import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = {
  annotation_type: 'vas',
  name: 'pain',
  description: 'How bad?',
  left_label: 'None',
  right_label: 'Worst',
  min_value: 0,
  max_value: 10,
  precision: 2,
};
const ITEMS = [
  { id: 'v1', text: 'a headache' },
  { id: 'v2', text: 'a broken leg' },
];

describe('vas', () => {
  it('loads, its value stored under the scheme name, the ends and precision passed on', () => {
    const s = loadScheme(SCHEME);
    expect(s.labels).toEqual([{ name: 'pain' }]);
    expect(s).toMatchObject({ min: 0, max: 10, step: 0.01 });
    expect(s.extra).toMatchObject({ left_label: 'None', right_label: 'Worst', show_value: false, precision: 2 });
    expect(loadScheme({ annotation_type: 'vas', name: 'x' })).toMatchObject({ min: 0, max: 100, step: 0.1 });
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ ...SCHEME, max_value: 0 })).toMatch(
      /annotation_schemes\[0\] \(pain\)\.max_value: 0 is not greater than min_value \(0\)/,
    );
    expect(refusal({ ...SCHEME, precision: 9 })).toMatch(/annotation_schemes\[0\]\.precision: /);
    expect(refusal({ ...SCHEME, labels: ['a'] })).toMatch(/\(pain\)\.labels: a vas scheme has no labels/);
  });

  it('stores a value and reads it back; refuses values off the line; exports round-trip', async () => {
    const t = await serve([SCHEME], ITEMS);
    expect((await submitAndRead(t, 'ann', 'v1', { 'pain:pain': '6.25' })).annotations).toEqual({ 'pain:pain': '6.25' });
    expect(await refusedAnswer(t, 'v1', { 'pain:pain': '11' })).toBe('annotations["pain:pain"]: 11 is outside 0..10');
    expect(await refusedAnswer(t, 'v1', { 'pain:pain': 'lots' })).toBe(
      'annotations["pain:pain"]: "lots" is not a number',
    );
    expect(await refusedAnswer(t, 'v1', { 'pain:value': '3' })).toMatch(/scheme "pain" has no label "value"/);
    await submitAndRead(t, 'bob', 'v1', { 'pain:pain': '7' });
    await submitAndRead(t, 'bob', 'v2', { 'pain:pain': '9.5' });
    const lines = await jsonlRoundTrip(t, [SCHEME], ITEMS);
    expect(lines.map((l) => l.labels)).toEqual([{ pain: '6.25' }, { pain: '7' }, { pain: '9.5' }]);
    expect(await csvOf(t)).toContain('v2,bob,a broken leg,9.5,');
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.pain).toMatchObject({
      level: 'interval',
      items_evaluated: 1,
    });
    await t.close();
  });
});
