import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const LIKERT = {
  annotation_type: 'confidence',
  name: 'sure',
  target_schema: 'mood',
  scale_points: 4,
  labels: ['Guess', 'Unsure', 'Sure'],
};
const SLIDER = { annotation_type: 'confidence', name: 'sure2', scale_type: 'slider', slider_min: 0, slider_max: 10 };
const MOOD = { annotation_type: 'radio', name: 'mood', labels: ['up', 'down'] };
const ITEMS = [
  { id: 'c1', text: 'fine' },
  { id: 'c2', text: 'meh' },
];

describe('confidence', () => {
  it('loads a likert scale of numbered points (texts padded to scale_points) or a slider', () => {
    const l = loadScheme(LIKERT);
    expect(l.labels.map((x) => x.name)).toEqual(['1', '2', '3', '4']);
    expect(l.extra).toMatchObject({
      point_labels: ['Guess', 'Unsure', 'Sure', 'Level 4'],
      scale_type: 'likert',
      target_schema: 'mood',
    });
    expect(loadScheme({ annotation_type: 'confidence', name: 'c' }).extra.point_labels).toEqual([
      'Guessing',
      'Somewhat confident',
      'Fairly confident',
      'Confident',
      'Certain',
    ]);
    expect(loadScheme(SLIDER)).toMatchObject({
      labels: [{ name: 'confidence_level' }],
      min: 0,
      max: 10,
      extra: { scale_type: 'slider', left_label: 'Not confident' },
    });
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ ...LIKERT, scale_type: 'stars' })).toMatch(/annotation_schemes\[0\]\.scale_type: /);
    expect(refusal({ ...LIKERT, scale_points: 1 })).toMatch(/annotation_schemes\[0\]\.scale_points: /);
    expect(refusal({ ...SLIDER, slider_max: 0 })).toMatch(
      /\(sure2\)\.slider_max: 0 is not greater than the minimum \(0\)/,
    );
  });

  it('stores a point or a value as Potato does and reads it back; refuses others; exports round-trip', async () => {
    const t = await serve([MOOD, LIKERT, SLIDER], ITEMS);
    const answer = { 'mood:up': 'true', 'sure:3': '3', 'sure2:confidence_level': '7' };
    expect((await submitAndRead(t, 'ann', 'c1', answer)).annotations).toEqual(answer);
    // a point ticked the way choices are is stored as its number
    expect((await submitAndRead(t, 'ann', 'c2', { 'sure:2': 'true' })).annotations).toEqual({ 'sure:2': '2' });
    expect(await refusedAnswer(t, 'c1', { 'sure:5': '5' })).toMatch(/scheme "sure" has no label "5"/);
    expect(await refusedAnswer(t, 'c1', { 'sure:1': '1', 'sure:2': '2' })).toMatch(
      /scheme "sure" is confidence and takes one label/,
    );
    expect(await refusedAnswer(t, 'c1', { 'sure2:confidence_level': '11' })).toBe(
      'annotations["sure2:confidence_level"]: 11 is outside 0..10',
    );
    await submitAndRead(t, 'bob', 'c1', { 'sure:4': '4', 'sure2:confidence_level': '9' });
    const lines = await jsonlRoundTrip(t, [MOOD, LIKERT, SLIDER], ITEMS);
    expect(lines.map((l) => l.labels)).toEqual([
      { mood: 'up', sure: '3', sure2: '7' },
      { sure: '4', sure2: '9' },
      { sure: '2' },
    ]);
    expect(await csvOf(t)).toContain('c1,bob,fine,,4,9,');
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.sure2).toMatchObject({
      level: 'interval',
      items_evaluated: 1,
    });
    await t.close();
  });
});
